/*
 * `referee ladder --format pgn`: two-player results as PGN tag pairs, for
 * other rating tools (Ordo, BayesElo) to cross-check the ladder with.
 */
#ifndef ARENA_LADDER_PGN_H
#define ARENA_LADDER_PGN_H

#include <stdio.h>

#include "ladder.h"

/* Prints the games of `data` (collected in_order) to `out` as PGN, seat 0
 * as White, the bots by `names` (by entrant, made safe to print:
 * visible.h); 0, or -1 with err when the logs hold games of more than two
 * players. */
int ladder_pgn_print(FILE *out, const struct ladder_data *data, char *const *names,
		     char *err);

#endif
