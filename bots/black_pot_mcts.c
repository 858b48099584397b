/*
 * black-pot-mcts: a Black-Pot bot that searches by Monte Carlo with the
 * dice to come sampled in every iteration (black_pot_mcts_search.c),
 * within its move time (`--ms N`, 100 ms by default, never near the
 * turn's time_left_ms).
 */
#include <stdio.h>
#include <stdlib.h>

#include "arena_bot.h"
#include "black_pot_mcts_search.h"
#include "games/support.h"

static long mcts_ms;

static cJSON *mcts_decide(const cJSON *turn, void *ctx)
{
	struct black_pot_mcts *m = ctx;
	const cJSON *legal = arena_legal(turn);
	struct search_clock clock;
	char err[GAME_ERR_LEN] = "";
	int pick;

	search_clock_start(&clock, turn, mcts_ms);
	pick = black_pot_mcts_search_pick(m, arena_state(turn), legal, &clock, 0, err);
	if (pick < 0) {
		fprintf(stderr, "black-pot-mcts: %s\n", err);
		return NULL;
	}
	return cJSON_Duplicate(cJSON_GetArrayItem(legal, pick), 1);
}

int main(int argc, char **argv)
{
	static struct black_pot_mcts m;
	struct arena_bot_callbacks cb = {.decide = mcts_decide, .ctx = &m};
	int args = search_clock_args(argc, argv, "black-pot-mcts", &mcts_ms);

	if (args)
		return args < 0 ? 2 : EXIT_SUCCESS;
	black_pot_mcts_search_init(&m, 0x9e3779b97f4a7c15ul);
	return arena_bot_run("black-pot-mcts", "1", &cb) ? EXIT_FAILURE :
							    EXIT_SUCCESS;
}
