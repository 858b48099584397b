/*
 * Rolit's end searched (estimate_end.h) by the house's one Rolit search
 * (rolit_search.h) to the end of the game, on bitboards: the rules
 * library's captures (games/rolit_bitboard.h), inline, some 40 times the
 * positions a second of playing the rules' own states.  Rolit's moves
 * draw nothing, and with two seats that play on (a forfeit ends a game
 * of two) they alternate.
 */
#include "estimate_end.h"

#include <stdint.h>
#include <string.h>

#include "games/rolit_bitboard.h"
#include "games/support.h"
#include "estimate_search.h"
#include "rolit_eval.h"
#include "rolit_search.h"

void *estimate_end_room(const struct game_rules *rules)
{
	return arena_games_xcalloc(1, rules->state_size);
}

bool estimate_end_reached(const struct game_rules *rules, int players,
			  const void *state, void *room)
{
	return estimate_search_reached(rules, players, state, room) &&
	       __builtin_popcountll(rolit_eval_pos_of(
		       state, rules->to_move(state)).empty) <= ESTIMATE_END_MOVES;
}

int estimate_end_actions(const struct game_rules *rules, const void *state,
			 void *room, struct estimate_action *out)
{
	int moves[GAME_MAX_MOVES], n = rules->moves(state, moves);
	int me = rules->to_move(state);

	for (int i = 0; i < n; i++) {
		/* the outcome for the other seat, to move after the action */
		struct rolit_search search;
		double share;

		memcpy(room, state, rules->state_size);
		rules->apply_move(room, moves[i], NULL);
		rolit_search_init(&search, NULL, 0, NULL, NULL);
		share = (1 - rolit_search_outcome(&search, rolit_eval_pos_of(
					room, 1 - me))) / 2.0;
		out[i] = (struct estimate_action){.move = moves[i], .exact = true};
		out[i].chance[me] = share;
		out[i].chance[1 - me] = 1 - share;
	}
	return n;
}
