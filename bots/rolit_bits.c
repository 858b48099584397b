/*
 * Rolit on bitboards (rolit_bits.h).  A board smaller than 8x8 sits in
 * the corner A1 of the 64 bits, so a shift that leaves the board lands on
 * a bit outside `board` (or wraps round a row into column A or H, which
 * the direction's mask removes).
 */
#include "rolit_bits.h"

#include <string.h>

#define ROLIT_BITS_FILE_A 0x0101010101010101ULL
#define ROLIT_BITS_FILE_H 0x8080808080808080ULL

/* The 8 directions as shifts of the square's bit: east, west, north,
 * south, north-east, north-west, south-east, south-west. */
static const int rolit_bits_steps[8] = {1, -1, 8, -8, 9, 7, -7, -9};

/* The squares one step in direction d from `set`, on the board. */
static uint64_t rolit_bits_shift(const struct rolit_bits *pos, uint64_t set,
				 int d)
{
	int step = rolit_bits_steps[d];
	uint64_t moved = step > 0 ? set << step : set >> -step;

	/* Going east lands on column A after a wrap, going west on H. */
	if (step == 1 || step == 9 || step == -7)
		moved &= ~ROLIT_BITS_FILE_A;
	else if (step == -1 || step == 7 || step == -9)
		moved &= ~ROLIT_BITS_FILE_H;
	return moved & pos->board;
}

void rolit_bits_from_rows(struct rolit_bits *pos, int size, int players,
			  int to_move, const char *const *rows, unsigned out)
{
	static const int colours[3][ROLIT_BITS_SEATS] = {
		{0, 2, -1, -1}, {0, 1, 2, -1}, {0, 1, 2, 3},
	};

	memset(pos, 0, sizeof *pos);
	pos->size = size;
	pos->players = players;
	pos->to_move = to_move;
	pos->out = out;
	memcpy(pos->colour, colours[players - 2], sizeof pos->colour);
	for (int r = 0; r < size; r++)
		for (int c = 0; c < size; c++) {
			const char *at = strchr("RYGB", rows[r][c]);
			uint64_t bit = 1ULL << (r * 8 + c);

			pos->board |= bit;
			if (rows[r][c] != '.' && at && *at)
				pos->ball[at - "RYGB"] |= bit;
		}
}

uint64_t rolit_bits_occupied(const struct rolit_bits *pos)
{
	return pos->ball[0] | pos->ball[1] | pos->ball[2] | pos->ball[3];
}

uint64_t rolit_bits_moves(const struct rolit_bits *pos, int seat)
{
	uint64_t occupied = rolit_bits_occupied(pos);
	uint64_t own = pos->ball[pos->colour[seat]], other = occupied & ~own;
	uint64_t empty = pos->board & ~occupied, captures = 0, touching = 0;

	for (int d = 0; d < 8; d++) {
		/* Runs of other colours that start next to an own ball,
		 * followed by an empty square: capturing squares for a
		 * ball placed there, looking back along d. */
		uint64_t run = rolit_bits_shift(pos, own, d) & other;

		while (run) {
			uint64_t next = rolit_bits_shift(pos, run, d);

			captures |= next & empty;
			run = next & other;
		}
		touching |= rolit_bits_shift(pos, occupied, d);
	}
	return captures ? captures : touching & empty;
}

uint64_t rolit_bits_flips(const struct rolit_bits *pos, int seat, int square)
{
	uint64_t own = pos->ball[pos->colour[seat]];
	uint64_t other = rolit_bits_occupied(pos) & ~own, flips = 0;

	for (int d = 0; d < 8; d++) {
		uint64_t run = 0, at = rolit_bits_shift(pos, 1ULL << square, d);

		while (at & other) {
			run |= at;
			at = rolit_bits_shift(pos, at, d);
		}
		if (at & own)
			flips |= run;
	}
	return flips;
}

int rolit_bits_next(const struct rolit_bits *pos, int seat)
{
	for (int i = 1; i <= pos->players; i++) {
		int other = (seat + i) % pos->players;

		if (!(pos->out >> other & 1))
			return other;
	}
	return seat;
}

void rolit_bits_play(struct rolit_bits *pos, int square)
{
	int seat = pos->to_move;
	uint64_t turned = rolit_bits_flips(pos, seat, square) | 1ULL << square;

	for (int c = 0; c < ROLIT_BITS_COLOURS; c++)
		pos->ball[c] &= ~turned;
	pos->ball[pos->colour[seat]] |= turned;
	pos->to_move = rolit_bits_occupied(pos) == pos->board
			       ? -1 : rolit_bits_next(pos, seat);
}

int rolit_bits_count(const struct rolit_bits *pos, int seat)
{
	return rolit_bits_popcount(pos->ball[pos->colour[seat]]);
}

bool rolit_bits_same(const struct rolit_bits *a, const struct rolit_bits *b)
{
	return !memcmp(a->ball, b->ball, sizeof a->ball) &&
	       a->board == b->board && a->to_move == b->to_move &&
	       a->out == b->out && a->players == b->players;
}
