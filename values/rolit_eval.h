/*
 * rolit-search's evaluation of a two-player Rolit position
 * (docs/bots/rolit-search.md), on the rules library's bitboards
 * (games/rolit_bitboard.h): one piece for the bot's search
 * (bots/rolit_search_eval.c) and the grader's (values/estimate_search.h),
 * so that both weigh a position alike.  Led by mobility (the squares where
 * a seat captures: with compulsory capture, a seat with none must place a
 * ball that turns nothing) and frontier (balls beside an empty square,
 * open to capture), with corners (never captured) and the squares beside
 * an empty corner (which hand it over), each by rolit_weights.h.  The
 * ball count is left out: it made the bot weaker.
 */
#ifndef VALUES_ROLIT_EVAL_H
#define VALUES_ROLIT_EVAL_H

#include <stdint.h>

/* A position for one seat against the other: its balls, the other seat's,
 * the colours no seat plays (captured by either), the empty squares, and
 * the side of the board (4 to 8, in the corner A1 of the 64 bits). */
struct rolit_eval_pos {
	uint64_t own, other, idle, empty;
	int size;
};

/* The corners of a board of side `size`, and the squares beside those of
 * them still empty (some may lie off the board). */
void rolit_eval_corners(int size, uint64_t empty, uint64_t *corners,
			uint64_t *beside);

/* The weighing of `p` for the seat whose balls are p->own. */
int rolit_eval_value(const struct rolit_eval_pos *p);

#endif
