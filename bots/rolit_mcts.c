/*
 * rolit-mcts: the reference Rolit bot.  Monte-Carlo tree search with the
 * max^n backup for 2 to 4 players (rolit_mcts_tree.c), on bitboards
 * (rolit_bits.c), with a prior and playouts that know corners from the
 * squares beside them (rolit_mcts_policy.c), progressive history, an
 * MCTS-solver with 2 players (rolit_mcts_prove.c), and an exact search of
 * the last empty squares (rolit_mcts_end.c) when it finishes in half the
 * move's time.  The tree is kept from one move to the next.  It thinks
 * `--ms N` milliseconds a move (100 by default), never more than the
 * turn's time_left_ms allows (search_clock.c); the view is read by
 * rolit-search's reader (rolit_search_pos.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "arena_bot.h"
#include "games/game.h"
#include "rolit_bits.h"
#include "rolit_mcts_end.h"
#include "rolit_mcts_tree.h"
#include "rolit_search_pos.h"
#include "search_clock.h"

/* Nodes in each of the tree's two pools (28 bytes each). */
#define ROLIT_MCTS_NODES (1u << 20)
/* Up to how many empty squares the exact endgame is tried. */
#define ROLIT_MCTS_END_2P 16
#define ROLIT_MCTS_END_MP 10

struct rolit_mcts {
	long ms;
	struct rolit_mcts_tree tree;
};

/* The bitboard position of the view read into `view`. */
static void rolit_mcts_bits(const struct rolit_search_pos *view,
			    struct rolit_bits *pos)
{
	const char *rows[ROLIT_SEARCH_POS_MAX_SIZE];
	unsigned out = 0;

	for (int r = 0; r < view->size; r++)
		rows[r] = view->rows[r];
	for (int s = 0; s < view->players; s++)
		out |= (unsigned)view->forfeited[s] << s;
	rolit_bits_from_rows(pos, view->size, view->players, view->to_move,
			     rows, out);
}

/* The square to play in `pos` (the bot's turn, some move legal). */
static int rolit_mcts_choose(struct rolit_mcts *bot, const cJSON *turn,
			     const struct rolit_bits *pos)
{
	struct search_clock clock, half;
	uint64_t moves = rolit_bits_moves(pos, pos->to_move);
	int empties = rolit_bits_popcount(pos->board &
					  ~rolit_bits_occupied(pos));
	int square, value[ROLIT_BITS_SEATS];

	search_clock_start(&clock, turn, bot->ms);
	search_clock_start(&half, turn, (bot->ms + 1) / 2);
	if (rolit_bits_popcount(moves) == 1)
		return rolit_bits_first(moves);
	/* A lost game of 2 is left to the tree, which may find a line that
	 * the opponent gets wrong. */
	if (empties <= (pos->players == 2 ? ROLIT_MCTS_END_2P
					  : ROLIT_MCTS_END_MP) &&
	    rolit_mcts_end_solve(pos, &half, &square, value) == 0 &&
	    (pos->players > 2 || value[pos->to_move] >= 0)) {
		arena_info("solved: %d", value[pos->to_move]);
		return square;
	}
	rolit_mcts_tree_root(&bot->tree, pos);
	rolit_mcts_tree_run(&bot->tree, &clock, 0);
	arena_info("%ld playouts, %u nodes", bot->tree.playouts,
		   bot->tree.used);
	return rolit_mcts_tree_best(&bot->tree);
}

static cJSON *rolit_mcts_decide(const cJSON *turn, void *ctx)
{
	struct rolit_mcts *bot = ctx;
	struct rolit_search_pos view;
	struct rolit_bits pos;
	char err[GAME_ERR_LEN], name[3];
	int me = arena_seat(turn), square;

	if (rolit_search_pos_from_view(arena_state(turn), &view, err) < 0) {
		fprintf(stderr, "rolit-mcts: %s\n", err);
		return NULL;
	}
	if (me < 0 || me >= view.players || view.to_move != me) {
		fputs("rolit-mcts: the turn is not this seat's\n", stderr);
		return NULL;
	}
	rolit_mcts_bits(&view, &pos);
	if (!rolit_bits_moves(&pos, me)) {
		fputs("rolit-mcts: no legal square on this board\n", stderr);
		return NULL;
	}
	square = rolit_mcts_choose(bot, turn, &pos);
	name[0] = (char)('A' + square % 8);
	name[1] = (char)('1' + square / 8);
	name[2] = '\0';
	return cJSON_CreateString(name);
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
	if (rolit_mcts_tree_init(&bot.tree, ROLIT_MCTS_NODES,
				 (uint64_t)time(NULL) << 20 ^
					 (uint64_t)getpid()) < 0) {
		fputs("rolit-mcts: not enough memory for the tree\n", stderr);
		return EXIT_FAILURE;
	}
	rc = arena_bot_run("rolit-mcts", "1", &cb);
	rolit_mcts_tree_free(&bot.tree);
	return rc ? EXIT_FAILURE : EXIT_SUCCESS;
}
