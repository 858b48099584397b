/*
 * rolit-mcts's knowledge of Rolit: the squares' classes (corners good,
 * the squares beside an empty corner bad, edges better than the middle),
 * used as the tree's prior on a move and by the epsilon-greedy playouts,
 * and the reward of a finished game for each seat.
 */
#ifndef BOTS_ROLIT_MCTS_POLICY_H
#define BOTS_ROLIT_MCTS_POLICY_H

#include <stdint.h>

#include "rolit_bits.h"

/* The playouts' random numbers: xorshift64*. */
struct rolit_mcts_rng {
	uint64_t state;
};

#define ROLIT_MCTS_POLICY_CLASSES 4

/* The squares of each class on `pos`'s board, by their prior. */
void rolit_mcts_policy_classes(const struct rolit_bits *pos,
			       uint64_t classes[ROLIT_MCTS_POLICY_CLASSES]);

/* The prior of playing `square` in `pos`: 3 a corner, 2 an edge, 1 the
 * middle, 0 a square beside an empty corner. */
int rolit_mcts_policy_prior(const struct rolit_bits *pos, int square);

/* Plays `pos` to the end with rolit_mcts_policy_pick, each move into
 * played[] as seat * 64 + square; how many moves. */
int rolit_mcts_policy_playout(struct rolit_bits *pos,
			      struct rolit_mcts_rng *rng, unsigned epsilon_inv,
			      uint8_t played[64]);

/* The reward of each seat of a finished game into reward[]: 1 shared
 * among the seats with the most balls, plus ROLIT_MCTS_POLICY_SHARE times
 * the seat's balls per square of the board. */
void rolit_mcts_policy_reward(const struct rolit_bits *pos,
			      float reward[ROLIT_BITS_SEATS]);

/* The reward of each seat of a game of 2 whose outcome for seat 0 is
 * known (1 a win, 0 a draw, -1 a loss) but not its balls: a win 1, a draw
 * 0.5, plus the ball share of half the board. */
void rolit_mcts_policy_outcome(int outcome, float reward[ROLIT_BITS_SEATS]);

#endif
