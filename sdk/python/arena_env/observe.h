/*
 * A seat's view (the `state` of its `turn`, docs/games/) as a vector of
 * numbers for learning, and the bound on the number of legal actions of
 * each game: what the environment's "observation" and "action_mask" are.
 * The numbers are read from the game's state or the view the rules
 * wrote, never computed by rules of their own, laid out from the seat's
 * side (its own score, its own balls or pawns first);
 * docs/ENVIRONMENT.md lists them.
 */
#ifndef ARENA_ENV_OBSERVE_H
#define ARENA_ENV_OBSERVE_H

#include <cjson/cJSON.h>

#include "games/game.h"

/* The most numbers of a dice game's observation (8 seats). */
#define OBSERVE_DICE_MOST 128

/* Writes the numbers of `view` (seat's view of a game of `rules`) into
 * out (NULL: only count them) and returns how many there are: for the
 * games whose numbers are not read from the state (Black-Pot). */
int observe_encode(const struct game_rules *rules, const cJSON *view,
		   float *out);

/* Writes seat's numbers, read from the game's state, into out (NULL:
 * only count them) and returns how many: the dice games and Rolit; -1
 * (nothing written) for Black-Pot.  target: the game's option "target",
 * -1 when it has none. */
int observe_state(const struct game_rules *rules, const void *state,
		  double target, int seat, float *out);

/* The size of the game's table of action ids (docs/ENVIRONMENT.md,
 * "Action ids"), that of a mask: `state` is a game of `rules`, `view`
 * its seat 0's view. */
int observe_actions(const struct game_rules *rules, const void *state,
		    const cJSON *view);

/* The most legal actions a position of the game has (of a table of
 * action_n ids): the width of a vector's legal ids. */
int observe_legal_most(const struct game_rules *rules, int action_n);

#endif
