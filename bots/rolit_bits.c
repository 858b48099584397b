/*
 * Rolit on bitboards (rolit_bits.h): the position and its play around
 * the rules library's captures (games/rolit_bitboard.h, inline, so that
 * the search's hot path makes no call for them).
 */
#include "rolit_bits.h"

#include <string.h>

#include "games/rolit_bitboard.h"

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

uint64_t rolit_bits_capturing(const struct rolit_bits *pos, int seat)
{
	uint64_t occupied = rolit_bits_occupied(pos);
	uint64_t own = pos->ball[pos->colour[seat]], other = occupied & ~own;

	return arena_rolit_capturing(own, other, pos->board & ~occupied);
}

uint64_t rolit_bits_moves(const struct rolit_bits *pos, int seat)
{
	uint64_t occupied = rolit_bits_occupied(pos);

	return arena_rolit_legal(pos->ball[pos->colour[seat]], occupied,
				 pos->board & ~occupied);
}

uint64_t rolit_bits_flips(const struct rolit_bits *pos, int seat, int square)
{
	uint64_t own = pos->ball[pos->colour[seat]];

	return arena_rolit_flips(1ULL << square, own,
				 rolit_bits_occupied(pos) & ~own);
}

/* The seat after `seat` still playing (seat itself if it is the only
 * one). */
static int rolit_bits_next(const struct rolit_bits *pos, int seat)
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

struct rolit_eval_pos rolit_bits_eval_pos(const struct rolit_bits *pos,
					  int seat)
{
	uint64_t occupied = rolit_bits_occupied(pos);
	struct rolit_eval_pos p = {
		.own = pos->ball[pos->colour[seat]],
		.other = pos->ball[pos->colour[rolit_bits_next(pos, seat)]],
		.empty = pos->board & ~occupied, .size = pos->size,
	};

	p.idle = occupied & ~p.own & ~p.other;
	return p;
}
