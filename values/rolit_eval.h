/*
 * rolit-search's evaluation of a two-player Rolit position
 * (docs/bots/rolit-search.md), on the rules library's bitboards
 * (games/rolit_bitboard.h), at the leaves of the house's one Rolit
 * search (rolit_search.h), so that the bot and the grader weigh a
 * position alike.  Led by mobility (the squares where
 * a seat captures: with compulsory capture, a seat with none must place a
 * ball that turns nothing) and frontier (balls beside an empty square,
 * open to capture), with corners (never captured) and the squares beside
 * an empty corner (which hand it over), each by rolit_weights.h.  The
 * ball count is left out: it made the bot weaker.
 */
#ifndef VALUES_ROLIT_EVAL_H
#define VALUES_ROLIT_EVAL_H

#include <stdint.h>

#include "games/rolit_bitboard.h"

/* A position for one seat against the other: its balls, the other seat's,
 * the colours no seat plays (captured by either), the empty squares, and
 * the side of the board (4 to 8, in the corner A1 of the 64 bits). */
struct rolit_eval_pos {
	uint64_t own, other, idle, empty;
	int size;
};

/* What a won game is worth on top of its ball difference: more than any
 * position short of the end can be worth. */
#define ROLIT_EVAL_WIN 10000

/* The position of the rules' state `state` (games/rolit.h, two players)
 * for `seat`. */
struct rolit_eval_pos rolit_eval_pos_of(const void *state, int seat);

/* The corners of a board of side `size`, and the squares beside those of
 * them still empty (some may lie off the board). */
void rolit_eval_corners(int size, uint64_t empty, uint64_t *corners,
			uint64_t *beside);

/* The weighing of `p` for the seat whose balls are p->own. */
int rolit_eval_value(const struct rolit_eval_pos *p);

/* The legal squares of the seat whose balls are p->own. */
static inline uint64_t rolit_eval_moves(const struct rolit_eval_pos *p)
{
	return arena_rolit_legal(p->own, p->own | p->other | p->idle, p->empty);
}

/* The position after the seat of p.own puts a ball on `bit`, for the
 * other seat (inline: the searches' hot path). */
static inline struct rolit_eval_pos rolit_eval_play(struct rolit_eval_pos p,
						    uint64_t bit)
{
	uint64_t turned = arena_rolit_flips(bit, p.own, p.other | p.idle);

	return (struct rolit_eval_pos){.own = p.other & ~turned,
				       .other = p.own | turned | bit,
				       .idle = p.idle & ~turned,
				       .empty = p.empty & ~bit, .size = p.size};
}

/* What a game over is worth to a seat with `diff` balls more than the
 * other: ROLIT_EVAL_WIN, 0 or -ROLIT_EVAL_WIN as it wins, draws or loses,
 * plus diff. */
int rolit_eval_over(int diff);

#endif
