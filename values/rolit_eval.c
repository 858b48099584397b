/*
 * rolit-search's evaluation (rolit_eval.h), with the weights of
 * rolit_weights.h.
 */
#include "rolit_eval.h"

#include "games/rolit.h"
#include "games/rolit_bitboard.h"
#include "rolit_weights.h"

struct rolit_eval_pos rolit_eval_pos_of(const void *state, int seat)
{
	signed char colours[ROLIT_SQUARES];
	struct rolit_eval_pos p = {0};

	arena_rolit_colours(state, seat, &p.size, colours);
	for (int r = 0; r < p.size; r++)
		for (int c = 0; c < p.size; c++) {
			uint64_t bit = 1ULL << (r * 8 + c);
			int colour = colours[r * p.size + c];

			/* 0 the seat's own, 2 the other seat's (red and green) */
			*(colour < 0 ? &p.empty : colour == 0 ? &p.own :
			  colour == 2 ? &p.other : &p.idle) |= bit;
		}
	return p;
}

void rolit_eval_corners(int size, uint64_t empty, uint64_t *corners,
			uint64_t *beside)
{
	int last = size - 1;

	*corners = *beside = 0;
	for (int k = 0; k < 4; k++) {
		int r = k & 1 ? last : 0, c = k & 2 ? last : 0;
		int dr = r ? -1 : 1, dc = c ? -1 : 1;
		uint64_t corner = 1ULL << (r * 8 + c);

		*corners |= corner;
		if (empty & corner)
			*beside |= 1ULL << ((r + dr) * 8 + c) |
				   1ULL << (r * 8 + c + dc) |
				   1ULL << ((r + dr) * 8 + c + dc);
	}
}

int rolit_eval_value(const struct rolit_eval_pos *p)
{
	uint64_t balls = p->own | p->other | p->idle, corners, beside;
	uint64_t open = arena_rolit_around(p->empty);

	rolit_eval_corners(p->size, p->empty, &corners, &beside);
	return ROLIT_WEIGHT_MOBILITY *
		       (__builtin_popcountll(arena_rolit_capturing(
				p->own, balls & ~p->own, p->empty)) -
			__builtin_popcountll(arena_rolit_capturing(
				p->other, balls & ~p->other, p->empty))) -
	       ROLIT_WEIGHT_FRONTIER * (__builtin_popcountll(p->own & open) -
					__builtin_popcountll(p->other & open)) +
	       ROLIT_WEIGHT_CORNER * (__builtin_popcountll(p->own & corners) -
				      __builtin_popcountll(p->other & corners)) -
	       ROLIT_WEIGHT_BESIDE * (__builtin_popcountll(p->own & beside) -
				      __builtin_popcountll(p->other & beside));
}

int rolit_eval_over(int diff)
{
	return ((diff > 0) - (diff < 0)) * ROLIT_EVAL_WIN + diff;
}
