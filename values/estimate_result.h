/*
 * A game over as the values, exact (values.c) or estimated
 * (estimate.h), and the grade count it: each seat's share of the win.  A
 * leaf of its own, so that the estimators of one game
 * (estimate_black_pot.h) and the playouts that call them (estimate.c)
 * both count a result without calling each other.
 */
#ifndef VALUES_ESTIMATE_RESULT_H
#define VALUES_ESTIMATE_RESULT_H

#include "games/game.h"

/* Each seat's share of the result `r`: 1 among the winners (rank 1),
 * 0 else; the grade's result too (referee/grade/grade.c). */
void estimate_shares(const struct game_result *r, int players,
		     double chance[GAME_MAX_SEATS]);

/* estimate_shares() of the game over at `state`. */
void estimate_result(const struct game_rules *rules, int players,
		     const void *state, double chance[GAME_MAX_SEATS]);

#endif
