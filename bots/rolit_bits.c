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

/* `set` moved `step` bits (one square in a direction), the squares a
 * wrap round a row would reach removed by `mask`.  Inline with constant
 * arguments, each direction compiles to a shift and an and. */
static inline uint64_t rolit_bits_step(uint64_t set, int step, uint64_t mask)
{
	return (step > 0 ? set << step : set >> -step) & mask;
}

/* Every direction as its step and its mask: east, west, north, south,
 * north-east, north-west, south-east, south-west.  Squares off a smaller
 * board are never in `own`, `other` or `empty`, so only the wraps need a
 * mask. */
#define ROLIT_BITS_EACH_DIRECTION(F) \
	F(1, ~ROLIT_BITS_FILE_A) F(-1, ~ROLIT_BITS_FILE_H) F(8, ~0ULL) \
	F(-8, ~0ULL) F(9, ~ROLIT_BITS_FILE_A) F(7, ~ROLIT_BITS_FILE_H) \
	F(-7, ~ROLIT_BITS_FILE_A) F(-9, ~ROLIT_BITS_FILE_H)

/* The empty squares from which a ball captures looking back along the
 * direction: runs of other colours that start next to an own ball and
 * are followed by an empty square.  A run is at most 6 balls long, so
 * the run grows 5 times without a test (no branch to mispredict). */
static inline uint64_t rolit_bits_captures(uint64_t own, uint64_t other,
					   uint64_t empty, int step,
					   uint64_t mask)
{
	uint64_t run = rolit_bits_step(own, step, mask) & other;

	for (int i = 0; i < 5; i++)
		run |= rolit_bits_step(run, step, mask) & other;
	return rolit_bits_step(run, step, mask) & empty;
}

/* The balls a ball on `bit` turns in one direction: the run of other
 * colours from it, grown as in rolit_bits_captures, if an own ball ends
 * it (the square after any ball of the run but the last is in the run). */
static inline uint64_t rolit_bits_ray(uint64_t bit, uint64_t own,
				      uint64_t other, int step, uint64_t mask)
{
	uint64_t run = rolit_bits_step(bit, step, mask) & other;

	for (int i = 0; i < 5; i++)
		run |= rolit_bits_step(run, step, mask) & other;
	return rolit_bits_step(run, step, mask) & own ? run : 0;
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

uint64_t rolit_bits_around(uint64_t set)
{
#define ROLIT_BITS_AROUND(step, mask) | rolit_bits_step(set, step, mask)
	return 0 ROLIT_BITS_EACH_DIRECTION(ROLIT_BITS_AROUND);
#undef ROLIT_BITS_AROUND
}

uint64_t rolit_bits_capturing(const struct rolit_bits *pos, int seat)
{
	uint64_t occupied = rolit_bits_occupied(pos);
	uint64_t own = pos->ball[pos->colour[seat]], other = occupied & ~own;
	uint64_t empty = pos->board & ~occupied;

#define ROLIT_BITS_CAPTURING(step, mask) \
	| rolit_bits_captures(own, other, empty, step, mask)
	return 0 ROLIT_BITS_EACH_DIRECTION(ROLIT_BITS_CAPTURING);
#undef ROLIT_BITS_CAPTURING
}

uint64_t rolit_bits_moves(const struct rolit_bits *pos, int seat)
{
	uint64_t captures = rolit_bits_capturing(pos, seat);
	uint64_t occupied = rolit_bits_occupied(pos);

	return captures ? captures
			: rolit_bits_around(occupied) & pos->board & ~occupied;
}

uint64_t rolit_bits_flips(const struct rolit_bits *pos, int seat, int square)
{
	uint64_t own = pos->ball[pos->colour[seat]], bit = 1ULL << square;
	uint64_t other = rolit_bits_occupied(pos) & ~own;

#define ROLIT_BITS_FLIPS(step, mask) \
	| rolit_bits_ray(bit, own, other, step, mask)
	return 0 ROLIT_BITS_EACH_DIRECTION(ROLIT_BITS_FLIPS);
#undef ROLIT_BITS_FLIPS
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

uint64_t rolit_bits_key(const struct rolit_bits *pos)
{
	uint64_t k = pos->ball[0] * 0x9E3779B97F4A7C15ULL ^
		     pos->ball[2] * 0xC2B2AE3D27D4EB4FULL ^
		     (pos->ball[1] | pos->ball[3]) * 0x165667B19E3779F9ULL ^
		     pos->board ^ (uint64_t)pos->to_move << 1 ^
		     (uint64_t)pos->out << 3;

	k = (k ^ k >> 30) * 0xBF58476D1CE4E5B9ULL;
	k = (k ^ k >> 27) * 0x94D049BB133111EBULL;
	k ^= k >> 31;
	return k ? k : 1;
}
