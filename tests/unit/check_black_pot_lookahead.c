/*
 * Unit tests for black-pot-lookahead's rolls and evaluation
 * (values/black_pot_eval.c): the 56 rolls and how
 * often each number can be made (against counts from a separate
 * enumeration of every expression of three dice), the windows of the
 * fixed layout by points (as docs/games/black-pot.md counts them), a view
 * with a scored line read back from the rules' own state, and the
 * evaluation's preferences: completing a line, blocking one, saving a
 * pawn that would join nothing; the board read from the rules' state as
 * from a view, and the whole evaluation moved by a move as its delta
 * says, at every position of games played at random.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "values/black_pot_eval.h"
#include "games/black_pot.h"
#include "games/draws_fast.h"
#include "games/registry.h"
#include "run_suite.h"

/* Rolls out of 216 that can fill a cell numbered n, counted by trying
 * every split and bracketing of the three dice with exact division. */
static const int reach_216[BLACK_POT_MAX_NUMBER + 1] = {
	0, 216, 204, 193, 205, 201, 199, 166, 161, 148, 145, 102, 150, 57,
	69, 94, 70, 30, 83, 30, 86, 42, 30, 21, 90, 40,
};

START_TEST(rolls_and_reach)
{
	struct black_pot_rolls rolls;
	double total = 0;

	black_pot_rolls_init(&rolls);
	for (int r = 0; r < BLACK_POT_ROLLS_COUNT; r++) {
		total += rolls.chance[r];
		ck_assert_int_ge(rolls.dice[r][0], rolls.dice[r][1]);
		ck_assert_int_ge(rolls.dice[r][1], rolls.dice[r][2]);
	}
	ck_assert_double_eq_tol(total, 1, 1e-12);
	ck_assert_int_eq(rolls.dice[0][0], 6);
	ck_assert_double_eq_tol(rolls.chance[0], 1 / 216.0, 1e-15);
	ck_assert_int_eq(rolls.dice[BLACK_POT_ROLLS_COUNT - 1][0], 1);
	for (int n = 1; n <= BLACK_POT_MAX_NUMBER; n++)
		ck_assert_msg(rolls.reach[n] * 216 > reach_216[n] - 1e-9 &&
			      rolls.reach[n] * 216 < reach_216[n] + 1e-9,
			      "number %d: %g rolls of 216, not %d", n,
			      rolls.reach[n] * 216, reach_216[n]);
}
END_TEST

struct game {
	void *state;
	struct draws draws;
	struct black_pot_eval_board board;
	struct black_pot_eval eval;
	struct black_pot_rolls rolls;
};

/* A 2-player game on the fixed layout, seat 0 first, with `ivory` pawns
 * of ivory put down by hand and seat 0 then placing nothing (so that a
 * line they complete scores), read back through seat 1's view. */
static void game_set_up(struct game *g, const char *const *ivory, int count)
{
	unsigned char key[32] = {7};
	struct game_setup setup = {.players = 2, .first_seat = 0};
	cJSON *options = cJSON_Parse("{\"layout\":\"fixed\"}"), *legal, *view;
	char err[GAME_ERR_LEN] = "";

	arena_draws_init(&g->draws, key, NULL, NULL);
	setup.options = options;
	g->state = arena_black_pot_rules.create(&setup, &g->draws, err);
	ck_assert_msg(g->state != NULL, "%s", err);
	cJSON_Delete(options);
	for (int i = 0; i < count; i++)
		ck_assert_int_eq(arena_black_pot_put(g->state, ivory[i], 0, err), 0);
	legal = arena_black_pot_rules.legal(g->state);
	ck_assert_int_eq(arena_black_pot_rules.apply(g->state,
					       cJSON_GetArrayItem(legal, 0),
					       &g->draws, err), 0);
	cJSON_Delete(legal);
	view = arena_black_pot_rules.view(g->state, 1);
	ck_assert_msg(black_pot_eval_read_view(view, &g->board, err) == 0,
		      "%s", err);
	cJSON_Delete(view);
	black_pot_rolls_init(&g->rolls);
	black_pot_eval_init(&g->eval, &g->board, &g->rolls);
}

static void game_end(struct game *g)
{
	arena_black_pot_rules.destroy(g->state);
}

START_TEST(cell_names)
{
	ck_assert_int_eq(black_pot_eval_cell("A1"), 0);
	ck_assert_int_eq(black_pot_eval_cell("F6"), 5 * 11 + 5);
	ck_assert_int_eq(black_pot_eval_cell("K11"), 120);
	ck_assert_int_eq(black_pot_eval_cell("L1"), -1);
	ck_assert_int_eq(black_pot_eval_cell("A12"), -1);
	ck_assert_int_eq(black_pot_eval_cell("A0"), -1);
	ck_assert_int_eq(black_pot_eval_cell(""), -1);
	ck_assert_int_eq(black_pot_eval_cell(NULL), -1);
}
END_TEST

START_TEST(windows_of_the_fixed_layout)
{
	struct game g;
	int by_points[401] = {0};

	game_set_up(&g, NULL, 0);
	ck_assert_int_eq(g.eval.windows, 216);
	for (int w = 0; w < g.eval.windows; w++)
		by_points[g.eval.points[w]]++;
	ck_assert_int_eq(by_points[30], 128);
	ck_assert_int_eq(by_points[50], 2);
	ck_assert_int_eq(by_points[100], 65);
	ck_assert_int_eq(by_points[250], 19);
	ck_assert_int_eq(by_points[400], 2);
	game_end(&g);
}
END_TEST

/* C1 to G1 hold 6 24 16 23 1: a line of 30 once ivory fills them. */
START_TEST(reads_a_scored_line)
{
	static const char *const row1[] = {"C1", "D1", "E1", "F1", "G1"};
	struct game g;

	game_set_up(&g, row1, 5);
	ck_assert_int_eq(g.board.points[0], 30);
	ck_assert_int_eq(g.board.points[1], 0);
	ck_assert_int_eq(g.board.pawns[0], 40);
	ck_assert_int_eq(g.board.number[black_pot_eval_cell("F1")], 23);
	for (int i = 0; i < 5; i++) {
		int cell = black_pot_eval_cell(row1[i]);

		ck_assert_int_eq(g.board.owner[cell], 0);
		ck_assert_uint_eq(g.board.scored[cell], 1);
	}
	ck_assert_int_eq(g.board.owner[black_pot_eval_cell("H1")], -1);
	ck_assert_uint_eq(g.board.scored[black_pot_eval_cell("H1")], 0);
	game_end(&g);
}
END_TEST

/* Ivory holds C3 C4 C5 C6 of the column C3-C7 (19 14 8 19 21: four
 * black-pots, a line of 400). */
START_TEST(completing_and_blocking)
{
	static const char *const four[] = {"C3", "C4", "C5", "C6"};
	struct game g;
	struct black_pot_eval_board before;
	int c7 = black_pot_eval_cell("C7"), k6 = black_pot_eval_cell("K6");
	double complete, block, lone;

	game_set_up(&g, four, 4);
	before = g.board;
	complete = black_pot_eval_delta(&g.eval, &g.board, 0, &c7, 1);
	ck_assert_mem_eq(&before, &g.board, sizeof before);
	lone = black_pot_eval_delta(&g.eval, &g.board, 0, &k6, 1);
	/* the line's 400 less its last pawn, less what was already
	 * expected of it (21 is made by 42 rolls of 216) */
	ck_assert_double_gt(complete, (400 - 10) * (1 - g.eval.fill[21]));
	ck_assert_double_gt(complete, lone + 100);
	/* brown's pawn on C7 spoils it */
	block = black_pot_eval_delta(&g.eval, &g.board, 1, &c7, 1);
	ck_assert_double_gt(
		block, black_pot_eval_delta(&g.eval, &g.board, 1, &k6, 1) + 100);
	ck_assert_double_eq(
		black_pot_eval_delta(&g.eval, &g.board, 0, NULL, 0), 0);
	ck_assert_mem_eq(&before, &g.board, sizeof before);
	game_end(&g);
}
END_TEST

/* Where arena_black_pot_observation() counts the rolls made. */
#define ROLLS_MADE (7 * BLACK_POT_CELLS + 3)

/* A 2-player game with `layout`, its draws from `seed`. */
static void *game_random(struct draws *draws, const char *layout, int seed)
{
	unsigned char key[32] = {(unsigned char)seed, 3};
	char text[64], err[GAME_ERR_LEN] = "";
	struct game_setup setup = {.players = 2, .first_seat = seed % 2};
	cJSON *options;
	void *state;

	snprintf(text, sizeof text, "{\"layout\":\"%s\"}", layout);
	options = cJSON_Parse(text);
	arena_draws_init(draws, key, NULL, NULL);
	setup.options = options;
	state = arena_black_pot_rules.create(&setup, draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	cJSON_Delete(options);
	return state;
}

/* The board of `state` read from the rules and from the view of the seat
 * to move, the same. */
static void board_as_the_view(const void *state,
			      struct black_pot_eval_board *board)
{
	struct black_pot_eval_board seen;
	cJSON *view = arena_black_pot_rules.view(
		state, arena_black_pot_rules.to_move(state));
	char err[GAME_ERR_LEN] = "";

	ck_assert_msg(black_pot_eval_read_view(view, &seen, err) == 0, "%s", err);
	cJSON_Delete(view);
	black_pot_eval_board_of(state, board);
	ck_assert_mem_eq(board, &seen, sizeof seen);
}

/* Each legal move of `state` changes the whole evaluation of its side by
 * its delta, where neither a line nor the pawns in hand (5 or fewer can
 * close a window) move any window but its own. */
static void moves_as_their_delta(const struct black_pot_eval *eval,
				 const void *state,
				 struct black_pot_eval_board *board)
{
	int ids[GAME_MAX_MOVES], n = arena_black_pot_rules.moves(state, ids);
	int side = arena_black_pot_rules.to_move(state) % 2;
	double before = black_pot_eval_value(eval, board, side);

	for (int i = 0; i < n; i++) {
		int cells[3], count = arena_black_pot_move_cells(ids[i], cells);
		struct black_pot_eval_board after = *board;
		double delta;

		if (board->pawns[side] - count < 5 || board->pawns[1 - side] < 5)
			continue;
		delta = black_pot_eval_delta(eval, board, side, cells, count);
		black_pot_eval_play(&after, side, cells, count);
		ck_assert_double_eq_tol(black_pot_eval_value(eval, &after, side) -
						before, delta, 1e-9);
	}
}

/* Plays one game at random, checking every position. */
static int game_checked(struct black_pot_rolls *rolls, const char *layout,
			int seed)
{
	struct draws draws;
	void *state = game_random(&draws, layout, seed);
	struct black_pot_eval_board board;
	struct black_pot_eval eval;
	float numbers[7 * BLACK_POT_CELLS + 15];
	int positions = 0, made = 0, dice[3];
	uint64_t pick = (uint64_t)seed + 1;

	black_pot_eval_board_of(state, &board);
	black_pot_eval_init(&eval, &board, rolls);
	while (arena_black_pot_rules.to_move(state) >= 0) {
		int ids[GAME_MAX_MOVES], n = arena_black_pot_rules.moves(state, ids);

		arena_black_pot_observation(state, 0, numbers);
		ck_assert_int_eq(black_pot_eval_roll(state, dice),
				 numbers[ROLLS_MADE] > made);
		ck_assert(dice[0] >= dice[1] && dice[1] >= dice[2]);
		ck_assert_int_eq(dice[0] + dice[1] + dice[2],
				 numbers[ROLLS_MADE - 3] + numbers[ROLLS_MADE - 2] +
					 numbers[ROLLS_MADE - 1]);
		made = (int)numbers[ROLLS_MADE];
		board_as_the_view(state, &board);
		moves_as_their_delta(&eval, state, &board);
		arena_black_pot_rules.apply_move(
			state, ids[arena_splitmix64(&pick) % (uint64_t)n], &draws);
		positions++;
	}
	arena_black_pot_rules.destroy(state);
	return positions;
}

START_TEST(the_rules_state_as_a_view)
{
	struct black_pot_rolls rolls;
	int positions = 0;

	black_pot_rolls_init(&rolls);
	for (int seed = 0; seed < 6; seed++)
		positions += game_checked(&rolls, seed % 2 ? "random" : "fixed",
					  seed);
	ck_assert_int_gt(positions, 100);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("black_pot_lookahead");
	TCase *tc = tcase_create("black_pot_lookahead");

	tcase_add_test(tc, rolls_and_reach);
	tcase_add_test(tc, cell_names);
	tcase_add_test(tc, windows_of_the_fixed_layout);
	tcase_add_test(tc, reads_a_scored_line);
	tcase_add_test(tc, completing_and_blocking);
	tcase_add_test(tc, the_rules_state_as_a_view);
	suite_add_tcase(s, tc);
	return s;
}
