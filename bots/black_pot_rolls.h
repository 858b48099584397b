/*
 * The 56 distinct rolls of three dice with their probabilities, and how
 * likely a roll is to make each number 1..25 (found with the rules' own
 * move generator, black_pot_moves), for black-pot-lookahead.
 */
#ifndef ARENA_BLACK_POT_ROLLS_H
#define ARENA_BLACK_POT_ROLLS_H

#include "games/black_pot.h"

#define BPROLLS_COUNT 56

struct bprolls {
	int dice[BPROLLS_COUNT][3]; /* highest die first */
	double chance[BPROLLS_COUNT]; /* sums to 1 */
	/* reach[n]: the chance that a roll can fill a cell numbered n */
	double reach[BLACK_POT_MAX_NUMBER + 1];
};

/* Fills in the table (once per program). */
void bprolls_init(struct bprolls *rolls);

#endif
