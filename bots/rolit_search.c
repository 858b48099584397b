/*
 * rolit-search: the reference Rolit bot.  With 2 players, the house's
 * one Rolit search (values/rolit_search.h: principal variation search on
 * bitboards, iterative deepening, with an evaluation led by mobility and
 * frontier) and a transposition table kept between moves, and from
 * ROLIT_SEARCH_END empty squares on the same search to the end for the
 * win when it finishes in half the move's time; with 3 and
 * 4 players, where the search of 2 does not apply, rolit-mcts's
 * Monte-Carlo tree search with the max^n backup (rolit_mcts_move.c), which
 * measured stronger there than Best-Reply Search
 * (docs/bots/rolit-search.md).  It thinks `--ms N` milliseconds of CPU a
 * move (100 by default), never more than the turn's time_left_ms allows
 * (search_clock.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "arena_bot.h"
#include "rolit_mcts_move.h"
#include "rolit_turn.h"
#include "search_clock.h"
#include "values/rolit_search.h"

/* Up to how many empty squares the search for the win is tried. */
#ifndef ROLIT_SEARCH_END
#define ROLIT_SEARCH_END 18
#endif
/* Entries of the transposition table (16 bytes each). */
#define ROLIT_SEARCH_TABLE (1u << 20)

static struct rolit_search_entry rolit_search_table[ROLIT_SEARCH_TABLE];

struct rolit_search_bot {
	long ms;
	struct rolit_search search;
	struct rolit_mcts_tree tree; /* 3 and 4 players */
	bool has_tree;
};

/* The square to play in `pos`, a game of 2 (the bot's turn, some move
 * legal). */
static int rolit_search_two(struct rolit_search_bot *bot, const cJSON *turn,
			    const struct rolit_bits *pos)
{
	struct rolit_search *search = &bot->search;
	struct search_clock stop, half, soft;
	uint64_t moves = rolit_bits_moves(pos, pos->to_move);
	struct rolit_eval_pos p = rolit_bits_eval_pos(pos, pos->to_move);

	/* A seat that forfeited has lost: any square will do. */
	if (rolit_bits_popcount(moves) == 1 || pos->out)
		return rolit_bits_first(moves);
	search_clock_start(&stop, turn, bot->ms);
	search_clock_start(&half, turn, (bot->ms + 1) / 2);
	search_clock_start(&soft, turn, (bot->ms * 2 + 4) / 5);
	search->clock = &stop;
	if (rolit_bits_popcount(p.empty) <= ROLIT_SEARCH_END) {
		int outcome;

		search->clock = &half;
		outcome = rolit_search_outcome(search, p);
		if (!search->stopped && outcome >= 0) {
			arena_info("solved: %d", outcome);
			return search->best;
		}
		/* The rest of the move goes to the search, whose soft
		 * limit may have passed while the search for the win ran. */
		search->clock = &stop;
		rolit_search_deepen(search, p, NULL, NULL);
	} else {
		rolit_search_deepen(search, p, search_clock_expired, &soft);
	}
	arena_info("depth %d, value %d, %ld nodes", search->depth,
		   search->value, search->nodes);
	return search->best;
}

static cJSON *rolit_search_decide(const cJSON *turn, void *ctx)
{
	struct rolit_search_bot *bot = ctx;
	struct rolit_bits pos;

	if (rolit_turn_read(turn, "rolit-search", &pos) < 0)
		return NULL;
	if (pos.players == 2)
		return rolit_turn_action(rolit_search_two(bot, turn, &pos));
	if (!bot->has_tree) {
		if (rolit_mcts_tree_init(&bot->tree, ROLIT_MCTS_MOVE_NODES,
					 (uint64_t)time(NULL) << 20 ^
						 (uint64_t)getpid()) < 0) {
			fputs("rolit-search: not enough memory for the tree\n",
			      stderr);
			return NULL;
		}
		bot->has_tree = true;
	}
	return rolit_turn_action(rolit_mcts_move(&bot->tree, turn, bot->ms,
						 &pos));
}

int main(int argc, char **argv)
{
	static struct rolit_search_bot bot;
	struct arena_bot_callbacks cb = {
		.decide = rolit_search_decide, .ctx = &bot,
	};
	int args = search_clock_args(argc, argv, "rolit-search", &bot.ms), rc;

	if (args)
		return args < 0 ? 2 : EXIT_SUCCESS;
	rolit_search_init(&bot.search, rolit_search_table, ROLIT_SEARCH_TABLE,
			  search_clock_expired, NULL);
	rc = arena_bot_run("rolit-search", "2", &cb);
	if (bot.has_tree)
		rolit_mcts_tree_free(&bot.tree);
	return rc ? EXIT_FAILURE : EXIT_SUCCESS;
}
