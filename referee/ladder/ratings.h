/*
 * Maximum-likelihood Elo ratings of a field of bots from finished games,
 * the mathematics of `referee ladder` (docs/LADDER.md).  Every game is
 * split into pairs of sides by final rank (ties are draws; a team is one
 * side whose strength is the sum of its members' ratings), one logistic
 * model on the standard Elo scale (76% = +200.24) is fitted by Newton's
 * method, and the error bars are the sandwich variance grouped by game (by
 * duplicate set when games are in sets), so they stay calibrated when one
 * multiplayer game gives several pairs.  The
 * result does not depend on the order of the games.  Bots whose results
 * make the estimate infinite (a perfect or a zero score) get a one-sided
 * bound instead of a number; results in disconnected groups are rated
 * within each group only.  Pure functions: no I/O.
 */
#ifndef ARENA_RATINGS_H
#define ARENA_RATINGS_H

#include <stddef.h>

#include "base/ratings_types.h"

/* Rates `entrants` bots (numbered 0..entrants-1) from `count` games;
 * options may be NULL (no anchor, level 0).  -1 with a message in err
 * (ERR_LEN bytes) on a malformed game or an anchor without games.  A group
 * whose ratings do not exist (partners that never rotate, team results
 * that separate it) is left UNRATED with a note.  Free with
 * ratings_free. */
int ratings_compute(const struct rating_game *games, size_t count,
		    int entrants, const struct ratings_options *options,
		    struct ratings *out, char *err);
void ratings_free(struct ratings *ratings);

/* The ladder's order of the entrants into order[] (ratings_order.c): by
 * group (bots in no group last); inside a group the bots with a lower
 * bound, by bound, then the rated bots by rating, then the bots with an
 * upper bound, by bound, then the unrated.  Bots these numbers cannot
 * tell apart (equal bounds or ratings, the unrated) go by the `count`
 * games (those rated) among themselves: points, then head to head, then
 * names[] (byte order).  A bound is never compared with a rating. */
void ratings_order(const struct ratings *ratings, const struct rating_game *games,
		   size_t count, const char *const *names, int *order);

/* Likelihood of superiority: the probability that a is stronger than b,
 * Phi((Ra - Rb) / sqrt(var a + var b - 2 cov ab)); NAN unless both are
 * RATED in the same group. */
double ratings_los(const struct ratings *ratings, int a, int b);

#endif
