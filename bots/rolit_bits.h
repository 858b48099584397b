/*
 * Rolit on bitboards for rolit-mcts: one 64-bit set of squares per colour
 * (bit row * 8 + column, A1 = bit 0, whatever the board's size), legal
 * squares found for all squares at once by shifting, and a placement's
 * captures walked along its 8 rays.  The rules are those of
 * docs/games/rolit.md (compulsory capture, else any empty square touching
 * a ball; forfeited seats skipped); tests/unit/check_rolit_mcts.c checks
 * them against the referee's own rules library on random positions.
 */
#ifndef BOTS_ROLIT_BITS_H
#define BOTS_ROLIT_BITS_H

#include <stdbool.h>
#include <stdint.h>

#include "values/rolit_eval.h"

#define ROLIT_BITS_SEATS 4
#define ROLIT_BITS_COLOURS 4

struct rolit_bits {
	uint64_t ball[ROLIT_BITS_COLOURS]; /* R, Y, G, B */
	uint64_t board;                    /* the squares of the board */
	int size, players;
	int to_move;   /* a seat, or -1 once the board is full */
	unsigned out;  /* bit s set: seat s has forfeited */
	int colour[ROLIT_BITS_SEATS]; /* each seat's colour index */
};

/* The position of `rows` (as the view's "board": rows[0] = row 1, 'R',
 * 'Y', 'G', 'B' or '.') on a board of side `size` (4 to 8) with
 * `players` seats (2 to 4), seat `to_move` to play (-1 on a full board)
 * and the seats of the bit set `out` forfeited. */
void rolit_bits_from_rows(struct rolit_bits *pos, int size, int players,
			  int to_move, const char *const *rows, unsigned out);

/* Every ball on the board. */
uint64_t rolit_bits_occupied(const struct rolit_bits *pos);

/* The legal squares of `seat` (whoever is to move): the capturing ones
 * if any, else every empty square touching a ball. */
uint64_t rolit_bits_moves(const struct rolit_bits *pos, int seat);

/* The empty squares where a ball of `seat` would capture. */
uint64_t rolit_bits_capturing(const struct rolit_bits *pos, int seat);

/* The balls a ball of `seat` on the empty square `square` captures. */
uint64_t rolit_bits_flips(const struct rolit_bits *pos, int seat,
			  int square);

/* The seat to move puts a ball on `square` (one of its legal squares);
 * the turn passes to the next seat still playing, or to -1 on a full
 * board. */
void rolit_bits_play(struct rolit_bits *pos, int square);

/* Balls of `seat`'s colour. */
int rolit_bits_count(const struct rolit_bits *pos, int seat);

/* Whether two positions are the same (balls, seat to move, forfeits). */
bool rolit_bits_same(const struct rolit_bits *a, const struct rolit_bits *b);

/* The position of a game of 2 for `seat` as the values' Rolit search
 * and evaluation take it (values/rolit_eval.h): its balls against the
 * other seat's. */
struct rolit_eval_pos rolit_bits_eval_pos(const struct rolit_bits *pos,
					  int seat);

/* The lowest square of a non-empty set. */
static inline int rolit_bits_first(uint64_t set)
{
	return __builtin_ctzll(set);
}

static inline int rolit_bits_popcount(uint64_t set)
{
	return __builtin_popcountll(set);
}

#endif
