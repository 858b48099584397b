/*
 * The values of a game's states, for every program that asks (the
 * referee's `grade`, win-bot's tables): for a state of the rules library,
 * each seat's chance to win (a draw counts half), the value of each legal
 * action for the seat to move, and at a roll every outcome with its exact
 * probability.  Exact for two-player bolo and bolo5 (without the Yahtzee
 * clause), at any target: the chances where a turn starts are the tables
 * of win_policy.h, solved by policy iteration (win_solve.c), built into
 * the library at the default target (values_tables.h) and solved on
 * demand at another one (cached in a file when asked); a turn's states
 * are solved from them by dynamic programming (dice_policy.h).  No other
 * game has values yet: values_open() says so.
 */
#ifndef VALUES_VALUES_H
#define VALUES_VALUES_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "games/dice_score.h"
#include "games/game.h"

#define VALUES_SEATS 2		/* the games with values have two seats */
#define VALUES_ERR_LEN 4352	/* a path and words */
#define VALUES_HOW_LEN 4352	/* a path and words */
#define VALUES_OUTCOMES 792	/* the multisets of 7 dice of 6 faces */

struct values;

/* The values of `game` (a name of the registry) with `options` (every
 * option, as a log's header holds them) for `players`: NULL with the
 * reason in err (VALUES_ERR_LEN bytes) when there are no exact values.
 * The tables of a target other than the built-in one are solved here
 * (seconds to minutes, docs/ANALYSIS.md); with `cache` (a folder, or
 * NULL) they are read from a file there, or written there once solved
 * (the folder made if need be; a write that fails is said in how the
 * values were obtained, "... (not kept: cannot write ...)"). */
struct values *values_open(const char *game, const cJSON *options,
			   int players, const char *cache, char *err);
void values_close(struct values *v);

/* How the values were obtained, in words ("exact: ..."). */
const char *values_how(const struct values *v);

/* Each seat's chance to win at `state` (a state of the game opened):
 * the result once the game is over. */
void values_state(struct values *v, const void *state,
		  double chance[VALUES_SEATS]);

/* Each seat's chance to win when `first` is to start and nothing is
 * rolled yet. */
void values_start(struct values *v, int first, double chance[VALUES_SEATS]);

/* Each seat's chance when seat `me` has `value` (the game is zero sum:
 * the other seat has the rest). */
void values_split(double chance[VALUES_SEATS], int me, double value);

/* A legal action at a state: its id (the rules' moves()), and its value
 * for the seat to move (its chance to win, playing on as well as can be
 * after it); `chance`: dice are rolled after it. */
struct values_action {
	int move;
	double value;
	bool chance;
};

/* The legal actions at `state` (the game not over), in the order of the
 * rules' moves(), into out (GAME_MAX_MOVES room); returns how many. */
int values_actions(struct values *v, const void *state,
		   struct values_action *out);

/* One outcome of a roll: the dice (as counts of each face), in how many
 * of the 6^n ways of the roll it comes, and each seat's chance after it. */
struct values_outcome {
	int count[DICE_FACES + 1];
	long ways;
	double chance[VALUES_SEATS];
};

/* The outcomes of the roll that the action `move` (of moves(); "roll")
 * makes at `state`, into out (VALUES_OUTCOMES room: the multisets of
 * 7 dice); *of is 6^n, the sum of their ways.  -1 when the action rolls
 * no dice. */
int values_outcomes(struct values *v, const void *state, int move,
		    struct values_outcome *out, long *of);

#endif
