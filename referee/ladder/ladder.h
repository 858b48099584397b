/*
 * Gathering results for `referee ladder` (docs/LADDER.md).  A tournament's
 * output folder is rated from its signed manifest, after the manifest's
 * chain and signature are checked and its folder is (verify_run.h):
 * every finished game's log present and nothing unlisted, and with
 * `verify` every log hashed and verified too.  Logs without a manifest
 * (from `play --out`) are each verified.  Everything rated must be one
 * game, signed by one key (the one given, else the first one met in the
 * order of the paths), and no game may count twice: the same run given
 * twice (known by its id), or the same log bytes twice (a log given alone
 * and in its run's folder; two runs never share a log, so manifests alone
 * need no such check).  Every problem is reported; the
 * caller rates nothing when there was one.  What is rated does not depend
 * on the order of the paths: entrants are in name order, and whatever
 * lists games (the PGN export) lists them in the order of their logs'
 * SHA-256.
 */
#ifndef ARENA_LADDER_H
#define ARENA_LADDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "base/game_figures.h"
#include "base/problems.h"
#include "base/reply_times.h"
#include "manifest/manifest_cut.h"
#include "ratings.h"

struct manifest_view;

struct ladder_options {
	const unsigned char *key; /* every manifest and log signed by it; NULL: by the first one's */
	bool verify;              /* hash and verify the logs of manifests too, */
	int jobs;                 /* on this many processes */
	bool in_order;            /* fill ladder_data's order */
	/* Rate a run that has not finished too: the games its unsigned
	 * manifest lists as finished (their logs verified against `key`,
	 * else the public key the run left in its folder). */
	bool provisional;
	/* Printed as json's "luck_adjusted" member beside the ladder
	 * (`ladder --luck-adjusted`), or NULL. */
	const cJSON *luck_adjusted;
};

struct ladder_data {
	int entrants;
	char **names;             /* by entrant number, in name order */
	struct rating_game *games;       /* as they were read */
	struct game_figures *stats; /* of each game */
	uint32_t *sets;                  /* of each game: its duplicate set,
					  * numbered from 1; 0: none */
	uint32_t set_count;              /* the numbers given so far */
	uint32_t *order;                 /* with in_order: the games in the
					  * order of their logs' SHA-256 */
	struct reply_clocks *replies;    /* of each entrant */
	int *buchholz;                   /* of each entrant, in half points:
					  * its Swiss opponents' scores */
	bool swiss;                      /* a Swiss run is rated: the table
					  * shows the Buchholz */
	cJSON *swiss_standings;          /* an array: each Swiss run's
					  * standings (swiss_standings.h) */
	struct forfeit_reasons reasons;
	size_t count, cap;
	int max_seats;            /* the largest table seen */
	char key_hex[65];         /* the key everything is signed with */
	char game[32];            /* the game everything is */
	char *first;              /* the path that set key_hex and game */
	char **events;            /* the names of the tournaments rated */
	int event_count;
	/* With provisional: the runs not finished that were rated, the
	 * first one's manifest, and how many of the games are theirs. */
	int unfinished_runs;
	char *unfinished;
	size_t unfinished_games;
	/* The first manifest of a sharded Swiss run of which not every
	 * shard was given (its pairings not checked), or NULL. */
	char *swiss_part;
	/* What a stop cut and a resumed run dealt again, in the runs rated
	 * (their "aborted" records; those logs are not rated). */
	struct manifest_cut cut;
	/* The games of the runs rated that --skip-broken left out. */
	long left_out;
	const cJSON *luck_adjusted;      /* ladder_options' */
};

/* The duplicate sets of logs given to the ladder without their manifest
 * (`referee play --duplicate` writes only logs): the header's "set" "id"
 * names a log's set, and the ladder numbers each id it meets, as it
 * numbers a manifest's sets, so that the error bars of these games are
 * grouped by set too (ratings.h); the luck-adjusted ladder numbers them
 * so too (grade_ladder.h). */
struct ladder_sets {
	char **ids;
	uint32_t *numbers;
	size_t count;
};

/* The number of the set that the log header `header` names, the next of
 * *set_count (ladder_data's, counted on) on the id's first
 * sight; 0 for a log of no set. */
uint32_t ladder_sets_number(struct ladder_sets *sets, uint32_t *set_count,
			    const cJSON *header);
void ladder_sets_free(struct ladder_sets *sets);

/* Reads every path: an output folder (its run.jsonl or manifest.jsonl, else its
 * games/ subfolder's or its own *.jsonl logs), a manifest file, or a log.
 * Set-aside "*.aborted-N.jsonl" logs are not results.  An unsigned
 * manifest is a problem unless options->provisional says to rate it. */
void ladder_collect(char *const *paths, int count,
		    const struct ladder_options *options,
		    struct ladder_data *data, struct problems *problems);
/* The same for one run whose manifest at `path` the caller has read
 * whole (manifest_read with MANIFEST_RUNNING and MANIFEST_KEEP_HASHES),
 * so that it is not read and checked twice. */
void ladder_collect_run(const char *path, struct manifest_view *view,
			const struct ladder_options *options,
			struct ladder_data *data, struct problems *problems);
void ladder_free(struct ladder_data *data);

/* The ladder's numbers of `count` entrants by their names (each its
 * own): number[e] is e's place in the names' byte order, so that the
 * ratings do not depend on the order in which the bots came. */
void ladder_number_by_name(char *const *names, int count, int *number);

/* How a bot stands: "rated", "above", "below" or "unrated". */
const char *ladder_status_word(enum ratings_status status);

/* A bot's rating as the ladder shows it, into buf: "+42.0", a bound
 * ("> +412.0", "< -80.5") or "unrated". */
void ladder_elo_text(const struct ratings_entry *e, char *buf, size_t len);

#endif
