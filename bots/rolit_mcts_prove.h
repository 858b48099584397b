/*
 * rolit-mcts's MCTS-solver for games of 2 (Winands, Björnsson and Saito,
 * "Monte-Carlo Tree Search Solver", 2008): a node of the tree whose
 * outcome is known (the game is over there, or the exact endgame of
 * rolit_mcts_end.h solved it when the node was to get its children) keeps
 * it, and a node learns its own when one of its children is a win for
 * the seat choosing there, or all of its children are known.  The search
 * then never descends into a known node (its outcome is its reward) nor
 * tries a child that loses, and the move played is a known win if there
 * is one, a known loss only if nothing else is left.
 */
#ifndef BOTS_ROLIT_MCTS_PROVE_H
#define BOTS_ROLIT_MCTS_PROVE_H

#include <stdbool.h>
#include <stdint.h>

#include "rolit_bits.h"
#include "rolit_mcts_tree.h"
#include "search_clock.h"

/* Up to how many empty squares a node of a game of 2 is solved exactly
 * when it is to get its children. */
#ifndef ROLIT_MCTS_PROVE_EMPTIES
#define ROLIT_MCTS_PROVE_EMPTIES 8
#endif

/* The outcome for `seat` (0 or 1) of a known node: 1 a win, 0 a draw, -1
 * a loss. */
static inline int rolit_mcts_prove_outcome(const struct rolit_mcts_node *node,
					   int seat)
{
	return (node->solved - 2) * (seat ? -1 : 1);
}

/* Tries to solve the leaf `at`, whose position is `pos` (a game of 2 not
 * finished), before it gets its children; whether it is now known. */
bool rolit_mcts_prove_leaf(struct rolit_mcts_tree *tree, uint32_t at,
			   const struct rolit_bits *pos,
			   const struct search_clock *clock);

/* After a descent along path[0 .. depth - 1], seats[i] choosing at
 * path[i]: what the last node's outcome, if known, tells of the nodes
 * above it. */
void rolit_mcts_prove_up(struct rolit_mcts_tree *tree, const uint32_t *path,
			 const int8_t *seats, int depth);

#endif
