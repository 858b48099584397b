/*
 * rolit-search's evaluation of a Rolit position for one seat: on a full
 * board the exact ball difference against the best opponent, otherwise a
 * weighing of corners, the squares next to empty corners, edges, balls
 * anchored to an own corner (stable), frontier balls (next to an empty
 * square, so open to capture) and the ball count, which weighs more as
 * the board fills.
 */
#ifndef ARENA_ROLIT_SEARCH_EVAL_H
#define ARENA_ROLIT_SEARCH_EVAL_H

#include "rolit_search_pos.h"

/* What one ball of difference is worth on a full board: more than any
 * position short of the end can be worth. */
#define REVAL_BALL 10000

/* The value of `pos` for `seat`: its own weight less the best weight of
 * the seats still playing against it (or REVAL_BALL times the ball
 * difference on a full board). */
int reval_value(const struct rpos *pos, int seat);

#endif
