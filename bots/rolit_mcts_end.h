/*
 * rolit-mcts's exact endgame: the last empty squares searched to the end
 * of the game.  With 2 players an alpha-beta for the win (a null window
 * around a draw, far faster than the exact ball difference); with 3 or 4
 * max^n, every seat playing for its own balls.  It stops when the
 * clock runs out, so the bot can fall back on its tree.
 */
#ifndef BOTS_ROLIT_MCTS_END_H
#define BOTS_ROLIT_MCTS_END_H

#include "rolit_bits.h"
#include "search_clock.h"

/* Solves `pos` (not finished): the seat to move's best square into
 * *square (the lowest of equal ones in max^n; with 2 players a square
 * that keeps the result, any legal one on a loss) and the game's result
 * under best play into value[]: with 2 players value[s] is 1, 0 or -1 as
 * seat s wins, draws or loses; with 3 or 4 value[s] is seat s's balls.
 * 0, or -1 when `clock` (NULL: none) ran out first. */
int rolit_mcts_end_solve(const struct rolit_bits *pos,
			 const struct search_clock *clock, int *square,
			 int value[ROLIT_BITS_SEATS]);

#endif
