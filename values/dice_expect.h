/*
 * The turn of bolo and bolo5 solved for the most expected points
 * (dice_policy.h with a bank worth its total), whatever the scores: the
 * play of expect-bot (bots/expect_policy.h) and of the estimates'
 * playouts (estimate_rule.h).  A turn is solved once per least bankable
 * total met (a game has a few: bolo's opening bank, bolo5's thresholds).
 */
#ifndef VALUES_DICE_EXPECT_H
#define VALUES_DICE_EXPECT_H

#include "dice_policy.h"

#define DICE_EXPECT_THRESHOLDS 8	/* distinct thresholds a game can have */

struct dice_expect {
	struct dice_policy_game game;
	struct dice_policy_turn turn[DICE_EXPECT_THRESHOLDS];
	double *bank;		/* a bank is worth its total */
	int turns;
};

/* The tables of "bolo" or "bolo5": 0, or -1 for another game. */
int dice_expect_init(struct dice_expect *x, const char *game);
void dice_expect_free(struct dice_expect *x);

/* The turn solved for the least bankable total `threshold`. */
const struct dice_policy_turn *dice_expect_turn(struct dice_expect *x,
						long threshold);

#endif
