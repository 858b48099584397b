/*
 * rolit-mcts: the former reference Rolit bot.  Monte-Carlo tree search with
 * the max^n backup for 2 to 4 players (rolit_mcts_tree.c), on bitboards
 * (rolit_bits.c), with a prior and playouts that know corners from the
 * squares beside them (rolit_mcts_policy.c), progressive history, an
 * MCTS-solver with 2 players (rolit_mcts_prove.c), and an exact search of
 * the last empty squares (rolit_mcts_end.c) when it finishes in half the
 * move's time (rolit_mcts_move.c).  The tree is kept from one move to the
 * next.  It thinks `--ms N` milliseconds a move (100 by default), never
 * more than the turn's time_left_ms allows (search_clock.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "arena_bot.h"
#include "rolit_mcts_move.h"
#include "rolit_turn.h"
#include "search_clock.h"

struct rolit_mcts {
	long ms;
	struct rolit_mcts_tree tree;
};

static cJSON *rolit_mcts_decide(const cJSON *turn, void *ctx)
{
	struct rolit_mcts *bot = ctx;
	struct rolit_bits pos;

	if (rolit_turn_read(turn, "rolit-mcts", &pos) < 0)
		return NULL;
	return rolit_turn_action(rolit_mcts_move(&bot->tree, turn, bot->ms,
						 &pos));
}

int main(int argc, char **argv)
{
	static struct rolit_mcts bot;
	struct arena_bot_callbacks cb = {
		.decide = rolit_mcts_decide, .ctx = &bot,
	};
	int args = search_clock_args(argc, argv, "rolit-mcts", &bot.ms), rc;

	if (args)
		return args < 0 ? 2 : EXIT_SUCCESS;
	if (rolit_mcts_tree_init(&bot.tree, ROLIT_MCTS_MOVE_NODES,
				 (uint64_t)time(NULL) << 20 ^
					 (uint64_t)getpid()) < 0) {
		fputs("rolit-mcts: not enough memory for the tree\n", stderr);
		return EXIT_FAILURE;
	}
	rc = arena_bot_run("rolit-mcts", "1", &cb);
	rolit_mcts_tree_free(&bot.tree);
	return rc ? EXIT_FAILURE : EXIT_SUCCESS;
}
