/*
 * Rolit's board rules (see rolit_board.h): runs captured in the 8
 * directions as in Othello and compulsory capture, all on the bitboards
 * of rolit_bitboard.h, and the balls of each colour.
 * No I/O, no allocation, no JSON.
 */
#include "rolit_board.h"

#include <stdint.h>
#include <string.h>

#include "rolit_bitboard.h"

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

/* Bitboards (rolit_bitboard.h), whatever the size (every size fits:
 * 1..ROLIT_MAX_SIZE); finding the legal squares square by square was
 * most of a step of the environment's Rolit, and the captures are the
 * bots' own (bots/rolit_bits.c). */
typedef uint64_t rolit_bits;

/* The board's bit of (row, col). */
static rolit_bits rolit_bit(int row, int col)
{
	return (rolit_bits)1 << (row * 8 + col);
}

/* The board's squares, its balls and those of colour `letter`. */
static void rolit_bits_of(const struct rolit_board *b, char letter,
			  rolit_bits *squares, rolit_bits *balls,
			  rolit_bits *own)
{
	*squares = *balls = *own = 0;
	for (int r = 0; r < b->size; r++)
		for (int c = 0; c < b->size; c++) {
			char cell = b->cells[r][c];
			rolit_bits bit = rolit_bit(r, c);

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

bool arena_rolit_board_touches(const struct rolit_board *b, int row, int col)
{
	rolit_bits board, balls, own;

	rolit_bits_of(b, '\0', &board, &balls, &own);	/* no colour's */
	return arena_rolit_around(rolit_bit(row, col)) & balls;
}

/* The balls a ball of colour `letter` on (row, col) turns. */
static rolit_bits rolit_flips(const struct rolit_board *b, int row, int col,
			      char letter)
{
	rolit_bits board, balls, own;

	rolit_bits_of(b, letter, &board, &balls, &own);
	return arena_rolit_flips(rolit_bit(row, col), own, balls & ~own);
}

int arena_rolit_board_captures(const struct rolit_board *b, int row, int col,
			       char letter,
			       bool captured[ROLIT_MAX_SIZE][ROLIT_MAX_SIZE])
{
	rolit_bits flips = rolit_flips(b, row, col, letter);

	for (rolit_bits f = flips; captured && f; f &= f - 1)
		captured[__builtin_ctzll(f) / 8][__builtin_ctzll(f) % 8] = true;
	return __builtin_popcountll(flips);
}

void arena_rolit_board_place(struct rolit_board *b, int row, int col,
			     char letter)
{
	for (rolit_bits f = rolit_flips(b, row, col, letter); f; f &= f - 1)
		b->cells[__builtin_ctzll(f) / 8][__builtin_ctzll(f) % 8] = letter;
	b->cells[row][col] = letter;
}
