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

struct ladder_data {
	int entrants;
	char **names;             /* by entrant number */
	struct rating_game *games;
	size_t count, cap;
	int max_seats;            /* the largest table seen */
	char **keys;              /* distinct signing keys, hex */
	int key_count;
	int skipped;              /* logs that did not verify */
};

/* Reads every log under `paths` (a log file, or a folder: its games/
 * subfolder when it has one, else its *.jsonl files; set-aside
 * "*.aborted-N.jsonl" logs are not results).  Bad logs are reported on
 * stderr and skipped.  -1 with err when a path cannot be read at all. */
int ladder_collect(char *const *paths, int count,
		   const unsigned char *trusted_key, struct ladder_data *data,
		   char *err);
void ladder_free(struct ladder_data *data);

#endif
