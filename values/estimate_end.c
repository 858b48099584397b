/*
 * Rolit's end searched (estimate_end.h).  The search keeps one state a
 * ply in the room it is given, copies of the one above, so that it makes
 * no allocation; its values are seat 0's share, maximised by seat 0 and
 * minimised by seat 1.  Rolit's moves draw nothing: they are played
 * without draws.
 */
#include "estimate_end.h"

#include <stdlib.h>
#include <string.h>

void *estimate_end_room(const struct game_rules *rules)
{
	void *room = calloc(ESTIMATE_END_MOVES + 1, rules->state_size);

	if (!room)
		abort();
	return room;
}

/* The state of ply `ply` in the room. */
static void *ply_state(const struct game_rules *rules, void *room, int ply)
{
	return (char *)room + (size_t)ply * rules->state_size;
}

bool estimate_end_reached(const struct game_rules *rules, int players,
			  const void *state, void *room)
{
	int moves[GAME_MAX_MOVES], left = 0;
	void *copy = ply_state(rules, room, 0);

	if (rules->family != GAME_FAMILY_ROLIT || players != 2)
		return false;
	/* every line of play has as many moves as there are empty squares:
	 * count those of one */
	memcpy(copy, state, rules->state_size);
	for (; rules->to_move(copy) >= 0; left++) {
		if (left == ESTIMATE_END_MOVES)
			return false;
		rules->moves(copy, moves);
		rules->apply_move(copy, moves[0], NULL);
	}
	return true;
}

/* Seat 0's share at the state of ply `ply`, best play, within the window
 * (alpha, beta): below alpha or above beta, a bound that way. */
static double search(const struct game_rules *rules, void *room, int ply,
		     double alpha, double beta)
{
	void *state = ply_state(rules, room, ply);
	void *child = ply_state(rules, room, ply + 1);
	int moves[GAME_MAX_MOVES], seat = rules->to_move(state), n;
	double best;

	if (seat < 0) {
		double share[GAME_MAX_SEATS];

		estimate_result(rules, 2, state, share);
		return share[0];
	}
	n = rules->moves(state, moves);
	best = seat == 0 ? 0 : 1;
	for (int i = 0; i < n && alpha < beta; i++) {
		double v;

		memcpy(child, state, rules->state_size);
		rules->apply_move(child, moves[i], NULL);
		v = search(rules, room, ply + 1, alpha, beta);
		if (seat == 0 ? v > best : v < best)
			best = v;
		if (seat == 0 && best > alpha)
			alpha = best;
		else if (seat == 1 && best < beta)
			beta = best;
	}
	return best;
}

int estimate_end_actions(const struct game_rules *rules, const void *state,
			 void *room, struct estimate_action *out)
{
	int moves[GAME_MAX_MOVES], n = rules->moves(state, moves);

	for (int i = 0; i < n; i++) {
		void *after = ply_state(rules, room, 0);
		double share;

		memcpy(after, state, rules->state_size);
		rules->apply_move(after, moves[i], NULL);
		share = search(rules, room, 0, -1, 2);
		out[i] = (struct estimate_action){.move = moves[i], .exact = true};
		out[i].chance[0] = share;
		out[i].chance[1] = 1 - share;
	}
	return n;
}
