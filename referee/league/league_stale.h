/*
 * A version is its files (docs/LEAGUE.md, "A version is its files"): a
 * bot's files are hashed again before its version plays (when a run
 * begins, and before each set on the worker that plays it), and a
 * version whose files no longer hash to its register's hash is not
 * played: the run says so on stderr, leaves it out, and writes it in
 * DIR/changed.json, which `league status` and the server's pages read,
 * until the bot is added again (a new version of the files now there)
 * or its files are put back.  DIR/changed.json, written whole:
 *
 *   {"versions":[{"name":N,"version":K,"hash":H,"now":H2,"run":R},...]}
 *
 * (H the version's hash, H2 what its files hash to now, R the run that
 * found it).
 */
#ifndef ARENA_LEAGUE_STALE_H
#define ARENA_LEAGUE_STALE_H

#include <cjson/cJSON.h>
#include <sqlite3.h>
#include <stdbool.h>

#include "league/league_db.h"
#include "league/league_rate.h"

#define LEAGUE_CHANGED "changed.json"

/* Whether version `v`'s files hash to another hash than its own now
 * (files_command_hash() of its command and files, as `league add` hashed
 * them): true with that hash in `now`. */
bool league_stale_changed(const struct league_version *v, char now[65]);

/* Version `v` of the league `dir`, found changed (its files hash to
 * `now`) by run `run`: said on stderr and added to DIR/changed.json.
 * Never fails (a note that cannot be written is said so). */
void league_stale_found(const char *dir, const struct league_version *v, const char *now,
			long run);

/* The run's active versions (`count` of them, *active their indexes
 * among lr's versions, labels their NAME-vK, as league_opened_begin()
 * gives them) checked: those whose files changed are left out (said,
 * and DIR/changed.json written with them alone; the labels of those
 * freed).  The count kept, with err said when fewer than `players` are
 * left. */
int league_stale_keep(const char *dir, const struct league_rating *lr, long run, int *active,
		      char **labels, int count, int players, char *err);

/* What DIR/changed.json lists that the index `db` still plays: each
 * listed version that is its bot's newest and not retired, as the file
 * has it, with its "words" added (NULL: none). */
cJSON *league_stale_list(const char *dir, sqlite3 *db);

#endif
