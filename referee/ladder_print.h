/*
 * The ladder as `referee ladder` prints it (docs/LADDER.md), apart from
 * its verb so that its exact output can be tested: the table (ratings,
 * forfeits and reply times, the crosstable and the likelihood of
 * superiority), csv, json, or the crosstable alone.
 */
#ifndef ARENA_LADDER_PRINT_H
#define ARENA_LADDER_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "ladder_rank.h"

enum ladder_format { LADDER_TABLE, LADDER_CSV, LADDER_JSON, LADDER_CROSSTABLE };

/* Prints the ladder `rank` of `data` to `out` in `format`, the bots by
 * `names` (by entrant, made safe to print: visible.h); `trusted`: the
 * signatures were checked against a key the user gave. */
void ladder_print(FILE *out, const struct ladder_data *data, const struct ladder_rank *rank,
		  char *const *names, enum ladder_format format, bool trusted);

#endif
