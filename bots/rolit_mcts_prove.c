/*
 * rolit-mcts's MCTS-solver (rolit_mcts_prove.h).  A node's `solved` is 0
 * while its outcome is unknown, else 2 + the outcome for seat 0, so that
 * one byte beside the node's others holds it.
 */
#include "rolit_mcts_prove.h"

#include "rolit_mcts_end.h"

bool rolit_mcts_prove_leaf(struct rolit_mcts_tree *tree, uint32_t at,
			   const struct rolit_bits *pos,
			   const struct search_clock *clock)
{
	int square, value[ROLIT_BITS_SEATS];

	if (pos->players != 2 ||
	    rolit_bits_popcount(pos->board & ~rolit_bits_occupied(pos)) >
		    ROLIT_MCTS_PROVE_EMPTIES ||
	    rolit_mcts_end_solve(pos, clock, &square, value) < 0)
		return false;
	tree->nodes[at].solved = (int8_t)(2 + value[0]);
	return true;
}

/* The outcome of `at`, where `seat` chooses, from its children's: the
 * best for `seat` if one is a win for it or all are known, else 0. */
static int8_t rolit_mcts_prove_node(const struct rolit_mcts_tree *tree,
				    uint32_t at, int seat)
{
	const struct rolit_mcts_node *node = &tree->nodes[at];
	int best = -2;
	bool all = true;

	for (uint32_t i = node->first; i < node->first + node->count; i++) {
		const struct rolit_mcts_node *child = &tree->nodes[i];

		if (!child->solved) {
			all = false;
			continue;
		}
		if (rolit_mcts_prove_outcome(child, seat) > best)
			best = rolit_mcts_prove_outcome(child, seat);
	}
	if (best < 1 && !all)
		return 0;
	return (int8_t)(2 + best * (seat ? -1 : 1));
}

void rolit_mcts_prove_up(struct rolit_mcts_tree *tree, const uint32_t *path,
			 const int8_t *seats, int depth)
{
	for (int i = depth - 1; i > 0; i--) {
		struct rolit_mcts_node *parent = &tree->nodes[path[i - 1]];

		if (!tree->nodes[path[i]].solved || parent->solved)
			return;
		parent->solved = rolit_mcts_prove_node(tree, path[i - 1],
						       seats[i - 1]);
	}
}
