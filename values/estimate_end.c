/*
 * Rolit's end searched (estimate_end.h), on bitboards: the rules
 * library's captures (games/rolit_bitboard.h), inline, some 40 times the
 * positions a second of playing the rules' own states (a copy, a move
 * list, a move a ply).  The search is a negamax over the outcome for the
 * seat to move (1 a win, 0 a draw, -1 a loss) in the window (-1, 1),
 * which tells the three apart exactly: an outcome of 1 or -1 is a bound
 * that no outcome passes.  Rolit's moves draw nothing, and with two
 * seats that play on (a forfeit ends a game of two) they alternate.
 */
#include "estimate_end.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/rolit_bitboard.h"
#include "estimate_search.h"
#include "rolit_eval.h"

/* From how many empty squares the moves are tried fewest replies first
 * (a reply that leaves the other seat few squares cuts soonest, and its
 * subtree is the smallest); below it, in the board's order. */
#define ESTIMATE_END_SORT 6

void *estimate_end_room(const struct game_rules *rules)
{
	void *room = calloc(1, rules->state_size);

	if (!room)
		abort();
	return room;
}

bool estimate_end_reached(const struct game_rules *rules, int players,
			  const void *state, void *room)
{
	return estimate_search_reached(rules, players, state, room) &&
	       __builtin_popcountll(rolit_eval_pos_of(
		       state, rules->to_move(state)).empty) <= ESTIMATE_END_MOVES;
}

/* The outcome for the seat to move on a full board. */
static int end_outcome(struct rolit_eval_pos p)
{
	int diff = __builtin_popcountll(p.own) - __builtin_popcountll(p.other);

	return (diff > 0) - (diff < 0);
}

/* The squares of `moves` into bits[], fewest replies first; how many. */
static int end_order(struct rolit_eval_pos p, uint64_t moves, uint64_t bits[64])
{
	int n = 0, replies[64];

	for (; moves; moves &= moves - 1) {
		uint64_t bit = moves & -moves;
		struct rolit_eval_pos next = rolit_eval_play(p, bit);
		int count = __builtin_popcountll(rolit_eval_moves(&next)), j;

		/* insertion: stable, and n is small */
		for (j = n++; j > 0 && replies[j - 1] > count; j--) {
			bits[j] = bits[j - 1];
			replies[j] = replies[j - 1];
		}
		bits[j] = bit;
		replies[j] = count;
	}
	return n;
}

/* The outcome for the seat to move under best play, within (alpha,
 * beta): at most alpha, a bound from above; at least beta, from below. */
static int end_search(struct rolit_eval_pos p, int alpha, int beta)
{
	uint64_t moves, bits[64];
	int best = -1, n = 0;

	if (!p.empty)
		return end_outcome(p);
	moves = rolit_eval_moves(&p);
	if (!moves)	/* no square touches a ball: the game cannot go on */
		return end_outcome(p);
	if (__builtin_popcountll(p.empty) >= ESTIMATE_END_SORT)
		n = end_order(p, moves, bits);
	else
		for (; moves; moves &= moves - 1)
			bits[n++] = moves & -moves;
	for (int i = 0; i < n && best < beta; i++) {
		int v = -end_search(rolit_eval_play(p, bits[i]), -beta, -alpha);

		if (v > best)
			best = v;
		if (best > alpha)
			alpha = best;
	}
	return best;
}

int estimate_end_actions(const struct game_rules *rules, const void *state,
			 void *room, struct estimate_action *out)
{
	int moves[GAME_MAX_MOVES], n = rules->moves(state, moves);
	int me = rules->to_move(state);

	for (int i = 0; i < n; i++) {
		/* the outcome for the other seat, to move after the action */
		double share;

		memcpy(room, state, rules->state_size);
		rules->apply_move(room, moves[i], NULL);
		share = (1 - end_search(rolit_eval_pos_of(room, 1 - me), -1, 1)) / 2.0;
		out[i] = (struct estimate_action){.move = moves[i], .exact = true};
		out[i].chance[me] = share;
		out[i].chance[1 - me] = 1 - share;
	}
	return n;
}
