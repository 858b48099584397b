/*
 * Rolit's greedy rule (rolit_greedy.h), on the rules library's bitboards
 * (games/rolit_bitboard.h): a square's worth is a few shifts and
 * popcounts, no copy of the game.
 */
#include "rolit_greedy.h"

#include <stdbool.h>
#include <stdint.h>

#include "games/draws_fast.h"
#include "games/rolit_bitboard.h"
#include "values/rolit_eval.h"
#include "values/rolit_weights.h"


/* The position for the seat to move: its balls, the other seat's, the
 * colours no seat plays, the empty squares, and the board's corners and
 * the squares beside an empty one. */
struct greedy_pos {
	uint64_t own, other, idle, empty, corners, beside;
	int size;
};

/* The board's corners into p->corners, and the squares beside those
 * still empty into p->beside (rolit-search's, rolit_eval.h). */
static void greedy_corners(struct greedy_pos *p)
{
	rolit_eval_corners(p->size, p->empty, &p->corners, &p->beside);
}

static struct greedy_pos greedy_pos_of(const void *state, int seat)
{
	struct rolit_eval_pos e = rolit_eval_pos_of(state, seat);
	struct greedy_pos p = {.own = e.own, .other = e.other, .idle = e.idle,
			       .empty = e.empty, .size = e.size};

	greedy_corners(&p);
	return p;
}

/* The worth to the seat to move of a ball on `bit`. */
static int greedy_worth(const struct greedy_pos *p, uint64_t bit)
{
	uint64_t turned = arena_rolit_flips(bit, p->own, p->other | p->idle);
	uint64_t own = p->own | turned | bit, other = p->other & ~turned;
	uint64_t idle = p->idle & ~turned, empty = p->empty & ~bit;

	return ROLIT_WEIGHT_MOBILITY *
		       (__builtin_popcountll(arena_rolit_capturing(
				own, other | idle, empty)) -
			__builtin_popcountll(arena_rolit_capturing(
				other, own | idle, empty))) +
	       ROLIT_WEIGHT_CORNER * !!(bit & p->corners) -
	       ROLIT_WEIGHT_BESIDE * !!(bit & p->beside);
}

/* The square of `moves` (a non-empty set) the rule plays: the first of
 * the best, in the board's order (the rules' moves()'s). */
static uint64_t greedy_best(const struct greedy_pos *p, uint64_t moves)
{
	uint64_t pick = moves & -moves;
	int best = greedy_worth(p, pick);

	for (moves &= moves - 1; moves; moves &= moves - 1) {
		uint64_t bit = moves & -moves;
		int worth = greedy_worth(p, bit);

		if (worth > best) {
			best = worth;
			pick = bit;
		}
	}
	return pick;
}

/* The n-th square (from 0) of `set`, in the board's order. */
static uint64_t greedy_nth(uint64_t set, int n)
{
	while (n--)
		set &= set - 1;
	return set & -set;
}

/* The seat to move puts a ball on `bit`; the other seat is to move. */
static void greedy_play(struct greedy_pos *p, uint64_t bit)
{
	uint64_t turned = arena_rolit_flips(bit, p->own, p->other | p->idle);
	uint64_t own = p->own | turned | bit;

	p->own = p->other & ~turned;
	p->other = own;
	p->idle &= ~turned;
	p->empty &= ~bit;
	greedy_corners(p);
}

double rolit_greedy_playout(const void *state, int seat, int explore,
			    uint64_t *stream)
{
	struct greedy_pos p = greedy_pos_of(state, seat);
	bool mine = true;	/* p.own is `seat`'s */
	int diff;

	while (p.empty) {
		uint64_t moves = arena_rolit_legal(p.own, p.own | p.other | p.idle,
						   p.empty);
		uint64_t draw = arena_splitmix64(stream);

		if (!moves)	/* no square touches a ball: cannot go on */
			break;
		greedy_play(&p, draw % (uint64_t)explore == 0 ?
			greedy_nth(moves, (int)(draw / (uint64_t)explore %
				(uint64_t)__builtin_popcountll(moves))) :
			greedy_best(&p, moves));
		mine = !mine;
	}
	diff = __builtin_popcountll(p.own) - __builtin_popcountll(p.other);
	diff = mine ? diff : -diff;
	return diff > 0 ? 1 : diff < 0 ? 0 : 0.5;
}

int rolit_greedy_pick(const void *state, int seat, const int *moves, int n)
{
	struct greedy_pos p = greedy_pos_of(state, seat);
	int pick = 0, best = 0;

	for (int i = 0; i < n; i++) {
		/* a move is a square, row * size + column */
		int worth = greedy_worth(&p, 1ULL << (moves[i] / p.size * 8 +
						      moves[i] % p.size));

		if (i == 0 || worth > best) {
			best = worth;
			pick = i;
		}
	}
	return pick;
}
