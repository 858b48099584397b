/*
 * Two-player Rolit's middle game valued by a search, for the estimates
 * (estimate.h): before its end is solved (estimate_end.h), a position's
 * value is the house's Rolit search (rolit_search.h) to a depth, its score turned into the seat to move's
 * chance to win by a logistic fitted against the solved end
 * (bench/rolit_values, docs/ANALYSIS.md).  One function of the position
 * alone, f: a position is worth f to its seat to move, and an action
 * what f gives the other seat after it, left to the seat that played, so
 * that what an opening's draw gave is f after it less the mean of f over
 * the draws it could have been: mean zero.
 */
#ifndef VALUES_ESTIMATE_SEARCH_H
#define VALUES_ESTIMATE_SEARCH_H

#include <stdbool.h>

#include "estimate.h"
#include "rolit_eval.h"

/* How many plies a position is searched (an action's value looks one
 * more ahead): of 0 to 5, 4 picked the exactly best action most often at
 * 16 and 18 empty squares (87%, against 73% and 75% for the former
 * playouts), at 0.1 s of the grader's CPU a game of 8x8; 5 took three
 * times as long for no better (bench/README.md, "Rolit's middle game
 * searched"). */
#define ESTIMATE_SEARCH_DEPTH 4

/* The logistic's scale: a score of this many points of the evaluation is
 * odds of e to 1, the most likely of the exact values of 186 positions'
 * actions at 16 and 18 empty squares (bench/rolit_values 16,18 300). */
#define ESTIMATE_SEARCH_SCALE 15.9

/* Whether the search values games of `rules` with `players`: two-player
 * Rolit. */
bool estimate_search_values(const struct game_rules *rules, int players);

/* Whether `state` (of `rules` with `players`) is a two-player Rolit
 * position with a seat to move and the seats alternating (none has
 * forfeited), which the search values; `room` as estimate_end_room(). */
bool estimate_search_reached(const struct game_rules *rules, int players,
			     const void *state, void *room);

/* The chance to win of a seat whose position scores `score`, on the
 * logistic of scale `scale`: 1, 1/2 or 0 where the game is over. */
double estimate_search_chance(int score, double scale);

/* Each legal action's value at such a position, into out (both seats'
 * chances); returns how many. */
int estimate_search_actions(const struct game_rules *rules, const void *state,
			    struct estimate_action *out);

/* Each seat's chance at such a position: f to the seat to move. */
void estimate_search_state(const struct game_rules *rules, const void *state,
			   double chance[GAME_MAX_SEATS]);

#endif
