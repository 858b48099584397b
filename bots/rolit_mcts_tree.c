/*
 * rolit-mcts's search tree (rolit_mcts_tree.h).  A node's children are
 * made together, in one block of the pool, when the node is visited the
 * second time; once the pool is full the leaves stay leaves and the
 * playouts go on from them.
 */
#include "rolit_mcts_tree.h"

#include "rolit_mcts_prove.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The exploration constant of UCT, for rewards of about 0 to 1. */
#ifndef ROLIT_MCTS_TREE_UCT
#define ROLIT_MCTS_TREE_UCT 0.5f
#endif
/* The progressive bias: the prior class's weight, fading as 1/visits. */
#ifndef ROLIT_MCTS_TREE_BIAS
#define ROLIT_MCTS_TREE_BIAS 0.3f
#endif
/* Progressive history's weight W: a child's history mean times W, fading
 * as 1 / (the child's lost playouts + 1) (Nijssen and Winands). */
#ifndef ROLIT_MCTS_TREE_HISTORY
#define ROLIT_MCTS_TREE_HISTORY 1.0f
#endif
/* The playouts play at random once in this many moves, else greedily. */
#ifndef ROLIT_MCTS_TREE_EPSILON_INV
#define ROLIT_MCTS_TREE_EPSILON_INV 8u
#endif
/* How many plies apart the old root and the new may be to reuse the
 * tree: one round of 4 seats. */
#define ROLIT_MCTS_TREE_REUSE_PLIES 4

int rolit_mcts_tree_init(struct rolit_mcts_tree *tree, uint32_t capacity,
			 uint64_t seed)
{
	memset(tree, 0, sizeof *tree);
	tree->nodes = malloc(capacity * sizeof *tree->nodes);
	tree->spare = malloc(capacity * sizeof *tree->spare);
	tree->capacity = capacity;
	tree->rng.state = seed ? seed : 1;
	if (!tree->nodes || !tree->spare) {
		rolit_mcts_tree_free(tree);
		return -1;
	}
	return 0;
}

void rolit_mcts_tree_free(struct rolit_mcts_tree *tree)
{
	free(tree->nodes);
	free(tree->spare);
	tree->nodes = tree->spare = NULL;
}

/* The node under `at` (whose position is `pos`) that is the position
 * `target`, `plies` moves further; 0 if none. */
static uint32_t rolit_mcts_tree_find(const struct rolit_mcts_tree *tree,
				     uint32_t at, const struct rolit_bits *pos,
				     const struct rolit_bits *target,
				     int plies)
{
	const struct rolit_mcts_node *node = &tree->nodes[at];
	uint64_t placed = rolit_bits_occupied(target);

	if (!plies)
		return rolit_bits_same(pos, target) ? at : 0;
	for (uint32_t i = 0; i < node->count; i++) {
		const struct rolit_mcts_node *child = &tree->nodes[node->first + i];
		struct rolit_bits next = *pos;
		uint32_t found;

		if (!(placed >> child->square & 1))
			continue;
		rolit_bits_play(&next, child->square);
		found = rolit_mcts_tree_find(tree, node->first + i, &next,
					     target, plies - 1);
		if (found)
			return found;
	}
	return 0;
}

/* Copies the subtree of `at` to the spare pool, breadth first (the pool
 * being its own queue), and makes that the tree. */
static void rolit_mcts_tree_keep(struct rolit_mcts_tree *tree, uint32_t at)
{
	struct rolit_mcts_node *to = tree->spare;
	uint32_t used = 1;

	to[0] = tree->nodes[at];
	for (uint32_t i = 0; i < used; i++) {
		if (!to[i].count)
			continue;
		memcpy(&to[used], &tree->nodes[to[i].first],
		       to[i].count * sizeof *to);
		to[i].first = used;
		used += to[i].count;
	}
	tree->spare = tree->nodes;
	tree->nodes = to;
	tree->used = used;
}

void rolit_mcts_tree_root(struct rolit_mcts_tree *tree,
			  const struct rolit_bits *pos)
{
	int plies = rolit_bits_popcount(rolit_bits_occupied(pos)) -
		    rolit_bits_popcount(rolit_bits_occupied(&tree->root));
	uint32_t found = 0;

	if (tree->has_root && plies > 0 &&
	    plies <= ROLIT_MCTS_TREE_REUSE_PLIES)
		found = rolit_mcts_tree_find(tree, 0, &tree->root, pos, plies);
	if (found) {
		rolit_mcts_tree_keep(tree, found);
	} else if (!tree->has_root || !rolit_bits_same(&tree->root, pos)) {
		memset(&tree->nodes[0], 0, sizeof tree->nodes[0]);
		tree->used = 1;
	}
	for (int s = 0; s < ROLIT_BITS_SEATS; s++)
		for (int q = 0; q < 64; q++) {
			tree->history[s][q] *= 0.5f;
			tree->history_games[s][q] *= 0.5f;
		}
	/* A root is never solved as a leaf (it must have children to
	 * choose from): what its children prove is learnt again. */
	tree->nodes[0].solved = 0;
	tree->root = *pos;
	tree->has_root = true;
	tree->playouts = 0;
}

/* Makes the children of `at`, whose position is `pos`; false when the
 * pool has no room. */
static bool rolit_mcts_tree_expand(struct rolit_mcts_tree *tree,
				   uint32_t at, const struct rolit_bits *pos)
{
	uint64_t moves = rolit_bits_moves(pos, pos->to_move);
	uint32_t count = (uint32_t)rolit_bits_popcount(moves);
	uint64_t classes[ROLIT_MCTS_POLICY_CLASSES];

	if (tree->used + count > tree->capacity)
		return false;
	rolit_mcts_policy_classes(pos, classes);
	for (uint32_t i = 0; moves; i++, moves &= moves - 1) {
		struct rolit_mcts_node *child = &tree->nodes[tree->used + i];
		int square = rolit_bits_first(moves);

		memset(child, 0, sizeof *child);
		child->square = (int8_t)square;
		for (int k = ROLIT_MCTS_POLICY_CLASSES - 1; k > 0; k--)
			if (classes[k] >> square & 1) {
				child->prior = (uint8_t)k;
				break;
			}
	}
	tree->nodes[at].first = tree->used;
	tree->nodes[at].count = (uint8_t)count;
	tree->used += count;
	return true;
}

/* The child of `at` that `seat` (to move there) tries next: an unvisited
 * one of the best prior first, else the best by its own mean reward, UCT,
 * the fading prior and the fading history. */
static uint32_t rolit_mcts_tree_select(const struct rolit_mcts_tree *tree,
				       uint32_t at, int seat)
{
	const struct rolit_mcts_node *node = &tree->nodes[at];
	float log_n = logf((float)node->visits + 1), best = -1;
	uint32_t chosen = node->first;

	for (uint32_t i = node->first; i < node->first + node->count; i++) {
		const struct rolit_mcts_node *c = &tree->nodes[i];
		float n = (float)c->visits, won = c->value[seat], score;
		float games = tree->history_games[seat][c->square];
		float history = games > 0 ? tree->history[seat][c->square] /
						    games : 0;

		if (c->solved && rolit_mcts_prove_outcome(c, seat) < 0)
			continue; /* a known loss (games of 2 only) */
		if (!c->visits)
			score = 1000 + c->prior;
		else
			score = won / n +
				ROLIT_MCTS_TREE_UCT * sqrtf(log_n / n) +
				ROLIT_MCTS_TREE_BIAS * c->prior / (n + 1) +
				ROLIT_MCTS_TREE_HISTORY * history /
					(fmaxf(n - won, 0) + 1);
		if (score > best) {
			best = score;
			chosen = i;
		}
	}
	return chosen;
}

/* Descends from the root by rolit_mcts_tree_select to a leaf, a known
 * node or the end of the game, giving a leaf visited before its children
 * (or its outcome); the nodes passed into path[], the seat choosing at
 * each into seats[], the moves made into played[] (seat * 64 + square),
 * the position reached into *pos; the path's length. */
static int rolit_mcts_tree_descend(struct rolit_mcts_tree *tree,
				   const struct search_clock *clock,
				   struct rolit_bits *pos, uint32_t *path,
				   int8_t *seats, uint8_t *played)
{
	uint32_t at = 0;
	int depth = 0;

	path[depth++] = 0;
	while (pos->to_move >= 0 && !tree->nodes[at].solved) {
		if (!tree->nodes[at].count &&
		    (tree->nodes[at].visits < 1 ||
		     (at && rolit_mcts_prove_leaf(tree, at, pos, clock)) ||
		     !rolit_mcts_tree_expand(tree, at, pos)))
			break;
		seats[depth - 1] = (int8_t)pos->to_move;
		at = rolit_mcts_tree_select(tree, at, pos->to_move);
		played[depth - 1] = (uint8_t)(pos->to_move * 64 +
					      tree->nodes[at].square);
		rolit_bits_play(pos, tree->nodes[at].square);
		path[depth++] = at;
	}
	if (pos->to_move < 0 && pos->players == 2) {
		int diff = rolit_bits_count(pos, 0) - rolit_bits_count(pos, 1);

		tree->nodes[at].solved = (int8_t)(2 + (diff > 0) - (diff < 0));
	}
	return depth;
}

/* One descent, playout (none from a known node) and backup. */
static void rolit_mcts_tree_iterate(struct rolit_mcts_tree *tree,
				    const struct search_clock *clock)
{
	struct rolit_bits pos = tree->root;
	uint32_t path[ROLIT_BITS_SEATS * 16 + 1];
	int8_t seats[ROLIT_BITS_SEATS * 16 + 1];
	float reward[ROLIT_BITS_SEATS];
	uint8_t played[64];
	int depth = rolit_mcts_tree_descend(tree, clock, &pos, path, seats,
					    played), moves = depth - 1;
	const struct rolit_mcts_node *leaf = &tree->nodes[path[depth - 1]];

	if (leaf->solved && pos.to_move >= 0) {
		rolit_mcts_policy_outcome(leaf->solved - 2, reward);
	} else {
		moves += rolit_mcts_policy_playout(
			&pos, &tree->rng, ROLIT_MCTS_TREE_EPSILON_INV,
			played + depth - 1);
		rolit_mcts_policy_reward(&pos, reward);
	}
	for (int i = 0; i < moves; i++) {
		tree->history[played[i] / 64][played[i] % 64] +=
			reward[played[i] / 64];
		tree->history_games[played[i] / 64][played[i] % 64] += 1;
	}
	for (int i = 0; i < depth; i++) {
		struct rolit_mcts_node *node = &tree->nodes[path[i]];

		node->visits++;
		for (int s = 0; s < ROLIT_BITS_SEATS; s++)
			node->value[s] += reward[s];
	}
	rolit_mcts_prove_up(tree, path, seats, depth);
	tree->playouts++;
}

void rolit_mcts_tree_run(struct rolit_mcts_tree *tree,
			 const struct search_clock *clock, long playouts)
{
	long stop = tree->playouts + playouts;

	do {
		for (int i = 0; i < 16; i++)
			rolit_mcts_tree_iterate(tree, clock);
	} while ((!playouts || tree->playouts < stop) &&
		 !search_clock_expired(clock));
}

int rolit_mcts_tree_best(const struct rolit_mcts_tree *tree)
{
	const struct rolit_mcts_node *root = &tree->nodes[0];
	int64_t best = INT64_MIN;
	int square = -1;

	for (uint32_t i = root->first; i < root->first + root->count; i++) {
		const struct rolit_mcts_node *c = &tree->nodes[i];
		int64_t score = c->visits;

		/* Among known losses, the most visited: the search's best
		 * hope that the opponent goes wrong. */
		if (c->solved)
			score = rolit_mcts_prove_outcome(c, tree->root.to_move) > 0
					? INT64_MAX
				: rolit_mcts_prove_outcome(c, tree->root.to_move) < 0
					? score - UINT32_MAX - 1 : score;
		if (score > best) {
			best = score;
			square = c->square;
		}
	}
	return square;
}
