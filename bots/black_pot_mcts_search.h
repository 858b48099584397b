/*
 * black-pot-mcts's search: Monte Carlo over the legal moves of a turn with
 * the dice to come sampled afresh in every iteration (the chance events
 * the bot cannot know), the root's candidates chosen by UCB1, each
 * iteration played out for a few rolls by a greedy policy over the rules'
 * own move generator and worth the change of black-pot-lookahead's
 * evaluation (black_pot_eval.h) along the way.
 */
#ifndef BOTS_BLACK_POT_MCTS_SEARCH_H
#define BOTS_BLACK_POT_MCTS_SEARCH_H

#include <cjson/cJSON.h>

#include "values/black_pot_eval.h"
#include "search_clock.h"

struct black_pot_mcts {
	struct black_pot_rolls rolls;
	unsigned long seed;
	int first_side; /* the side first to play roll 1, or -1 */
	long iterations; /* of the last search */
};

/* Sets up the search; `seed` makes its dice. */
void black_pot_mcts_search_init(struct black_pot_mcts *m, unsigned long seed);

/* The index in `legal` (the turn's list) of the move to play for the seat
 * whose `view` it is, searching until `clock` expires (NULL: never) or
 * after `max_iterations` (0: no cap); -1 with the reason in err
 * (GAME_ERR_LEN) when the view or the list cannot be read. */
int black_pot_mcts_search_pick(struct black_pot_mcts *m, const cJSON *view,
			const cJSON *legal, const struct search_clock *clock,
			long max_iterations, char *err);

#endif
