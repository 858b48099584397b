/*
 * The pentanomial counts of the ladder's 2-player duplicate sets: for each
 * pair of bots, how many of their sets the first scored 0, 1/4, 1/2, 3/4
 * and 1 of, as `referee sprt` counts its seat-swapped pairs.  The games of
 * a set share their dice, so the set's total, not each game, says which
 * bot played better (docs/LADDER.md).
 */
#ifndef ARENA_LADDER_PENTANOMIAL_H
#define ARENA_LADDER_PENTANOMIAL_H

#include "ladder.h"

struct ladder_pentanomial {
	int entrants;
	long sets;   /* the complete 2-player sets counted */
	long *counts; /* [(a * entrants + b) * 5 + i]: a's sets of i / 4
		       * points against b */
};

/* Counts the sets of `data` that are two games of the same two bots. */
void ladder_pentanomial_count(const struct ladder_data *data,
			      struct ladder_pentanomial *out);
void ladder_pentanomial_free(struct ladder_pentanomial *p);

/* a's 5 counts against b. */
const long *ladder_pentanomial_of(const struct ladder_pentanomial *p, int a,
				  int b);

#endif
