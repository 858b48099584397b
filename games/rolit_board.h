/*
 * Rolit's board rules (docs/games/rolit.md): which squares a ball may go
 * on, the balls it captures, the board after it is placed, the balls of
 * each colour.  Pure and JSON-free: the referee's Rolit (rolit.c) plays
 * with these functions, and so do the JavaScript SDK's helpers through the
 * WebAssembly build of the rules (sdk/js/rules_wasm.c).
 */
#ifndef ARENA_ROLIT_BOARD_H
#define ARENA_ROLIT_BOARD_H

#include <stdbool.h>

#define ROLIT_MAX_SIZE 8
#define ROLIT_EMPTY '.'
/* The colours' letters on the board, in the sheet's order of play: red,
 * yellow, green, blue. */
#define ROLIT_LETTERS "RYGB"
#define ROLIT_COLOURS 4

/* A square board of side `size` (1..ROLIT_MAX_SIZE): cells[row][column]
 * from A1, a letter of ROLIT_LETTERS or ROLIT_EMPTY. */
struct rolit_board {
	int size;
	char cells[ROLIT_MAX_SIZE][ROLIT_MAX_SIZE];
};

/* Whether no square is empty. */
bool arena_rolit_board_full(const struct rolit_board *b);
/* count[c] = the balls of colour c (the index of its letter in
 * ROLIT_LETTERS). */
void arena_rolit_board_count(const struct rolit_board *b,
			     int count[ROLIT_COLOURS]);
/* Whether (row, col) has a ball next to it, in any of the 8 directions. */
bool arena_rolit_board_touches(const struct rolit_board *b, int row, int col);
/* How many balls a ball of colour `letter` on (row, col) would capture:
 * every run of other colours that ends at the nearest ball of its colour,
 * in each of the 8 directions.  When `captured` is not NULL, the squares
 * captured are set in it (the others are left as they are). */
int arena_rolit_board_captures(const struct rolit_board *b, int row, int col,
			       char letter,
			       bool captured[ROLIT_MAX_SIZE][ROLIT_MAX_SIZE]);
/* The legal squares (row * size + column) for colour `letter` into
 * squares: the capturing placements if there are any, else every empty
 * square touching a ball; row 1 first, A to H within a row.  Returns how
 * many. */
int arena_rolit_board_squares(const struct rolit_board *b, char letter,
			      int squares[ROLIT_MAX_SIZE * ROLIT_MAX_SIZE]);
/* Puts a ball of colour `letter` on (row, col) and turns the balls it
 * captures (the move is not checked). */
void arena_rolit_board_place(struct rolit_board *b, int row, int col,
			     char letter);

#endif
