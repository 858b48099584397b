/*
 * rolit-mcts's search tree: Monte-Carlo tree search with the max^n
 * backup (each node keeps every seat's total reward, and a seat choosing
 * among its moves looks at its own), UCT with a progressive bias towards
 * the squares' prior (rolit_mcts_policy.h) and progressive history (the
 * mean reward of the games in which the seat played the square, anywhere
 * in the tree or the playouts), epsilon-greedy playouts, the known
 * outcomes of an MCTS-solver with 2 players (rolit_mcts_prove.h), and
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
	int8_t solved;   /* 2 players: 0, or 2 + the known outcome for seat 0
			  * (rolit_mcts_prove.h) */
};

struct rolit_mcts_tree {
	struct rolit_mcts_node *nodes, *spare; /* node 0 is the root */
	uint32_t used, capacity;
	struct rolit_bits root;
	bool has_root;
	struct rolit_mcts_rng rng;
	long playouts; /* since the last rolit_mcts_tree_root */
	/* Progressive history: each seat's total reward, and the count, of
	 * the games in which it played each square; halved at each new
	 * root, so that the last moves' games weigh most. */
	float history[ROLIT_BITS_SEATS][64], history_games[ROLIT_BITS_SEATS][64];
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

/* Grows the tree until `clock` runs out (the clock also stops the exact
 * searches of its leaves) or, if `playouts` is not 0, it has made that
 * many playouts more (in steps of 16, so a few more). */
void rolit_mcts_tree_run(struct rolit_mcts_tree *tree,
			 const struct search_clock *clock, long playouts);

/* The root's move known to win, else its most visited one not known to
 * lose, else its most visited; -1 before any is expanded. */
int rolit_mcts_tree_best(const struct rolit_mcts_tree *tree);

#endif
