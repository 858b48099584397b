/*
 * The turn of bolo and bolo5 as a decision problem, solved exactly by
 * dynamic programming over (dice to roll, turn total): given what banking
 * a total is worth and what losing the turn is worth, the value of every
 * state under the best play, and from it the best keep and whether to
 * bank.  expect-bot asks for the most points (a bank is worth its total,
 * a lost turn nothing); win-bot asks for the best chance to win the game
 * (a bank is worth the chance to win from the new score).  Turn totals
 * are multiples of 50 (every keep is); above `steps` * 50 the solver
 * assumes the player banks (set it far above any total worth rolling on).
 */
#ifndef BOTS_DICE_POLICY_H
#define BOTS_DICE_POLICY_H

#include <stdbool.h>

#include "dice_rolls.h"

#define POLICY_STEP 50		/* every keep is worth a multiple of this */

/* What a game's turn is made of (RULES.md 1.3-1.5 and 2.3-2.4). */
struct policy_game {
	enum dice_rules rules;
	int dice;		/* all the dice: 7 (bolo), 5 (bolo5) */
	bool hot_may_bank;	/* bolo: with all dice aside one may bank */
	bool needs_quiet;	/* bolo5: bank only with a quiet die left */
	struct roll_table roll[DICE_MAX + 1];	/* [n]: n dice rolled */
};

/* One solved turn: value[n * (steps + 1) + i] is the value of rolling n
 * dice with a turn total of i * POLICY_STEP, playing on as well as can
 * be; bank[i] is what banking such a total is worth, `bust` what losing
 * the turn is worth, `threshold` the least total that may be banked. */
struct policy_turn {
	const struct policy_game *game;
	int steps;
	long threshold;
	const double *bank;	/* steps + 1 values, the caller's */
	double bust;
	double *value;
};

/* Builds the roll tables of "bolo" or "bolo5"; -1 for another game. */
int policy_game_init(struct policy_game *g, const char *game);
void policy_game_free(struct policy_game *g);

/* Solves t (t->value is allocated here; free with policy_turn_free). */
void policy_turn_solve(struct policy_turn *t);
void policy_turn_free(struct policy_turn *t);

/* The value of having set aside a keep (k, from rolls_keep_of()) out of
 * n dice rolled with turn total `total` before it: bank or roll on,
 * whichever is worth more, where the rules allow a bank. */
double policy_turn_after(const struct policy_turn *t, int n, long total,
			 const struct roll_keep *k);
/* The value of rolling n dice with turn total `total` (n = 0: all). */
double policy_turn_roll(const struct policy_turn *t, int n, long total);
/* What banking `total` is worth (the last value beyond the table). */
double policy_turn_bank(const struct policy_turn *t, long total);

#endif
