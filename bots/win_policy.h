/*
 * win-bot's tables for bolo5 with 2 players (RULES.md section 2, revision
 * 2: the first to bank to the target wins at once): the chance to win
 * from every pair of banked scores, by value iteration over (my score,
 * their score, turn total, dice to roll), the opponent assumed to play
 * expect-bot's policy (the most points per turn, dice_policy.h).
 * Scores are kept on a grid of `unit` points (a multiple of 50); a score
 * between grid points takes the linear interpolation of its neighbours.
 */
#ifndef BOTS_WIN_POLICY_H
#define BOTS_WIN_POLICY_H

#include "dice_policy.h"

#define WIN_GAIN_STEPS 600	/* an opponent's turn gains at most 30000 */

struct win_policy {
	struct policy_game game;	/* bolo5's rolls */
	long target, unit;
	int cells;		/* grid points per score: target / unit */
	/* [a * cells + b]: my chance to win with scores (a, b) * unit ...
	 * mine: when my turn starts; theirs: when theirs starts */
	const double *mine, *theirs;
	/* win_policy_init: the storage of mine (first) and theirs */
	double *solved;
	/* [k][g]: the chance that an expect-bot turn with threshold class
	 * k (650, 350, 750, 1000) banks g * 50 (g = 0: nothing) */
	double gain[4][WIN_GAIN_STEPS + 1];
};

/* Solves bolo5 to `target` (a multiple of `unit`, itself a multiple of
 * 50); -1 when they are not.  Takes seconds: win-bot loads the tables
 * that bots/win_table.c solved at build time instead. */
int win_policy_init(struct win_policy *w, long target, long unit);
/* Tables solved before (by win_policy_init), without solving again;
 * `mine` and `theirs` are the caller's and must outlive w. */
void win_policy_load(struct win_policy *w, long target, long unit,
		     const double *mine, const double *theirs);
void win_policy_free(struct win_policy *w);

/* bolo5's bank threshold for a banked score (rule 2.4). */
long win_threshold(long score);

/* My turn at exact scores (mine, theirs), solved with the tables' values
 * at its end: t->value is allocated (free with policy_turn_free), and
 * t->bank is `bank`, WIN_GAIN_STEPS + 1 values the caller provides. */
void win_policy_turn(const struct win_policy *w, long mine, long theirs,
		     struct policy_turn *t, double *bank);

#endif
