/*
 * Rolit's board rules (see rolit_board.h): runs captured in the 8
 * directions as in Othello, compulsory capture (the legal squares found
 * on bitboards), the balls of each colour.
 * No I/O, no allocation, no JSON.
 */
#include "rolit_board.h"

#include <stdint.h>
#include <string.h>

#include "rolit_bitboard.h"

/* The 8 directions as (row, column) steps. */
static const int rolit_dirs[8][2] = {
	{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1},
};

static bool rolit_on_board(const struct rolit_board *b, int row, int col)
{
	return row >= 0 && row < b->size && col >= 0 && col < b->size;
}

bool arena_rolit_board_full(const struct rolit_board *b)
{
	for (int row = 0; row < b->size; row++)
		if (memchr(b->cells[row], ROLIT_EMPTY, (size_t)b->size))
			return false;
	return true;
}

void arena_rolit_board_count(const struct rolit_board *b,
			     int count[ROLIT_COLOURS])
{
	static const char letters[] = ROLIT_LETTERS;

	memset(count, 0, ROLIT_COLOURS * sizeof *count);
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			const char *at = b->cells[row][col] == ROLIT_EMPTY ? NULL :
				strchr(letters, b->cells[row][col]);

			if (at && *at)
				count[at - letters]++;
		}
}

bool arena_rolit_board_touches(const struct rolit_board *b, int row, int col)
{
	for (int d = 0; d < 8; d++) {
		int r = row + rolit_dirs[d][0], c = col + rolit_dirs[d][1];

		if (rolit_on_board(b, r, c) && b->cells[r][c] != ROLIT_EMPTY)
			return true;
	}
	return false;
}

/* How many balls a ball of colour `letter` on (row, col) captures in
 * direction d: the length of the run of other colours that ends at the
 * nearest ball of that colour, or 0 when an empty square or the edge
 * comes first. */
static int rolit_run(const struct rolit_board *b, int row, int col,
		     char letter, int d)
{
	int r = row + rolit_dirs[d][0], c = col + rolit_dirs[d][1], n = 0;

	for (; rolit_on_board(b, r, c) && b->cells[r][c] != ROLIT_EMPTY;
	     r += rolit_dirs[d][0], c += rolit_dirs[d][1], n++)
		if (b->cells[r][c] == letter)
			return n;
	return 0;
}

int arena_rolit_board_captures(const struct rolit_board *b, int row, int col,
			       char letter,
			       bool captured[ROLIT_MAX_SIZE][ROLIT_MAX_SIZE])
{
	int total = 0;

	for (int d = 0; d < 8; d++) {
		int n = rolit_run(b, row, col, letter, d);

		for (int i = 1; captured && i <= n; i++)
			captured[row + i * rolit_dirs[d][0]]
				[col + i * rolit_dirs[d][1]] = true;
		total += n;
	}
	return total;
}

/* Bitboards (rolit_bitboard.h), whatever the size (every size fits:
 * 1..ROLIT_MAX_SIZE); finding the legal squares square by square was
 * most of a step of the environment's Rolit. */
typedef uint64_t rolit_bits;

/* The board's squares, its balls and those of colour `letter`. */
static void rolit_bits_of(const struct rolit_board *b, char letter,
			  rolit_bits *squares, rolit_bits *balls,
			  rolit_bits *own)
{
	*squares = *balls = *own = 0;
	for (int r = 0; r < b->size; r++)
		for (int c = 0; c < b->size; c++) {
			char cell = b->cells[r][c];
			rolit_bits bit = (rolit_bits)1 << (r * 8 + c);

			*squares |= bit;
			if (cell != ROLIT_EMPTY)
				*balls |= bit;
			if (cell == letter)
				*own |= bit;
		}
}

/* The squares (row * size + column) of the bits set, in increasing
 * order; how many. */
static int rolit_bits_list(rolit_bits bits, int size, int *squares)
{
	int n = 0;

	for (int at = 0; bits; at++, bits >>= 1)
		if (bits & 1)
			squares[n++] = (at / 8) * size + at % 8;
	return n;
}

int arena_rolit_board_squares(const struct rolit_board *b, char letter,
			      int squares[ROLIT_MAX_SIZE * ROLIT_MAX_SIZE])
{
	rolit_bits board, balls, own;

	rolit_bits_of(b, letter, &board, &balls, &own);
	return rolit_bits_list(arena_rolit_legal(own, balls, board & ~balls),
			       b->size, squares);
}

void arena_rolit_board_place(struct rolit_board *b, int row, int col,
			     char letter)
{
	/* The runs of the 8 directions are on rays from (row, col) that
	 * share no square: each is turned as soon as it is found. */
	for (int d = 0; d < 8; d++) {
		int n = rolit_run(b, row, col, letter, d);

		for (int i = 1; i <= n; i++)
			b->cells[row + i * rolit_dirs[d][0]]
				[col + i * rolit_dirs[d][1]] = letter;
	}
	b->cells[row][col] = letter;
}
