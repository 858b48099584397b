/*
 * A bot's version entered into a league (docs/LEAGUE.md, "The verbs"):
 * its files described and hashed, the version of the same files found,
 * or else the next version of the name checked by its pre-flight
 * (`referee check-bot` with the league's game, players and options) and,
 * when it passes, written to the register, then to the index.  The one
 * way a bot enters a league: `referee league add` calls it, and the
 * server runs `league add --porcelain` for each upload.
 */
#ifndef ARENA_LEAGUE_ADD_H
#define ARENA_LEAGUE_ADD_H

#include <cjson/cJSON.h>
#include <sqlite3.h>
#include <stdbool.h>

#include "base/keys.h"
#include "league_folder.h"

enum league_add_result {
	LEAGUE_ADD_DONE,      /* found or added: out->version, out->added */
	LEAGUE_ADD_REFUSED,   /* its pre-flight failed: out->checklist */
	LEAGUE_ADD_ERROR,     /* not entered, why in err */
};

struct league_add {
	/* In: what signs the register's line, and the user whose upload
	 * the version is (NULL: the organiser's `league add`). */
	const struct referee_key *key;
	const char *owner;
	/* Out: */
	int version;          /* the version found or added (0: none yet) */
	bool added;           /* a new version entered */
	char *checklist;      /* refused: check-bot's report (free it) */
};

/* Enters version `v` (its name, command, dir, workdir and readable paths
 * set; its number and hash filled in here) of the league in `dir`; with
 * `only_new`, only a name the league has not.  A pre-flight's checklist
 * is kept in DIR/stderr/preflight-NAME-vK.txt. */
enum league_add_result league_add_version(const char *dir, const struct league_info *info,
					  sqlite3 *db, struct league_version *v,
					  bool only_new, struct league_add *out,
					  char *err);

#endif
