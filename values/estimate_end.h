/*
 * The end of a two-player Rolit game solved by search, for the estimates
 * (estimate.h): Rolit draws only at its start (who starts, an opening),
 * and every move fills one square, so that a position with few empty
 * squares left can be searched to its end, alpha-beta over seat 0's
 * share of the win (0, 1/2 or 1): its actions' values are then those of
 * the best play, exact.
 */
#ifndef VALUES_ESTIMATE_END_H
#define VALUES_ESTIMATE_END_H

#include <stdbool.h>

#include "estimate.h"

/* Positions with so many moves left or fewer are searched (at most some
 * tens of milliseconds a decision). */
#define ESTIMATE_END_MOVES 10

/* Room for the positions of one search: ESTIMATE_END_MOVES + 1 states. */
void *estimate_end_room(const struct game_rules *rules);

/* Whether `state` (of a game with `players`, not over) is an end the
 * search solves. */
bool estimate_end_reached(const struct game_rules *rules, int players,
			  const void *state, void *room);

/* Each legal action's exact value at such an end, into out (both seats'
 * chances, `exact` set); returns how many. */
int estimate_end_actions(const struct game_rules *rules, const void *state,
			 void *room, struct estimate_action *out);

#endif
