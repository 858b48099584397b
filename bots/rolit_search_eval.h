/*
 * rolit-search's evaluation of a Rolit position for one seat: on a full
 * board the exact ball difference against the best opponent, otherwise a
 * weighing of corners, the squares next to empty corners, edges, balls
 * anchored to an own corner (stable), frontier balls (next to an empty
 * square, so open to capture) and the ball count, which weighs more as
 * the board fills.
 */
#ifndef BOTS_ROLIT_SEARCH_EVAL_H
#define BOTS_ROLIT_SEARCH_EVAL_H

#include "rolit_search_pos.h"

/* What one ball of difference is worth on a full board: more than any
 * position short of the end can be worth. */
#define ROLIT_SEARCH_EVAL_BALL 10000

/* The value of `pos` for `seat`: its own weight less the best weight of
 * the seats still playing against it (or ROLIT_SEARCH_EVAL_BALL times the ball
 * difference on a full board). */
int rolit_search_eval_value(const struct rolit_search_pos *pos, int seat);

#endif
