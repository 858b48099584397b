/*
 * win-bot's tables for bolo5 with 2 players (RULES.md section 2, revision
 * 2: the first to bank to the target wins at once): the chance to win
 * from every pair of banked scores, by value iteration over (my score,
 * their score, turn total, dice to roll), the opponent assumed to play
 * expect-bot's policy (the most points per turn, dice_policy.h).
 * Every score is kept: bolo5's scores are multiples of 50, so 200 x 200
 * pairs to 10000.  Only the chances at the start of a turn are kept; the
 * turn itself (turn total, dice to roll) is solved again from them.
 */
#ifndef BOTS_WIN_POLICY_H
#define BOTS_WIN_POLICY_H

#include "dice_policy.h"

#define WIN_GAIN_STEPS 600	/* an opponent's turn gains at most 30000 */

struct win_policy {
	struct policy_game game;	/* bolo5's rolls */
	long target;
	int cells;		/* scores below the target: target / 50 */
	/* [a * cells + b]: my chance to win with scores (a, b) * 50 ...
	 * mine: when my turn starts; theirs: when theirs starts */
	const double *mine, *theirs;
	/* win_policy_init: the storage of mine (first) and theirs */
	double *solved;
	/* [k][g]: the chance that an expect-bot turn with threshold class
	 * k (650, 350, 750, 1000) banks g * 50 (g = 0: nothing) */
	double gain[4][WIN_GAIN_STEPS + 1];
};

/* Solves bolo5 to `target` (a positive multiple of 50; -1 when it is
 * not).  Takes seconds: win-bot loads the tables that bots/win_table.c
 * solved at build time instead. */
int win_policy_init(struct win_policy *w, long target);
/* Tables solved before (by win_policy_init), without solving again;
 * `mine` and `theirs` are the caller's and must outlive w. */
void win_policy_load(struct win_policy *w, long target,
		     const double *mine, const double *theirs);
void win_policy_free(struct win_policy *w);

/* bolo5's bank threshold for a banked score (rule 2.4). */
long win_threshold(long score);

/* Whether the tables hold scores (mine, theirs): multiples of 50, from 0
 * to below the target. */
bool win_policy_covers(const struct win_policy *w, long mine, long theirs);

/* My turn at scores (mine, theirs) (covered), solved with the tables' values
 * at its end: t->value is allocated (free with policy_turn_free), and
 * t->bank is `bank`, WIN_GAIN_STEPS + 1 values the caller provides. */
void win_policy_turn(const struct win_policy *w, long mine, long theirs,
		     struct policy_turn *t, double *bank);

#endif
