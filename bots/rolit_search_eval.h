/*
 * rolit-search's evaluation of a Rolit position of 2 players, for one
 * seat against the other, on bitboards: on a full board the outcome and
 * the ball difference; otherwise the values library's weighing
 * (values/rolit_eval.h: mobility, frontier, corners and the squares
 * beside an empty corner; docs/bots/rolit-search.md).
 */
#ifndef BOTS_ROLIT_SEARCH_EVAL_H
#define BOTS_ROLIT_SEARCH_EVAL_H

#include "rolit_bits.h"
#include "values/rolit_eval.h"

/* What a won game is worth on top of its ball difference (the values
 * library's, values/rolit_eval.h). */
#define ROLIT_SEARCH_EVAL_WIN ROLIT_EVAL_WIN

/* The value of `pos` (2 players) for `seat`: on a full board
 * ROLIT_SEARCH_EVAL_WIN, 0 or -ROLIT_SEARCH_EVAL_WIN as it wins, draws or
 * loses, plus its ball difference; otherwise the weighing above. */
int rolit_search_eval_value(const struct rolit_bits *pos, int seat);

#endif
