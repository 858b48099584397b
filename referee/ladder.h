/*
 * Gathering results for `referee ladder`: every game log found under the
 * given paths is verified (signature, chain, draws, replay) and only logs
 * that hold are counted; a bad one is named and skipped.
 */
#ifndef ARENA_LADDER_H
#define ARENA_LADDER_H

#include <stdbool.h>
#include <stddef.h>

#include "ratings.h"

/* A log's identity: its game id and its signature, hex. */
struct ladder_log_id {
	char text[64 + 1 + 128 + 1];
};

/* Everything below is in an order that does not depend on the order the
 * logs were found in: entrants by name, games by game id then signature,
 * keys by their hex. */
struct ladder_data {
	int entrants;
	char **names;             /* by entrant number */
	struct rating_game *games;
	struct ladder_log_id *ids; /* of each game */
	size_t count, cap;
	int max_seats;            /* the largest table seen */
	char **keys;              /* distinct signing keys, hex */
	int key_count;
	int skipped;              /* logs that did not verify */
	int duplicates;           /* logs read again (same id): not counted */
};

/* Reads every log under `paths` (a log file, or a folder: its games/
 * subfolder when it has one, else its *.jsonl files; set-aside
 * "*.aborted-N.jsonl" logs are not results).  Bad logs are reported on
 * stderr and skipped; a log seen twice (the same game id and signature,
 * e.g. a folder given twice or a copied log) counts once.  -1 with err
 * when a path cannot be read at all. */
int ladder_collect(char *const *paths, int count,
		   const unsigned char *trusted_key, struct ladder_data *data,
		   char *err);
void ladder_free(struct ladder_data *data);

#endif
