/*
 * rolit-mcts's search tree: Monte-Carlo tree search with the max^n
 * backup (each node keeps every seat's total reward, and a seat choosing
 * among its moves looks at its own), UCT with a progressive bias towards
 * the squares' prior (rolit_mcts_policy.h), epsilon-greedy playouts, and
 * the tree kept from one move to the next: the node of the new position
 * becomes the root and its subtree is copied to the front of a spare
 * pool, the rest dropped.
 */
#ifndef BOTS_ROLIT_MCTS_TREE_H
#define BOTS_ROLIT_MCTS_TREE_H

#include <stdbool.h>
#include <stdint.h>

#include "rolit_bits.h"
#include "rolit_mcts_policy.h"
#include "search_clock.h"

struct rolit_mcts_node {
	float value[ROLIT_BITS_SEATS]; /* total reward of each seat */
	uint32_t visits;
	uint32_t first;  /* the first child's index; 0 while a leaf */
	uint8_t count;   /* children */
	int8_t square;   /* the move that leads here */
	uint8_t prior;   /* that move's prior class */
};

struct rolit_mcts_tree {
	struct rolit_mcts_node *nodes, *spare; /* node 0 is the root */
	uint32_t used, capacity;
	struct rolit_bits root;
	bool has_root;
	struct rolit_mcts_rng rng;
	long playouts; /* since the last rolit_mcts_tree_root */
};

/* A tree of at most `capacity` nodes; 0, or -1 without the memory. */
int rolit_mcts_tree_init(struct rolit_mcts_tree *tree, uint32_t capacity,
			 uint64_t seed);

void rolit_mcts_tree_free(struct rolit_mcts_tree *tree);

/* Makes `pos` (not finished) the root: the subtree of the old tree that
 * reaches it, if any (the moves since are found by the balls they
 * placed), else a new tree. */
void rolit_mcts_tree_root(struct rolit_mcts_tree *tree,
			  const struct rolit_bits *pos);

/* Grows the tree until `clock` runs out. */
void rolit_mcts_tree_run(struct rolit_mcts_tree *tree,
			 const struct search_clock *clock);

/* The root's most visited move; -1 before any is expanded. */
int rolit_mcts_tree_best(const struct rolit_mcts_tree *tree);

#endif
