/*
 * The end of a two-player Rolit game solved by search, for the estimates
 * (estimate.h): Rolit draws only at its start (who starts, an opening),
 * and every move fills one square, so that a position with few empty
 * squares left can be searched to its end, alpha-beta over the outcome
 * (a share of the win of 0, 1/2 or 1), on bitboards
 * (games/rolit_bitboard.h): its actions' values are then those of the
 * best play, exact.
 */
#ifndef VALUES_ESTIMATE_END_H
#define VALUES_ESTIMATE_END_H

#include <stdbool.h>

#include "estimate.h"

/* Positions with so many moves left or fewer are searched: on 8x8 from
 * positions of random play, 16 empty squares took 90 ms a decision in
 * the mean (the worst of 10, 0.43 s), 14 took 14 ms, and each square
 * more some 2.5 to 7 times as long (docs/ANALYSIS.md). */
#define ESTIMATE_END_MOVES 16

/* Room for a copy of the game's state. */
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
