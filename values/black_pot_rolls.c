/*
 * The rolls of three dice for black-pot-lookahead (black_pot_rolls.h):
 * a distinct roll a >= b >= c comes 6 times in 216 when its dice differ,
 * 3 times with a pair, once with three alike.  A number's reach asks the
 * rules' move generator which numbers each roll can fill, on a board with
 * one free cell of every number.
 */
#include "black_pot_rolls.h"

#include <stdlib.h>

void black_pot_rolls_init(struct black_pot_rolls *rolls)
{
	int open[BLACK_POT_CELLS] = {0}, k = 0;

	for (int n = 1; n <= BLACK_POT_MAX_NUMBER; n++) {
		open[n - 1] = n;
		rolls->reach[n] = 0;
	}
	for (int a = 6; a >= 1; a--)
		for (int b = a; b >= 1; b--)
			for (int c = b; c >= 1; c--) {
				struct black_pot_move *moves;
				int *dice = rolls->dice[k], count;
				int ways = a == c ? 1 : a == b || b == c ? 3 : 6;
				int filled[BLACK_POT_MAX_NUMBER + 1] = {0};

				dice[0] = a;
				dice[1] = b;
				dice[2] = c;
				rolls->chance[k] = ways / 216.0;
				count = arena_black_pot_moves(dice, open, 3, &moves);
				for (int m = 0; m < count; m++)
					for (int i = 0; i < moves[m].count; i++)
						filled[moves[m].cells[i] + 1] = 1;
				free(moves);
				for (int n = 1; n <= BLACK_POT_MAX_NUMBER; n++)
					rolls->reach[n] += filled[n] * rolls->chance[k];
				k++;
			}
}
