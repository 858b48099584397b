/*
 * The 56 distinct rolls of three dice with their probabilities, and how
 * likely a roll is to make each number 1..25 (found with the rules' own
 * move generator, arena_black_pot_moves), for black-pot-lookahead.
 */
#ifndef BOTS_BLACK_POT_ROLLS_H
#define BOTS_BLACK_POT_ROLLS_H

#include "games/black_pot.h"

#define BLACK_POT_ROLLS_COUNT 56

struct black_pot_rolls {
	int dice[BLACK_POT_ROLLS_COUNT][3]; /* highest die first */
	double chance[BLACK_POT_ROLLS_COUNT]; /* sums to 1 */
	/* reach[n]: the chance that a roll can fill a cell numbered n */
	double reach[BLACK_POT_MAX_NUMBER + 1];
};

/* Fills in the table (once per program). */
void black_pot_rolls_init(struct black_pot_rolls *rolls);

#endif
