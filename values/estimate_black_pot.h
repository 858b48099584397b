/*
 * Two-player Black-Pot valued by black-pot-lookahead's evaluation, for the
 * estimates (estimate.h), in place of random playouts.  A position's
 * score for a side is the evaluation of its board (black_pot_eval.h:
 * points, pawns in hand and windows, less the other side's), a chance to
 * win by a logistic whose scale was fitted against the results of games
 * played on (bench/black_pot_values, docs/ANALYSIS.md).  An action is
 * worth the score of the board it leaves to the seat that played it.  A
 * roll's luck, for the seat that plays it first, is what it lets both
 * sides make of it (each side's best move of it, as black-pot-lookahead
 * weighs the next roll) against the mean roll's: the position after the
 * draw is worth the action before it plus that difference in chance
 * (shrunk, for every roll of the position alike, where it would leave
 * [0, 1]), so that its mean over the 56 rolls is the action's value
 * exactly.  A position whose roll another seat played first is worth its
 * best action.
 */
#ifndef VALUES_ESTIMATE_BLACK_POT_H
#define VALUES_ESTIMATE_BLACK_POT_H

#include <stdbool.h>

#include "estimate.h"
#include "games/draws.h"

/* The logistic's scale: a score of this many points of the evaluation is
 * odds of e to 1 at 20 pawns in hand (the fewer of the two sides'), and
 * it grows by a factor of e every 1 / ESTIMATE_BLACK_POT_GROWTH pawns
 * more (doubles every 12.4): the evaluation's promise of windows tells
 * little early, its points much late.  The pair is the most likely for
 * the results of 2,000 games played on from 65,064 positions
 * (bench/black_pot_values 2000: log loss 0.496, against 0.518 for the
 * best single scale, 80). */
#define ESTIMATE_BLACK_POT_SCALE 102.3
#define ESTIMATE_BLACK_POT_GROWTH 0.056

struct estimate_black_pot;

/* The room for valuing games of `rules` with `players`, or NULL where
 * this does not value them (all but two-player Black-Pot). */
struct estimate_black_pot *estimate_black_pot_open(
	const struct game_rules *rules, int players);
void estimate_black_pot_close(struct estimate_black_pot *bp);

/* The chance to win of a side whose board scores `score`, `pawns` the
 * fewer of the two sides' pawns in hand. */
double estimate_black_pot_chance(double score, int pawns);

/* Each legal action at `state` (a seat to move) valued, into out; `draws`
 * rolls the dice an action that ends a roll draws, which its value does
 * not depend on.  Returns how many. */
int estimate_black_pot_actions(struct estimate_black_pot *bp,
			       const void *state, struct draws *draws,
			       struct estimate_action *out);

/* Each seat's chance at `state`, a seat to move, before its roll was
 * drawn: its board's, the mean of estimate_black_pot_state() over the
 * rolls (a game just made: what it is worth before its first roll). */
void estimate_black_pot_before(struct estimate_black_pot *bp,
			       const void *state,
			       double chance[GAME_MAX_SEATS]);

/* Each seat's chance at `state`, a seat to move, where its roll was just
 * drawn: true; false where another seat played the roll first (the
 * position is worth its best action). */
bool estimate_black_pot_state(struct estimate_black_pot *bp,
			      const void *state,
			      double chance[GAME_MAX_SEATS]);

#endif
