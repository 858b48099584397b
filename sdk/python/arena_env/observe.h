/*
 * A seat's view of a game as a vector of numbers for learning, and the
 * size of each game's table of action ids: what the environment's
 * "observation" and "action_mask" are.  The numbers are the rules' own,
 * read from the game's state without JSON (games/dice.h, games/rolit.h,
 * games/black_pot.h), never computed by rules of their own, laid out
 * from the seat's side (its own score, its own balls or pawns first);
 * docs/ENVIRONMENT.md lists them.
 */
#ifndef ARENA_ENV_OBSERVE_H
#define ARENA_ENV_OBSERVE_H

#include "games/game.h"

/* The most numbers of an observation (a dice game's of 8 seats, or
 * Black-Pot's of 4). */
#define OBSERVE_MOST 1024

/* Writes seat's numbers, read from the game's state, into out (NULL:
 * only count them) and returns how many. */
int observe_state(const struct game_rules *rules, const void *state,
		  int seat, float *out);

/* The size of the game's table of action ids (docs/ENVIRONMENT.md,
 * "Action ids"), that of a mask: `state` is a game of `rules`. */
int observe_actions(const struct game_rules *rules, const void *state);

/* The most legal actions a position of the game has (of a table of
 * action_n ids): the width of a vector's legal ids. */
int observe_legal_most(const struct game_rules *rules, int action_n);

#endif
