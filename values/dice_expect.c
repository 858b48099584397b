/*
 * Turns solved for the most points, by threshold (dice_expect.h).
 */
#include "dice_expect.h"

#include <stdlib.h>
#include <string.h>

#include "games/support.h"

#define DICE_EXPECT_STEPS 600	/* totals up to 30000: always banked before */

int dice_expect_init(struct dice_expect *x, const char *game)
{
	memset(x, 0, sizeof *x);
	if (dice_policy_game_init(&x->game, game) < 0)
		return -1;
	x->bank = arena_games_xmalloc((DICE_EXPECT_STEPS + 1) * sizeof *x->bank);
	for (int i = 0; i <= DICE_EXPECT_STEPS; i++)
		x->bank[i] = (double)i * DICE_POLICY_STEP;
	return 0;
}

void dice_expect_free(struct dice_expect *x)
{
	for (int i = 0; i < x->turns; i++)
		dice_policy_turn_free(&x->turn[i]);
	free(x->bank);
	dice_policy_game_free(&x->game);
	memset(x, 0, sizeof *x);
}

const struct dice_policy_turn *dice_expect_turn(struct dice_expect *x,
						long threshold)
{
	struct dice_policy_turn *t;

	for (int i = 0; i < x->turns; i++)
		if (x->turn[i].threshold == threshold)
			return &x->turn[i];
	/* A game has a few thresholds; past the room, recycle the last. */
	if (x->turns == DICE_EXPECT_THRESHOLDS)
		dice_policy_turn_free(&x->turn[--x->turns]);
	t = &x->turn[x->turns++];
	*t = (struct dice_policy_turn){
		.game = &x->game, .steps = DICE_EXPECT_STEPS,
		.settled = DICE_EXPECT_STEPS, .threshold = threshold,
		.bank = x->bank,
	};
	dice_policy_turn_solve(t);
	return t;
}
