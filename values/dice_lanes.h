/*
 * Several turns of one game solved side by side, values only (the
 * grader's turns, values.h): a lane of the processor's vectors a turn, so
 * that each keep's look-up (its offset, the solver's inner loop,
 * dice_policy.c) is one load and one comparison for all of them.  Each
 * lane does what dice_policy_turn_solve_in() does for its turn, in the
 * same order: the values are the same to the last bit.  Where the
 * processor has no 512-bit vectors (AVX-512), or too few turns are asked
 * to fill them, the turns are solved one after another.
 */
#ifndef VALUES_DICE_LANES_H
#define VALUES_DICE_LANES_H

#include "dice_policy.h"

#define DICE_LANES 8		/* turns solved at once: doubles of a vector */

struct dice_lanes;

struct dice_lanes *dice_lanes_new(const struct dice_policy_game *g);
void dice_lanes_free(struct dice_lanes *l);

/* Solves t[0 .. count - 1] (1 <= count <= DICE_LANES, turns of l's game
 * set up with values_only), their value[] allocated here as by
 * dice_policy_turn_solve_in(); free each with dice_policy_turn_free(). */
void dice_lanes_solve(struct dice_lanes *l, struct dice_policy_turn **t,
		      int count);

#endif
