/*
 * Unit tests for Rolit's legal squares on bitboards
 * (arena_rolit_board_squares(), games/rolit_board.c): the same squares in
 * the same order as the square-by-square method they replaced (kept here
 * as the reference: every empty square touching a ball, those where some
 * direction's run of other colours ends at a ball of the mover's colour
 * when there are any), over many random boards of every size the board
 * holds (1 to 8) and every colour; and arena_rolit_board_touches() the
 * reference's squares next to a ball.
 */
#include <stdlib.h>
#include <string.h>

#include "games/rolit_board.h"
#include "run_suite.h"

static const int dirs[8][2] = {
	{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1},
};

static bool on_board(const struct rolit_board *b, int r, int c)
{
	return r >= 0 && r < b->size && c >= 0 && c < b->size;
}

/* The reference: whether (row, col) has a ball next to it. */
static bool next_to_ball(const struct rolit_board *b, int row, int col)
{
	for (int d = 0; d < 8; d++) {
		int r = row + dirs[d][0], c = col + dirs[d][1];

		if (on_board(b, r, c) && b->cells[r][c] != ROLIT_EMPTY)
			return true;
	}
	return false;
}

/* The reference: whether a ball of `letter` on (row, col) captures. */
static bool captures(const struct rolit_board *b, int row, int col,
		     char letter)
{
	for (int d = 0; d < 8; d++) {
		int r = row + dirs[d][0], c = col + dirs[d][1], n = 0;

		for (; on_board(b, r, c) && b->cells[r][c] != ROLIT_EMPTY;
		     r += dirs[d][0], c += dirs[d][1], n++)
			if (b->cells[r][c] == letter) {
				if (n)
					return true;
				break;
			}
	}
	return false;
}

static int reference_squares(const struct rolit_board *b, char letter,
			     int *squares)
{
	int touching[64], captured = 0, touches = 0;

	for (int r = 0; r < b->size; r++)
		for (int c = 0; c < b->size; c++) {
			if (b->cells[r][c] != ROLIT_EMPTY ||
			    !next_to_ball(b, r, c))
				continue;
			touching[touches++] = r * b->size + c;
			if (captures(b, r, c, letter))
				squares[captured++] = r * b->size + c;
		}
	if (!captured)
		memcpy(squares, touching, (size_t)touches * sizeof *squares);
	return captured ? captured : touches;
}

/* A random board: each square empty with probability empty / 8. */
static void random_board(struct rolit_board *b, int size, int empty,
			 unsigned *seed)
{
	static const char letters[] = ROLIT_LETTERS;

	memset(b, ROLIT_EMPTY, sizeof *b);
	b->size = size;
	for (int r = 0; r < size; r++)
		for (int c = 0; c < size; c++)
			if ((int)(rand_r(seed) % 8) >= empty)
				b->cells[r][c] = letters[rand_r(seed) % 4];
}

START_TEST(bitboards_are_the_reference)
{
	unsigned seed = 57;
	long positions = 0, capturing = 0;

	for (int size = 1; size <= ROLIT_MAX_SIZE; size++)
		for (int i = 0; i < 20000; i++) {
			struct rolit_board b;
			int want[64], got[64], n, m;
			char letter = ROLIT_LETTERS[i % 4];

			random_board(&b, size, 1 + i % 7, &seed);
			n = reference_squares(&b, letter, want);
			m = arena_rolit_board_squares(&b, letter, got);
			ck_assert_int_eq(m, n);
			ck_assert_mem_eq(got, want, (size_t)n * sizeof *got);
			for (int k = 0; k < size * size; k++)
				ck_assert_int_eq(arena_rolit_board_touches(&b, k / size, k % size),
						 next_to_ball(&b, k / size, k % size));
			positions++;
			capturing += n && captures(&b, want[0] / size,
						   want[0] % size, letter);
		}
	/* the boards are varied: both rules of the answer are met often */
	ck_assert_int_gt(capturing, positions / 4);
	ck_assert_int_lt(capturing, positions * 3 / 4);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("rolit_board");
	TCase *t = tcase_create("squares");

	tcase_add_test(t, bitboards_are_the_reference);
	suite_add_tcase(s, t);
	return s;
}
