/*
 * Unit tests for the Rolit bots' reader of a view (bots/rolit_turn.c) and the house's
 * one Rolit search (values/rolit_search.c, values/rolit_eval.c): a view
 * read back as the rules wrote it; the evaluation's exact value on a full
 * board and its preferences short of the end; the principal variation
 * search, run to
 * the end of the game on random positions of 2 players on every size,
 * finds the value of a plain minimax over the same bitboards (whose moves
 * check_rolit_mcts holds to the rules library's) and a square that keeps
 * it, with the transposition table kept from one search to the next; and
 * a search whose clock runs out stops within a few milliseconds of CPU.
 */
#include <string.h>
#include <time.h>

#include "games/registry.h"
#include "games/rolit.h"
#include "rolit_bits.h"
#include "rolit_turn.h"
#include "run_suite.h"
#include "search_clock.h"
#include "values/rolit_search.h"

/* The evaluation of `pos` (2 players) for `seat`: on a full board its
 * outcome and ball difference, else the weighing of rolit_eval.h. */
static int eval_value(const struct rolit_bits *pos, int seat)
{
	struct rolit_eval_pos p = rolit_bits_eval_pos(pos, seat);

	if (pos->to_move < 0)
		return rolit_eval_over(rolit_bits_popcount(p.own) -
				       rolit_bits_popcount(p.other));
	return rolit_eval_value(&p);
}

/* The view seat 0 gets of `rows` with `to_move` to play, read back. */
static void position(struct rolit_bits *pos, int size, int players,
		     int to_move, const char *const *rows)
{
	char err[GAME_ERR_LEN] = "";
	void *state = arena_rolit_from_rows(size, players, to_move, rows, err);
	cJSON *view;

	ck_assert_msg(state != NULL, "%s", err);
	view = arena_rolit_rules.view(state, 0);
	ck_assert_msg(rolit_turn_view(view, pos, err) == 0, "%s", err);
	cJSON_Delete(view);
	arena_rolit_rules.destroy(state);
}

static const char *const opening[] = {
	"........", "........", "........", "...RY...",
	"...BG...", "........", "........", "........",
};

/* The view of a game of 3 read back is the position of its rows. */
START_TEST(reads_the_view)
{
	struct rolit_bits pos, want;

	position(&pos, 8, 3, 1, opening);
	rolit_bits_from_rows(&want, 8, 3, 1, opening, 0);
	ck_assert_int_eq(pos.size, 8);
	ck_assert_int_eq(pos.players, 3);
	ck_assert_int_eq(pos.to_move, 1);
	ck_assert(rolit_bits_same(&pos, &want));
	ck_assert_uint_eq(pos.ball[0], 1ULL << 27);	/* R on D4 */
	ck_assert_uint_eq(pos.ball[1], 1ULL << 28);	/* Y on E4 */
	ck_assert_uint_eq(pos.ball[2], 1ULL << 36);	/* G on E5 */
	ck_assert_uint_eq(pos.ball[3], 1ULL << 35);	/* B on D5 */
}
END_TEST

START_TEST(refuses_what_is_not_a_rolit_view)
{
	struct rolit_bits pos;
	char err[GAME_ERR_LEN] = "";
	cJSON *view = cJSON_Parse("{\"size\":8,\"to_move\":0,\"colours\":[\"red\",\"pink\"],\"board\":[]}");

	ck_assert_int_eq(rolit_turn_view(view, &pos, err), -1);
	ck_assert_str_eq(err, "seat 1's colour is not red, yellow, green or blue");
	cJSON_Delete(view);
	view = cJSON_Parse("{\"board\":[]}");
	ck_assert_int_eq(rolit_turn_view(view, &pos, err), -1);
	ck_assert_str_eq(err, "the state is not a Rolit view: it needs \"size\" (4 to 8) and \"to_move\"");
	cJSON_Delete(view);
}
END_TEST

START_TEST(a_full_board_is_worth_its_outcome)
{
	static const char *const rows[] = {"RRRR", "GGGG", "RRRR", "GGGY"};
	struct rolit_bits pos;

	rolit_bits_from_rows(&pos, 4, 2, -1, rows, 0);
	/* 8 red, 7 green, one yellow that scores for nobody */
	ck_assert_int_eq(eval_value(&pos, 0),
			 ROLIT_EVAL_WIN + 1);
	ck_assert_int_eq(eval_value(&pos, 1),
			 -ROLIT_EVAL_WIN - 1);
}
END_TEST

/* Short of the end a corner is worth more than the square beside it
 * while that corner is empty, and less than a won game. */
START_TEST(corners_before_the_squares_beside_them)
{
	static const char *const corner[] = {
		"R.......", "........", "........", "...RG...",
		"...GR...", "........", "........", "........",
	};
	static const char *const beside[] = {
		"........", ".R......", "........", "...RG...",
		"...GR...", "........", "........", "........",
	};
	struct rolit_bits a, b;

	rolit_bits_from_rows(&a, 8, 2, 1, corner, 0);
	rolit_bits_from_rows(&b, 8, 2, 1, beside, 0);
	ck_assert_int_gt(eval_value(&a, 0),
			 eval_value(&b, 0));
	ck_assert_int_lt(eval_value(&a, 1),
			 eval_value(&b, 1));
	ck_assert_int_lt(eval_value(&a, 0), ROLIT_EVAL_WIN);
}
END_TEST

static unsigned next_random(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return *seed >> 16;
}

/* A position of 2 players on a `size` board with `empties` empty
 * squares, reached by random legal moves from the start. */
static void random_position(struct rolit_bits *pos, int size, int empties,
			    unsigned *seed)
{
	static const char *const starts[][8] = {
		{"....", ".RY.", ".BG.", "...."},
		{"......", "......", "..RY..", "..BG..", "......", "......"},
		{"........", "........", "........", "...RY...",
		 "...BG...", "........", "........", "........"},
	};

	rolit_bits_from_rows(pos, size, 2, (int)(next_random(seed) % 2),
			     starts[size / 2 - 2], 0);
	while (rolit_bits_popcount(pos->board & ~rolit_bits_occupied(pos)) >
	       empties) {
		uint64_t moves = rolit_bits_moves(pos, pos->to_move);
		int pick = (int)(next_random(seed) %
				 (unsigned)rolit_bits_popcount(moves));

		while (pick--)
			moves &= moves - 1;
		rolit_bits_play(pos, rolit_bits_first(moves));
	}
}

/* The value of `pos` for the seat to move by plain minimax to the end. */
static int minimax(const struct rolit_bits *pos)
{
	int best = -2 * ROLIT_EVAL_WIN;

	for (uint64_t set = rolit_bits_moves(pos, pos->to_move); set;
	     set &= set - 1) {
		struct rolit_bits next = *pos;
		int value;

		rolit_bits_play(&next, rolit_bits_first(set));
		value = next.to_move < 0
				? eval_value(&next, pos->to_move)
				: -minimax(&next);
		if (value > best)
			best = value;
	}
	return best;
}

START_TEST(the_search_to_the_end_is_minimax)
{
	static const int sizes[] = {4, 6, 8};
	static struct rolit_search_entry table[1u << 16];
	struct rolit_search ab;
	unsigned seed = 5858;

	rolit_search_init(&ab, table, 1u << 16, NULL, NULL);

	for (int k = 0; k < 3; k++)
		for (int empties = 1; empties <= 9; empties++)
			for (int game = 0; game < 3; game++) {
				struct rolit_bits pos, next;
				int expected, after;

				if (empties >= sizes[k] * sizes[k] - 4)
					continue;
				random_position(&pos, sizes[k], empties, &seed);
				expected = minimax(&pos);
				rolit_search_deepen(&ab, rolit_bits_eval_pos(
					&pos, pos.to_move), NULL, NULL);
				ck_assert_int_eq(ab.depth, empties);
				ck_assert_int_eq(ab.value, expected);
				ck_assert(rolit_bits_moves(&pos, pos.to_move) >>
					  ab.best & 1);
				next = pos;
				rolit_bits_play(&next, ab.best);
				after = next.to_move < 0
						? eval_value(
							  &next, pos.to_move)
						: -minimax(&next);
				ck_assert_int_eq(after, expected);
			}
}
END_TEST

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

START_TEST(the_search_stops_when_the_clock_does)
{
	static struct rolit_search_entry table[1u << 16];
	struct rolit_search ab;
	struct rolit_bits pos;
	struct search_clock stop;
	double start;

	rolit_bits_from_rows(&pos, 8, 2, 0, opening, 0);
	start = cpu_seconds();
	search_clock_start(&stop, NULL, 20);
	rolit_search_init(&ab, table, 1u << 16, search_clock_expired, &stop);
	rolit_search_deepen(&ab, rolit_bits_eval_pos(&pos, 0), NULL, NULL);
	ck_assert_double_lt(cpu_seconds() - start, 0.030);
	ck_assert_int_lt(ab.depth, 60);
	ck_assert_int_gt(ab.depth, 2);
	ck_assert(rolit_bits_moves(&pos, 0) >> ab.best & 1);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("rolit_search");
	TCase *tc = tcase_create("rolit_search");

	tcase_add_test(tc, reads_the_view);
	tcase_add_test(tc, refuses_what_is_not_a_rolit_view);
	tcase_add_test(tc, a_full_board_is_worth_its_outcome);
	tcase_add_test(tc, corners_before_the_squares_beside_them);
	tcase_add_test(tc, the_search_to_the_end_is_minimax);
	tcase_add_test(tc, the_search_stops_when_the_clock_does);
	suite_add_tcase(s, tc);
	return s;
}
