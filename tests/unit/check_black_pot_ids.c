/*
 * Unit tests for Black-Pot's move ids and its rules without JSON
 * (games/black_pot_ids.c, moves() and apply_move() in games/black_pot.c;
 * docs/games/black-pot.md, "Move ids"): the id table against its
 * formulas, exact ids of hand-made positions, and whole seeded games in
 * which every decision's moves() is checked against legal() position by
 * position (the cells of each id, the JSON of each id, the id of each
 * JSON action, arena_black_pot_legal_ids() the same ids ascending) while one copy of the game is played through apply() and
 * another through apply_move(), their views and results compared after
 * every move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "games/black_pot.h"
#include "games/registry.h"
#include "run_suite.h"

#define SIDE BLACK_POT_SIDE
#define RULES arena_black_pot_rules

/* A cell's number "F6" -> row * 11 + column. */
static int cell_of(const char *name)
{
	return (atoi(name + 1) - 1) * SIDE + (name[0] - 'A');
}

static void *game_new(int players, int first, const char *layout,
		      unsigned char key_byte, struct draws *draws)
{
	unsigned char key[32] = {key_byte, 42};
	struct game_setup setup = {.players = players, .first_seat = first};
	cJSON *options = cJSON_CreateObject();
	char err[ERR_LEN] = "";
	void *state;

	arena_draws_init(draws, key, NULL, NULL);
	cJSON_AddStringToObject(options, "layout", layout);
	setup.options = options;
	state = RULES.create(&setup, draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	cJSON_Delete(options);
	return state;
}

/* Every id's cells and back: the board's 109 cells in board order give
 * the formulas of docs/games/black-pot.md; each id is one set of cells. */
START_TEST(id_table)
{
	struct draws draws;
	void *state = game_new(2, 0, "fixed", 1, &draws);
	cJSON *view = RULES.view(state, 0);
	const cJSON *rows = cJSON_GetObjectItem(view, "numbers");
	int board[BLACK_POT_BOARD_CELLS], n = 0, cells[3];

	for (int c = 0; c < BLACK_POT_CELLS; c++)
		if (cJSON_GetArrayItem(cJSON_GetArrayItem(rows, c / SIDE), c % SIDE)
			    ->valueint)
			board[n++] = c;
	ck_assert_int_eq(n, BLACK_POT_BOARD_CELLS);
	for (int id = 0; id < BLACK_POT_MOVE_IDS; id++) {
		int count = arena_black_pot_move_cells(id, cells), want;
		int x[3] = {-1, -1, -1};

		for (int i = 0; i < count; i++)
			for (int b = 0; b < n; b++)
				if (board[b] == cells[i])
					x[i] = b;
		want = count == 0 ? 0 : count == 1 ? 1 + x[0] :
		       count == 2 ? 110 + x[1] * (x[1] - 1) / 2 + x[0] :
		       5996 + x[2] * (x[2] - 1) * (x[2] - 2) / 6 +
		       x[1] * (x[1] - 1) / 2 + x[0];
		ck_assert_msg(count >= 0 && count <= 3, "id %d", id);
		for (int i = 0; i < count; i++)
			ck_assert_msg(x[i] >= 0 && (i == 0 || x[i] > x[i - 1]),
				      "id %d: cell %d", id, cells[i]);
		ck_assert_int_eq(want, id);
		ck_assert_int_eq(arena_black_pot_move_id(cells, count), id);
	}
	ck_assert_int_eq(arena_black_pot_move_cells(0, cells), 0);
	ck_assert_int_eq(arena_black_pot_move_cells(1, cells), 1);
	ck_assert_int_eq(cells[0], cell_of("C1"));
	ck_assert_int_eq(arena_black_pot_move_cells(109, cells), 1);
	ck_assert_int_eq(cells[0], cell_of("I11"));
	ck_assert_int_eq(arena_black_pot_move_cells(BLACK_POT_MOVE_IDS - 1, cells), 3);
	ck_assert_int_eq(cells[0], cell_of("G11"));
	ck_assert_int_eq(cells[2], cell_of("I11"));
	ck_assert_int_eq(arena_black_pot_move_cells(-1, cells), -1);
	ck_assert_int_eq(arena_black_pot_move_cells(BLACK_POT_MOVE_IDS, cells), -1);
	cJSON_Delete(view);
	RULES.destroy(state);
}
END_TEST

/* Ids of sets given in any order, and the sets that have none. */
START_TEST(id_of_cells)
{
	int pair[2] = {cell_of("I2"), cell_of("C1")};
	int triple[3] = {cell_of("I4"), cell_of("C1"), cell_of("I2")};
	int cut[1] = {cell_of("A1")}, twice[2] = {cell_of("F6"), cell_of("F6")};
	int four[4] = {cell_of("C1"), cell_of("D1"), cell_of("E1"), cell_of("F1")};
	int outside[1] = {BLACK_POT_CELLS};

	ck_assert_int_eq(arena_black_pot_move_id(NULL, 0), 0);
	ck_assert_int_eq(arena_black_pot_move_id(pair, 2), 201);
	ck_assert_int_eq(arena_black_pot_move_id(triple, 3), 12632);
	ck_assert_int_eq(arena_black_pot_move_id(pair + 1, 1), 1);
	ck_assert_int_eq(arena_black_pot_move_id(cut, 1), -1);
	ck_assert_int_eq(arena_black_pot_move_id(twice, 2), -1);
	ck_assert_int_eq(arena_black_pot_move_id(four, 4), -1);
	ck_assert_int_eq(arena_black_pot_move_id(outside, 1), -1);
}
END_TEST

/* A position where only C1 (6), G1 (1), I1 (3), B2 (7), I2 (2) and I4 (4)
 * are free and the roll is 6 4 2: nothing; each single cell (every one
 * of those numbers is a value of the roll); C1+I2 (4+2 = 6 and the 2,
 * or 4-2 and the 6) and I1+I4 (6/2 = 3 and the 4); C1+I2+I4 (the three
 * dice).  Fewer pawns drop the moves that place more. */
START_TEST(hand_made_position)
{
	static const char *const free_cells[] = {"C1", "G1", "I1", "B2", "I2", "I4"};
	static const int want[] = {0, 1, 5, 7, 8, 15, 36, 201, 711, 12632};
	static const int wants[4] = {0, 7, 9, 10};
	int dice[3] = {6, 4, 2}, moves[GAME_MAX_MOVES];
	char err[ERR_LEN] = "", name[16];
	struct draws draws;
	void *state = game_new(2, 0, "fixed", 2, &draws);

	for (int c = 0; c < BLACK_POT_CELLS; c++) {
		bool keep = false;

		snprintf(name, sizeof name, "%c%d", 'A' + c % SIDE, c / SIDE + 1);
		for (size_t i = 0; i < sizeof free_cells / sizeof *free_cells; i++)
			keep |= !strcmp(free_cells[i], name);
		if (!keep && arena_black_pot_put(state, name, c % 2, err) &&
		    !strstr(err, "off the board"))
			ck_abort_msg("%s: %s", name, err);
	}
	arena_black_pot_set_roll(state, dice);
	for (int pawns = 1; pawns <= 3; pawns++) {
		cJSON *legal;
		int n;

		arena_black_pot_set_pawns(state, 0, pawns);
		n = RULES.moves(state, moves);
		legal = RULES.legal(state);
		ck_assert_int_eq(n, wants[pawns]);
		ck_assert_int_eq(cJSON_GetArraySize(legal), n);
		for (int i = 0; i < n; i++)
			ck_assert_int_eq(moves[i], want[i]);
		cJSON_Delete(legal);
	}
	RULES.destroy(state);
}
END_TEST

/* The fresh fixed board, roll 6 4 2, one pawn left: nothing, then every
 * cell numbered 1-8, 12, 14, 16, 20 or 22 (docs/games/black-pot.md, "A
 * worked roll"): 60 cells, the first ones C1 (6), E1 (16), G1 (1), I1
 * (3), B2 (7), D2 (20), F2 (12), I2 (2). */
START_TEST(worked_roll)
{
	static const int first[] = {0, 1, 3, 5, 7, 8, 10, 12, 15};
	int dice[3] = {2, 6, 4}, moves[GAME_MAX_MOVES];
	struct draws draws;
	void *state = game_new(2, 0, "fixed", 3, &draws);

	arena_black_pot_set_roll(state, dice);
	arena_black_pot_set_pawns(state, 0, 1);
	ck_assert_int_eq(RULES.moves(state, moves), 61);
	for (size_t i = 0; i < sizeof first / sizeof *first; i++)
		ck_assert_int_eq(moves[i], first[i]);
	RULES.destroy(state);
}
END_TEST

static int compare_ids(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* arena_black_pot_legal_ids(): the ids of moves(), ascending. */
static void check_ascending(void *state, const int *moves, int n)
{
	int ids[BLACK_POT_MAX_MOVES], sorted[GAME_MAX_MOVES];

	memcpy(sorted, moves, (size_t)n * sizeof *sorted);
	qsort(sorted, (size_t)n, sizeof *sorted, compare_ids);
	ck_assert_int_eq(arena_black_pot_legal_ids(state, ids), n);
	for (int i = 0; i < n; i++)
		ck_assert_int_eq(ids[i], sorted[i]);
}

/* The decision of one seat: moves() against legal() element by element
 * (the cells of each id, ids distinct), the id of each action and the
 * action of every 16th id and the last, and the same ids ascending;
 * returns the moves' count. */
static int check_decision(void *state, int moves[GAME_MAX_MOVES])
{
	cJSON *legal = RULES.legal(state), *action;
	int n = RULES.moves(state, moves), cells[3];
	char err[ERR_LEN] = "";

	ck_assert_int_eq(n, cJSON_GetArraySize(legal));
	for (int i = 0; i < n; i++) {
		const cJSON *want = cJSON_GetArrayItem(legal, i), *name;
		const cJSON *names = cJSON_GetObjectItem(want, "cells");
		int count = arena_black_pot_move_cells(moves[i], cells);

		ck_assert_int_eq(count, cJSON_GetArraySize(names));
		cJSON_ArrayForEach(name, names) {
			int c = cell_of(name->valuestring), found = 0;

			for (int j = 0; j < count; j++)
				found += cells[j] == c;
			ck_assert_msg(found == 1, "id %d lacks %s", moves[i],
				      name->valuestring);
		}
		for (int j = 0; j < i; j++)
			ck_assert_int_ne(moves[j], moves[i]);
		ck_assert_int_eq(arena_black_pot_action_id(state, want, err), moves[i]);
		/* Each decoding lists the moves anew: a sample of them. */
		if (i % 16 && i != n - 1)
			continue;
		action = arena_black_pot_action_json(state, moves[i]);
		ck_assert_msg(cJSON_Compare(action, want, true), "id %d", moves[i]);
		cJSON_Delete(action);
	}
	cJSON_Delete(legal);
	check_ascending(state, moves, n);
	return n;
}

/* Every roll on the fresh board with every pawn: moves() lists legal()'s
 * moves (check_decision()) and fits GAME_MAX_MOVES (the largest count, 420, is
 * printed).  That bounds every position: a later one has a subset of
 * these moves, and a random layout the same numbers, whose counts alone
 * make how many moves a roll has. */
START_TEST(every_roll_fits)
{
	int moves[GAME_MAX_MOVES], most = 0;
	struct draws draws;
	void *state = game_new(2, 0, "fixed", 4, &draws);

	for (int r = 0; r < 216; r++) {
		int dice[3] = {r / 36 + 1, r / 6 % 6 + 1, r % 6 + 1}, n;

		arena_black_pot_set_roll(state, dice);
		n = check_decision(state, moves);
		most = n > most ? n : most;
	}
	printf("black-pot: at most %d moves of a roll on the fresh board\n", most);
	ck_assert_int_le(most, GAME_MAX_MOVES);
	RULES.destroy(state);
}
END_TEST

static void check_same(void *a, void *b, int players)
{
	struct game_result ra, rb;

	for (int seat = -1; seat < players; seat++) {
		cJSON *va = RULES.view(a, seat), *vb = RULES.view(b, seat);

		ck_assert(cJSON_Compare(va, vb, true));
		cJSON_Delete(va);
		cJSON_Delete(vb);
	}
	RULES.result(a, &ra);
	RULES.result(b, &rb);
	ck_assert(!memcmp(&ra, &rb, sizeof ra));
}

static const struct {
	int players, first;
	const char *layout;
} forms[] = {
	{2, 0, "fixed"}, {2, 1, "random"}, {4, 2, "fixed"}, {4, 3, "random"},
};

/* Test _i: 10 seeded games of form _i % 4, each played twice in step,
 * through apply() and through apply_move(); random moves, placing ones
 * more often so that games end by a stock running out. */
START_TEST(games_both_ways)
{
	int players = forms[_i].players, moves[GAME_MAX_MOVES];
	unsigned pick = (unsigned)_i;

	for (unsigned char key = 1; key <= 10; key++) {
		struct draws da, db;
		void *a = game_new(players, forms[_i].first, forms[_i].layout,
				   (unsigned char)(key + 16 * _i), &da);
		void *b = game_new(players, forms[_i].first, forms[_i].layout,
				   (unsigned char)(key + 16 * _i), &db);
		char err[ERR_LEN] = "";

		while (RULES.to_move(a) >= 0) {
			int n = check_decision(a, moves), k;
			cJSON *legal = RULES.legal(a);

			pick = pick * 1103515245u + 12345u;
			k = (int)((pick >> 16) % (unsigned)n);
			if (k == 0 && n > 1 && pick % 8)
				k = 1;
			ck_assert_int_eq(RULES.apply(a, cJSON_GetArrayItem(legal, k),
						     &da, err), 0);
			RULES.apply_move(b, moves[k], &db);
			cJSON_Delete(legal);
			check_same(a, b, players);
		}
		ck_assert_int_eq(RULES.to_move(b), -1);
		ck_assert_int_eq(RULES.moves(a, moves), 0);
		ck_assert_ptr_null(arena_black_pot_action_json(a, 0));
		ck_assert_int_eq(arena_black_pot_action_id(a, NULL, err), -1);
		ck_assert_str_eq(err, "the game is over");
		RULES.destroy(a);
		RULES.destroy(b);
	}
}
END_TEST

/* An id that is no legal move has no JSON; an illegal action no id, with
 * apply()'s message. */
START_TEST(converters_refuse)
{
	int dice[3] = {6, 4, 2}, ids[1] = {cell_of("D1")};
	struct draws draws;
	void *state = game_new(2, 0, "fixed", 5, &draws);
	cJSON *action = cJSON_Parse("{\"expr\": \"6+4-2\", \"cells\": [\"E8\"]}");
	char err[ERR_LEN] = "";

	arena_black_pot_set_roll(state, dice);
	/* D1 is numbered 24, no value of 6 4 2 alone */
	ck_assert_ptr_null(arena_black_pot_action_json(state,
				arena_black_pot_move_id(ids, 1)));
	ck_assert_ptr_null(arena_black_pot_action_json(state, -1));
	ck_assert_ptr_null(arena_black_pot_action_json(state, BLACK_POT_MOVE_IDS));
	ck_assert_int_eq(arena_black_pot_action_id(state, action, err), -1);
	ck_assert_str_eq(err, "E8 is numbered 6, not 8 (group 1 of \"6+4-2\")");
	cJSON_Delete(action);
	RULES.destroy(state);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("black-pot-ids");
	TCase *table = tcase_create("table"), *games = tcase_create("games");

	tcase_add_test(table, id_table);
	tcase_add_test(table, id_of_cells);
	tcase_add_test(table, hand_made_position);
	tcase_add_test(table, worked_roll);
	tcase_add_test(table, every_roll_fits);
	tcase_add_test(table, converters_refuse);
	suite_add_tcase(s, table);
	tcase_set_timeout(games, 120);
	tcase_add_loop_test(games, games_both_ways, 0,
			    sizeof forms / sizeof forms[0]);
	suite_add_tcase(s, games);
	return s;
}
