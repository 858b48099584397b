/*
 * Rolit's board rules (see rolit_board.h): runs captured in the 8
 * directions as in Othello, compulsory capture (the legal squares found
 * on bitboards), the balls of each colour.
 * No I/O, no allocation, no JSON.
 */
#include "rolit_board.h"

#include <stdint.h>
#include <string.h>

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

/* Bitboards: bit row * 8 + column of a 64-bit word, whatever the size
 * (every size fits: 1..ROLIT_MAX_SIZE); finding the legal squares square
 * by square was most of a step of the environment's Rolit. */
typedef uint64_t rolit_bits;

#define ROLIT_NOT_A (~(rolit_bits)0x0101010101010101u)
#define ROLIT_NOT_H (~(rolit_bits)0x8080808080808080u)

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

/* Every square one step from `bits` in direction d (rolit_dirs' order:
 * east, south-east, south, south-west, west, north-west, north,
 * north-east; south is a higher row), none wrapping around an edge. */
static rolit_bits rolit_shift(rolit_bits bits, int d)
{
	switch (d) {
	case 0: return (bits & ROLIT_NOT_H) << 1;
	case 1: return (bits & ROLIT_NOT_H) << 9;
	case 2: return bits << 8;
	case 3: return (bits & ROLIT_NOT_A) << 7;
	case 4: return (bits & ROLIT_NOT_A) >> 1;
	case 5: return (bits & ROLIT_NOT_A) >> 9;
	case 6: return bits >> 8;
	default: return (bits & ROLIT_NOT_H) >> 7;
	}
}

/* The empty squares where a ball of `own` would capture: from each of
 * its balls, a run of others (as in Othello, every other colour) ending
 * at an empty square. */
static rolit_bits rolit_capturing(rolit_bits own, rolit_bits others,
				  rolit_bits empty)
{
	rolit_bits moves = 0;

	for (int d = 0; d < 8; d++) {
		rolit_bits run = rolit_shift(own, d) & others;

		for (int i = 0; i < ROLIT_MAX_SIZE - 3; i++)
			run |= rolit_shift(run, d) & others;
		moves |= rolit_shift(run, d) & empty;
	}
	return moves;
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
	rolit_bits board, balls, own, empty, touching = 0, capturing;

	rolit_bits_of(b, letter, &board, &balls, &own);
	empty = board & ~balls;
	for (int d = 0; d < 8; d++)
		touching |= rolit_shift(balls, d);
	touching &= empty;
	capturing = rolit_capturing(own, balls & ~own, empty);
	return rolit_bits_list(capturing ? capturing : touching, b->size,
			       squares);
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
