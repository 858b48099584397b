/*
 * Rolit's captures on bitboards, one piece for the rules library
 * (rolit_board.c: the environment's, the referee's and the JavaScript
 * SDK's legal squares), the bots' searches (bots/rolit_bits.c), whose
 * hot path it is, and the grader's search of Rolit's end
 * (values/estimate_end.c).  A set of squares is a 64-bit word, bit
 * row * 8 + column (A1 = bit 0) whatever the board's size: a board
 * smaller than 8x8 sits in the corner A1, so a shift that leaves it
 * lands on a bit that is no square of it, or wraps round a row into file
 * A or H, which the direction's mask removes.  Static inline, each
 * direction a constant: every direction compiles to a shift and an and,
 * with no branch.
 */
#ifndef ARENA_ROLIT_BITBOARD_H
#define ARENA_ROLIT_BITBOARD_H

#include <stdint.h>

#define ARENA_ROLIT_FILE_A 0x0101010101010101ULL
#define ARENA_ROLIT_FILE_H 0x8080808080808080ULL

/* `set` moved `step` bits (one square in a direction), the squares a
 * wrap round a row would reach removed by `mask`. */
static inline uint64_t arena_rolit_step(uint64_t set, int step, uint64_t mask)
{
	return (step > 0 ? set << step : set >> -step) & mask;
}

/* The union over every direction of `f(args..., step, mask)`, each
 * direction as its step and its mask: along a row (+1 toward H, -1
 * toward A), along a column (+8 toward the higher rows, -8 toward row
 * 1), and the four diagonals.  Squares off a smaller board are never in
 * `own`, `other` or `empty`, so only the wraps need a mask. */
#define ARENA_ROLIT_UNION(f, ...) \
	(f(__VA_ARGS__, 1, ~ARENA_ROLIT_FILE_A) | \
	 f(__VA_ARGS__, -1, ~ARENA_ROLIT_FILE_H) | f(__VA_ARGS__, 8, ~0ULL) | \
	 f(__VA_ARGS__, -8, ~0ULL) | f(__VA_ARGS__, 9, ~ARENA_ROLIT_FILE_A) | \
	 f(__VA_ARGS__, 7, ~ARENA_ROLIT_FILE_H) | \
	 f(__VA_ARGS__, -7, ~ARENA_ROLIT_FILE_A) | \
	 f(__VA_ARGS__, -9, ~ARENA_ROLIT_FILE_H))

/* The run of `other` from the squares one step from `from`: a run is at
 * most 6 balls long (8 squares less its two ends), so it grows 5 times
 * without a test (no branch to mispredict). */
static inline uint64_t arena_rolit_run(uint64_t from, uint64_t other,
				       int step, uint64_t mask)
{
	uint64_t run = arena_rolit_step(from, step, mask) & other;

	for (int i = 0; i < 5; i++)
		run |= arena_rolit_step(run, step, mask) & other;
	return run;
}

/* The empty squares from which a ball captures looking back along the
 * direction: runs of other colours that start next to an own ball and
 * are followed by an empty square. */
static inline uint64_t arena_rolit_captures(uint64_t own, uint64_t other,
					    uint64_t empty, int step,
					    uint64_t mask)
{
	return arena_rolit_step(arena_rolit_run(own, other, step, mask), step,
				mask) & empty;
}

/* The balls a ball on `bit` turns in one direction: the run of other
 * colours from it, if an own ball ends it (the square after any ball of
 * the run but the last is in the run). */
static inline uint64_t arena_rolit_ray(uint64_t bit, uint64_t own,
				       uint64_t other, int step, uint64_t mask)
{
	uint64_t run = arena_rolit_run(bit, other, step, mask);

	return arena_rolit_step(run, step, mask) & own ? run : 0;
}

/* The empty squares where a ball of `own` captures (as in Othello, a run
 * of `other`, every other colour, between it and an own ball). */
static inline uint64_t arena_rolit_capturing(uint64_t own, uint64_t other,
					     uint64_t empty)
{
	return ARENA_ROLIT_UNION(arena_rolit_captures, own, other, empty);
}

/* The balls of `other` a ball of `own` on the empty square `bit` turns. */
static inline uint64_t arena_rolit_flips(uint64_t bit, uint64_t own,
					 uint64_t other)
{
	return ARENA_ROLIT_UNION(arena_rolit_ray, bit, own, other);
}

/* The squares next to some square of `set` in any of the 8 directions
 * (some may lie off a board smaller than 8x8). */
static inline uint64_t arena_rolit_around(uint64_t set)
{
	return ARENA_ROLIT_UNION(arena_rolit_step, set);
}

/* The legal squares of `own` among `empty` on a board whose balls are
 * `balls`: the capturing ones if any (capture is compulsory), else every
 * empty square touching a ball. */
static inline uint64_t arena_rolit_legal(uint64_t own, uint64_t balls,
					 uint64_t empty)
{
	uint64_t captures = arena_rolit_capturing(own, balls & ~own, empty);

	return captures ? captures : arena_rolit_around(balls) & empty;
}

#endif
