/*
 * Unit tests for rolit-search's position and evaluation
 * (bots/rolit_search_pos.c, bots/rolit_search_eval.c): a view read back
 * as the rules wrote it, legal squares and moves that agree with
 * arena_rolit_rules for the seat to move and for any other seat (Best-Reply
 * Search lets any opponent reply), forfeited seats left out, and the
 * evaluation's exact value on a full board and its preferences short of
 * the end.
 */
#include <string.h>

#include "games/registry.h"
#include "games/rolit.h"
#include "rolit_search_eval.h"
#include "rolit_search_pos.h"
#include "run_suite.h"

/* The position of `rows` with `to_move` to play, read from the view seat
 * 0 gets of the rules' own state; forfeit: a seat that left, or -1. */
static void position(struct rolit_search_pos *pos, int size, int players,
		     int to_move, const char *const *rows, int forfeit)
{
	char err[GAME_ERR_LEN] = "";
	void *state = arena_rolit_from_rows(size, players, to_move, rows, err);
	cJSON *view;

	ck_assert_msg(state != NULL, "%s", err);
	if (forfeit >= 0)
		arena_rolit_rules.forfeit(state, forfeit, NULL);
	view = arena_rolit_rules.view(state, 0);
	ck_assert_msg(rolit_search_pos_from_view(view, pos, err) == 0, "%s",
		      err);
	cJSON_Delete(view);
	arena_rolit_rules.destroy(state);
}

static const char *const opening[] = {
	"........", "........", "........", "...RY...",
	"...BG...", "........", "........", "........",
};

START_TEST(reads_the_view)
{
	struct rolit_search_pos pos;

	position(&pos, 8, 3, 1, opening, -1);
	ck_assert_int_eq(pos.size, 8);
	ck_assert_int_eq(pos.players, 3);
	ck_assert_int_eq(pos.to_move, 1);
	ck_assert_int_eq(pos.letter[0], 'R');
	ck_assert_int_eq(pos.letter[1], 'Y');
	ck_assert_int_eq(pos.letter[2], 'G');
	ck_assert_str_eq(pos.rows[3], "...RY...");
	ck_assert_int_eq(rolit_search_pos_empties(&pos), 60);
	ck_assert_int_eq(rolit_search_pos_count(&pos, 'B'), 1);
}
END_TEST

START_TEST(refuses_what_is_not_a_rolit_view)
{
	struct rolit_search_pos pos;
	char err[GAME_ERR_LEN] = "";
	cJSON *view = cJSON_Parse("{\"size\":8,\"to_move\":0,\"colours\":[\"red\",\"pink\"],\"board\":[]}");

	ck_assert_int_eq(rolit_search_pos_from_view(view, &pos, err), -1);
	ck_assert_str_eq(err, "seat 1's colour is not red, yellow, green or blue");
	cJSON_Delete(view);
	view = cJSON_Parse("{\"board\":[]}");
	ck_assert_int_eq(rolit_search_pos_from_view(view, &pos, err), -1);
	ck_assert_str_eq(err, "the state is not a Rolit view: it needs \"size\" (4 to 8) and \"to_move\"");
	cJSON_Delete(view);
}
END_TEST

/* Squares are row * 8 + column: D3 = 2 * 8 + 3. */
START_TEST(moves_are_the_rules_moves)
{
	struct rolit_search_pos pos;
	int moves[ROLIT_SEARCH_POS_MAX_SQUARES];

	position(&pos, 8, 2, 0, opening, -1);
	/* red captures yellow by F4, blue by D6, green by F6 (unplayed
	 * colours are balls like any others) */
	ck_assert_int_eq(rolit_search_pos_moves(&pos, 0, moves), 3);
	ck_assert_int_eq(moves[0], 3 * 8 + 5);
	ck_assert_int_eq(moves[1], 5 * 8 + 3);
	ck_assert_int_eq(moves[2], 5 * 8 + 5);
	/* green, though not to move, by C3, E3 and C5 */
	ck_assert_int_eq(rolit_search_pos_moves(&pos, 1, moves), 3);
	ck_assert_int_eq(moves[0], 2 * 8 + 2);
	ck_assert_int_eq(moves[1], 2 * 8 + 4);
	ck_assert_int_eq(moves[2], 4 * 8 + 2);
}
END_TEST

START_TEST(plays_through_the_rules)
{
	struct rolit_search_pos pos, next;

	position(&pos, 8, 2, 0, opening, -1);
	ck_assert_int_eq(rolit_search_pos_play(&pos, 0, 5 * 8 + 5, 1, &next), 0);
	ck_assert_str_eq(next.rows[4], "...BR...");
	ck_assert_str_eq(next.rows[5], ".....R..");
	ck_assert_int_eq(next.to_move, 1);
	ck_assert_int_eq(rolit_search_pos_count(&next, 'R'), 3);
	/* the rules refuse a square that touches no ball, and an occupied one */
	ck_assert_int_eq(rolit_search_pos_play(&pos, 0, 0, 1, &next), -1);
	ck_assert_int_eq(rolit_search_pos_play(&pos, 0, 3 * 8 + 3, 1, &next),
			 -1);
}
END_TEST

START_TEST(the_last_ball_ends_the_game)
{
	static const char *const rows[] = {"RRRR", "GGGG", "RRRR", "GGG."};
	struct rolit_search_pos pos, next;
	int moves[ROLIT_SEARCH_POS_MAX_SQUARES];

	position(&pos, 4, 2, 0, rows, -1);
	ck_assert_int_eq(rolit_search_pos_moves(&pos, 0, moves), 1);
	ck_assert_int_eq(moves[0], 15);
	ck_assert_int_eq(rolit_search_pos_play(&pos, 0, 15, 1, &next), 0);
	ck_assert_int_eq(next.to_move, -1);
	/* D4 captures nothing (no red beyond the greens): 9 red, 7 green */
	ck_assert_int_eq(rolit_search_eval_value(&next, 0),
			 ROLIT_SEARCH_EVAL_BALL * (9 - 7));
	ck_assert_int_eq(rolit_search_eval_value(&next, 1),
			 ROLIT_SEARCH_EVAL_BALL * (7 - 9));
}
END_TEST

START_TEST(forfeited_seats_are_left_out)
{
	struct rolit_search_pos pos;
	int seats[ROLIT_SEARCH_POS_MAX_SEATS];

	position(&pos, 8, 4, 0, opening, 2);
	ck_assert(pos.forfeited[2]);
	ck_assert_int_eq(rolit_search_pos_opponents(&pos, 0, seats), 2);
	ck_assert_int_eq(seats[0], 1);
	ck_assert_int_eq(seats[1], 3);
	ck_assert_int_eq(rolit_search_pos_opponents(&pos, 3, seats), 2);
	ck_assert_int_eq(seats[0], 0);
	ck_assert_int_eq(seats[1], 1);
}
END_TEST

/* Short of the end a corner is worth more than the square next to it
 * while that corner is empty, whatever the ball count says. */
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
	struct rolit_search_pos a, b;

	position(&a, 8, 2, 1, corner, -1);
	position(&b, 8, 2, 1, beside, -1);
	ck_assert_int_gt(rolit_search_eval_value(&a, 0),
			 rolit_search_eval_value(&b, 0));
	ck_assert_int_lt(rolit_search_eval_value(&a, 1),
			 rolit_search_eval_value(&b, 1));
	ck_assert_int_lt(rolit_search_eval_value(&a, 0), ROLIT_SEARCH_EVAL_BALL);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("rolit_search");
	TCase *tc = tcase_create("rolit_search");

	tcase_add_test(tc, reads_the_view);
	tcase_add_test(tc, refuses_what_is_not_a_rolit_view);
	tcase_add_test(tc, moves_are_the_rules_moves);
	tcase_add_test(tc, plays_through_the_rules);
	tcase_add_test(tc, the_last_ball_ends_the_game);
	tcase_add_test(tc, forfeited_seats_are_left_out);
	tcase_add_test(tc, corners_before_the_squares_beside_them);
	suite_add_tcase(s, tc);
	return s;
}
