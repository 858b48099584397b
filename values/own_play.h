/*
 * The chances of two-player bolo and bolo5 when each of two players plays
 * as its own choices say (own_turn.h), where win_policy.h's are those of
 * the best play: what a roll is worth to these two players, who will make
 * of it what they make.  Luck measured by them takes out of a game's
 * result what the dice did to the two players as they play, so that what
 * is left is near the expected result of the pair (AIVAT's values of the
 * agents' own play; docs/ANALYSIS.md).
 *
 * Player m's turn is a win_policy.h turn whose tables are the other's
 * chances (its banks and its lost turns lead to the other's turn), so the
 * two players' tables are solved together, in win_solve.c's order: bolo's
 * sudden death from its last turn back, then the final turn, then the
 * pairs of scores from the highest sum down, each score pair's turns of
 * the two players by Newton's method on their lost turns.
 */
#ifndef VALUES_OWN_PLAY_H
#define VALUES_OWN_PLAY_H

#include <stdbool.h>

#include "own_turn.h"
#include "win_policy.h"

/* The kinds of spot a player's choices are told for: whether the player
 * has opened (banked before: bolo's 1000, bolo5's 650; in sudden death
 * every contender has) and the phase. */
enum { OWN_OPENED = 2, OWN_PHASES = 3 };

struct own_play {
	/* turns[m]: the model of player m's turns, its tables the other's
	 * chances (solved[1 - m]) */
	struct win_policy turns[2];
	/* solved[m]: player m's chance where its turn starts, laid out as
	 * win_policy.h's play, final and sudden, then (bolo) final_unopened */
	double *solved[2];
	/* choices[m][opened][phase]: player m's, NULL for the best play */
	const struct own_choices *choices[2][OWN_OPENED][OWN_PHASES];
};

/* The model of "bolo" or "bolo5" to `target` for two players with the
 * choices given (the caller's, to outlive o; NULL: the best play), tables
 * not solved; -1 for another game or a target not valid. */
int own_play_init(struct own_play *o, const char *game, long target,
		  const struct own_choices *choices[2][OWN_OPENED][OWN_PHASES]);
void own_play_free(struct own_play *o);

/* The kind of spot s, [opened][phase]: whether its player has opened. */
int own_play_opened(const struct win_spot *s);

/* Solves both players' tables (as long as win_policy_solve() takes, about
 * twice). */
void own_play_solve(struct own_play *o);

/* Player m's turn at spot s (covered: win_policy_covers()), solved for
 * its choices with the tables solved; free with win_policy_turn_free(). */
void own_play_turn(const struct own_play *o, int m, const struct win_spot *s,
		   struct win_turn *t);

#endif
