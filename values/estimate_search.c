/*
 * Two-player Rolit's middle game valued for the estimates
 * (estimate_search.h) by the house's one Rolit search (rolit_search.h),
 * with no table: a position's value is the same whoever asks and in
 * whatever order, so the grade of a log never changes.
 */
#include "estimate_search.h"

#include "rolit_search.h"

#include <math.h>
#include <string.h>

bool estimate_search_values(const struct game_rules *rules, int players)
{
	return rules->family == GAME_FAMILY_ROLIT && players == 2;
}

bool estimate_search_reached(const struct game_rules *rules, int players,
			     const void *state, void *room)
{
	int moves[GAME_MAX_MOVES], seat = rules->to_move(state), next;

	if (!estimate_search_values(rules, players) || seat < 0)
		return false;
	/* the seats alternate (none has forfeited) */
	memcpy(room, state, rules->state_size);
	rules->moves(room, moves);
	rules->apply_move(room, moves[0], NULL);
	next = rules->to_move(room);
	return next < 0 || next == 1 - seat;
}

double estimate_search_chance(int score, double scale)
{
	if (score >= ROLIT_EVAL_WIN / 2 || score <= -ROLIT_EVAL_WIN / 2)
		return score > 0;	/* the game is over, won or lost */
	return 1 / (1 + exp(-score / scale));
}

/* f of `p`: the chance of the seat of p.own. */
static double search_value(struct rolit_eval_pos p)
{
	return estimate_search_chance(
		rolit_search_score(p, ESTIMATE_SEARCH_DEPTH),
		ESTIMATE_SEARCH_SCALE);
}

int estimate_search_actions(const struct game_rules *rules, const void *state,
			    struct estimate_action *out)
{
	int moves[GAME_MAX_MOVES], n = rules->moves(state, moves);
	int me = rules->to_move(state);
	struct rolit_eval_pos p = rolit_eval_pos_of(state, me);

	for (int i = 0; i < n; i++) {
		/* a move is a square, row * size + column */
		uint64_t bit = 1ULL << (moves[i] / p.size * 8 + moves[i] % p.size);
		double theirs = search_value(rolit_eval_play(p, bit));

		out[i] = (struct estimate_action){.move = moves[i]};
		out[i].chance[me] = 1 - theirs;
		out[i].chance[1 - me] = theirs;
	}
	return n;
}

void estimate_search_state(const struct game_rules *rules, const void *state,
			   double chance[GAME_MAX_SEATS])
{
	int me = rules->to_move(state);

	memset(chance, 0, GAME_MAX_SEATS * sizeof *chance);
	chance[me] = search_value(rolit_eval_pos_of(state, me));
	chance[1 - me] = 1 - chance[me];
}
