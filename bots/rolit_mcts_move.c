/*
 * rolit-mcts's choice of a move (rolit_mcts_move.h).
 */
#include "rolit_mcts_move.h"

#include "arena_bot.h"
#include "rolit_mcts_end.h"
#include "search_clock.h"

/* Up to how many empty squares the exact endgame is tried. */
#define ROLIT_MCTS_MOVE_END_2P 16
#define ROLIT_MCTS_MOVE_END_MP 10

int rolit_mcts_move(struct rolit_mcts_tree *tree, const cJSON *turn, long ms,
		    const struct rolit_bits *pos)
{
	struct search_clock clock, half;
	uint64_t moves = rolit_bits_moves(pos, pos->to_move);
	int empties = rolit_bits_popcount(pos->board &
					  ~rolit_bits_occupied(pos));
	int square, value[ROLIT_BITS_SEATS];

	search_clock_start(&clock, turn, ms);
	search_clock_start(&half, turn, (ms + 1) / 2);
	if (rolit_bits_popcount(moves) == 1)
		return rolit_bits_first(moves);
	/* A lost game of 2 is left to the tree, which may find a line that
	 * the opponent gets wrong. */
	if (empties <= (pos->players == 2 ? ROLIT_MCTS_MOVE_END_2P
					  : ROLIT_MCTS_MOVE_END_MP) &&
	    rolit_mcts_end_solve(pos, &half, &square, value) == 0 &&
	    (pos->players > 2 || value[pos->to_move] >= 0)) {
		arena_info("solved: %d", value[pos->to_move]);
		return square;
	}
	rolit_mcts_tree_root(tree, pos);
	rolit_mcts_tree_run(tree, &clock, 0);
	arena_info("%ld playouts, %u nodes", tree->playouts, tree->used);
	return rolit_mcts_tree_best(tree);
}
