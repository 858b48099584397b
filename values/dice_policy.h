/*
 * The turn of bolo and bolo5 as a decision problem, solved exactly by
 * dynamic programming over (dice to roll, turn total): given what banking
 * a total is worth and what losing the turn is worth, the value of every
 * state under the best play, and from it the best keep and whether to
 * bank.  expect-bot asks for the most points (a bank is worth its total,
 * a lost turn nothing); win-bot asks for the best chance to win the game
 * (a bank is worth the chance to win from the new score).  Turn totals
 * are multiples of 50 (every keep is).  From the row `settled` on the
 * caller knows the play: bank as soon as the rules allow; there a state
 * is worth what the game's `reach` says instead of being solved.
 */
#ifndef VALUES_DICE_POLICY_H
#define VALUES_DICE_POLICY_H

#include <stdbool.h>

#include "dice_rolls.h"

/* Every keep is worth a multiple of this. */
#define DICE_POLICY_STEP 50

/* The dice left after a keep as the solver tells them apart (0: all the
 * dice again), and whether a bank may follow (rule 1.4 or 2.3). */
struct dice_policy_move {
	int slot;		/* 2 * dice left + (bank allowed) */
	int jump;		/* rows it adds: points / DICE_POLICY_STEP */
};

/* What a game's turn is made of (docs/games/bolo.md rules 1.3 to 1.5,
 * docs/games/bolo5.md rules 2.3 and 2.4). */
struct dice_policy_game {
	enum dice_rules rules;
	int dice;		/* all the dice: 7 (bolo), 5 (bolo5) */
	bool hot_may_bank;	/* bolo: with all dice aside one may bank */
	bool needs_quiet;	/* bolo5: bank only with a quiet die left */
	int jump;		/* the most rows one keep adds */
	double least_bust;	/* the least chance that a roll scores nothing */
	/* [n]: the chance that rolling n dice comes to a bank at all, when
	 * every bank is taken as soon as the rules allow and the total is
	 * past the threshold (bolo: a roll that scores; bolo5: a keep that
	 * leaves a quiet die, however many rolls that takes) */
	double reach[DICE_MAX + 1];
	struct roll_table roll[DICE_MAX + 1];	/* [n]: n dice rolled */
	/* [n]: one per keep of roll[n] */
	struct dice_policy_move *move[DICE_MAX + 1];
};

/* One solved turn: value[(n - 1) * settled + i] is the value of rolling n
 * dice with a turn total of i * DICE_POLICY_STEP (i below `settled`),
 * playing on as well as can be, and lost[] the same index the chance that
 * this play loses the turn (read them with dice_policy_turn_roll() and
 * dice_policy_turn_lost(), which know the rows past them);
 * bank[i] is what banking such a total is worth, `bust` what losing the
 * turn is worth, `threshold` the least total that may be banked.  Totals
 * above steps * DICE_POLICY_STEP count as that one.  From row `settled` on
 * (at most steps) the player banks as soon as the rules allow: rolling n
 * dice there is worth reach[n] * bank[i] + (1 - reach[n]) * bust, which
 * is exact when every bank after it is worth bank[i] (bolo5 past the
 * target) and is never chosen over a bank when a bank is allowed and
 * worth at least bust (what the caller must know of those rows). */
struct dice_policy_turn {
	const struct dice_policy_game *game;
	int steps, settled;
	long threshold;
	const double *bank;	/* steps + 1 values, the caller's */
	double bust;
	bool values_only;	/* lost[] not solved: NULL (less work) */
	double *value, *lost;
};

/* Builds the roll tables of "bolo" or "bolo5"; -1 for another game. */
int dice_policy_game_init(struct dice_policy_game *g, const char *game);
void dice_policy_game_free(struct dice_policy_game *g);

/* Solves t (t->value and, unless t->values_only, t->lost are allocated
 * here; free with dice_policy_turn_free). */
void dice_policy_turn_solve(struct dice_policy_turn *t);
void dice_policy_turn_free(struct dice_policy_turn *t);

/* The solver's work rows, kept from one solve to the next by a caller
 * that solves many turns of game g (values.h: no allocation of them a
 * turn); free with dice_policy_work_free(). */
struct dice_policy_work;
struct dice_policy_work *dice_policy_work_new(const struct dice_policy_game *g);
void dice_policy_work_free(struct dice_policy_work *w);
/* dice_policy_turn_solve() in w's rows (t of w's game). */
void dice_policy_turn_solve_in(struct dice_policy_turn *t,
			       struct dice_policy_work *w);

/* The value of having set aside a keep (k, from dice_rolls_keep_of()) out of
 * n dice rolled with turn total `total` before it: bank or roll on,
 * whichever is worth more, where the rules allow a bank. */
double dice_policy_turn_after(const struct dice_policy_turn *t, int n,
			      long total, const struct roll_keep *k);
/* The value of rolling n dice with turn total `total` (n = 0: all). */
double dice_policy_turn_roll(const struct dice_policy_turn *t, int n,
			     long total);
/* The chance that the turn is lost from there, under the same play. */
double dice_policy_turn_lost(const struct dice_policy_turn *t, int n,
			     long total);
/* What banking `total` is worth (the last value beyond the table). */
double dice_policy_turn_bank(const struct dice_policy_turn *t, long total);

#endif
