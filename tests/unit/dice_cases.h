/*
 * The rule-case interpreter shared by the dice games' test suites
 * (check_bolo.c, check_volle_lotte.c): runs the cases of a table under
 * tests/cases/ through the games' rules tables and the seams of
 * games/dice.h.  The format is described at the top of tests/cases/bolo.txt.
 */
#ifndef ARENA_DICE_CASES_H
#define ARENA_DICE_CASES_H

#include "games/game.h"

/* What a suite gives the interpreter: its games (NULL-terminated) and,
 * for volle-lotte, the card seam behind the "stack" directive. */
struct dice_cases {
	const char *table;	/* file name under tests/cases/ */
	const struct game_rules *const *games;
	void (*stack)(void *state, const char *const *cards, int n);
};

/* How many cases the table holds (1 when it cannot be read, so that the
 * one test says why). */
int dice_cases_count(const struct dice_cases *cases);
/* Runs the index-th case (from 0), failing the current Check test. */
void dice_cases_run(const struct dice_cases *cases, int index);

/* Plays a whole game of `players` with default options through the rules
 * table alone, from a key made of `seed`: the seat to move plays legal[0]
 * (pick 0) or a legal action drawn by rand_r (pick 1); `quitter` (unless
 * -1) forfeits after 50 actions.  Checks that the legal action played is
 * accepted and that actions legal lacks are refused with the state
 * unchanged (probed every 32 actions), that the game ends within a bound,
 * that the view agrees with the result and that ranks follow the scores
 * outside the winners.
 * Returns the number of actions played. */
int dice_cases_play(const struct game_rules *rules, int players,
		    unsigned seed, int pick, int quitter);

#endif
