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

#include "games/rolit.h"
#include "games/rolit_bitboard.h"

/* From how many empty squares the moves are tried fewest replies first
 * (a reply that leaves the other seat few squares cuts soonest, and its
 * subtree is the smallest); below it, in the board's order. */
#define ESTIMATE_END_SORT 6

/* A position: the balls of the seat to move, of the other seat, of the
 * colours no seat plays (captured by either), and the empty squares. */
struct end_pos {
	uint64_t own, other, idle, empty;
};

void *estimate_end_room(const struct game_rules *rules)
{
	void *room = calloc(1, rules->state_size);

	if (!room)
		abort();
	return room;
}

/* The position of `state` for `seat` to move. */
static struct end_pos end_pos_of(const void *state, int seat)
{
	signed char colours[ROLIT_SQUARES];
	struct end_pos p = {0};
	int size;

	arena_rolit_colours(state, seat, &size, colours);
	for (int r = 0; r < size; r++)
		for (int c = 0; c < size; c++) {
			uint64_t bit = 1ULL << (r * 8 + c);
			int colour = colours[r * size + c];

			/* 0 the seat's own, 2 the other seat's (red and green) */
			*(colour < 0 ? &p.empty : colour == 0 ? &p.own :
			  colour == 2 ? &p.other : &p.idle) |= bit;
		}
	return p;
}

bool estimate_end_solves(const struct game_rules *rules, int players)
{
	return rules->family == GAME_FAMILY_ROLIT && players == 2;
}

bool estimate_end_reached(const struct game_rules *rules, int players,
			  const void *state, void *room)
{
	int moves[GAME_MAX_MOVES], seat = rules->to_move(state), next;

	if (!estimate_end_solves(rules, players) || seat < 0 ||
	    __builtin_popcountll(end_pos_of(state, seat).empty) >
		    ESTIMATE_END_MOVES)
		return false;
	/* the seats alternate (none has forfeited) */
	memcpy(room, state, rules->state_size);
	rules->moves(room, moves);
	rules->apply_move(room, moves[0], NULL);
	next = rules->to_move(room);
	return next < 0 || next == 1 - seat;
}

/* The position after the seat to move puts a ball on `bit`, for the
 * other seat to move. */
static struct end_pos end_play(struct end_pos p, uint64_t bit)
{
	uint64_t turned = arena_rolit_flips(bit, p.own, p.other | p.idle);

	return (struct end_pos){.own = p.other & ~turned,
				.other = p.own | turned | bit,
				.idle = p.idle & ~turned,
				.empty = p.empty & ~bit};
}

static uint64_t end_moves(struct end_pos p)
{
	return arena_rolit_legal(p.own, p.own | p.other | p.idle, p.empty);
}

/* The outcome for the seat to move on a full board. */
static int end_outcome(struct end_pos p)
{
	int diff = __builtin_popcountll(p.own) - __builtin_popcountll(p.other);

	return (diff > 0) - (diff < 0);
}

/* The squares of `moves` into bits[], fewest replies first; how many. */
static int end_order(struct end_pos p, uint64_t moves, uint64_t bits[64])
{
	int n = 0, replies[64];

	for (; moves; moves &= moves - 1) {
		uint64_t bit = moves & -moves;
		int count = __builtin_popcountll(end_moves(end_play(p, bit))), j;

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
static int end_search(struct end_pos p, int alpha, int beta)
{
	uint64_t moves, bits[64];
	int best = -1, n = 0;

	if (!p.empty)
		return end_outcome(p);
	moves = end_moves(p);
	if (!moves)	/* no square touches a ball: the game cannot go on */
		return end_outcome(p);
	if (__builtin_popcountll(p.empty) >= ESTIMATE_END_SORT)
		n = end_order(p, moves, bits);
	else
		for (; moves; moves &= moves - 1)
			bits[n++] = moves & -moves;
	for (int i = 0; i < n && best < beta; i++) {
		int v = -end_search(end_play(p, bits[i]), -beta, -alpha);

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
		share = (1 - end_search(end_pos_of(room, 1 - me), -1, 1)) / 2.0;
		out[i] = (struct estimate_action){.move = moves[i], .exact = true};
		out[i].chance[me] = share;
		out[i].chance[1 - me] = 1 - share;
	}
	return n;
}
