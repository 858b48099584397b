/*
 * Unit tests for the Black-Pot rules (games/black_pot.c and
 * black_pot_moves.c, docs/games/black-pot.md).  Most of them are the rule
 * cases of tests/cases/black-pot.txt, one test per case, run by
 * black_pot_cases.c (the format is described at the top of that file); the
 * rest check what a table cannot list: the rules table's entries, the
 * layouts' properties (every window of 5 counted, a random deal against its
 * shuffle), the move generator against the parser for all 216 rolls, and
 * whole games played through the rules table alone with draws from a fixed
 * key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "black_pot_cases.h"
#include "games/black_pot.h"
#include "games/registry.h"
#include "rules_table_text.h"
#include "run_suite.h"

#define SIDE BLACK_POT_SIDE

/* The draws of a game, counted by kind, with the last shuffle's deck and
 * draw number. */
struct tally {
	int dice, uniform, shuffles;
	int deck[DRAW_MAX_VALUES], cards;
	uint64_t shuffle_index;
};

static void tally_draw(void *ctx, const struct draw_record *draw)
{
	struct tally *t = ctx;

	if (draw->kind == DRAW_DICE) {
		t->dice++;
	} else if (draw->kind == DRAW_UNIFORM) {
		t->uniform++;
	} else {
		t->shuffles++;
		t->cards = draw->count;
		t->shuffle_index = draw->index;
		memcpy(t->deck, draw->values, sizeof t->deck);
	}
}

struct game {
	void *state;
	struct draws draws;
	struct tally tally;
};

static void game_start(struct game *g, int players, int first,
		       const char *layout, unsigned char key_byte)
{
	unsigned char key[32] = {key_byte};
	struct game_setup setup = {.players = players, .first_seat = first};
	cJSON *options = cJSON_CreateObject();
	char err[ERR_LEN] = "";

	memset(&g->tally, 0, sizeof g->tally);
	arena_draws_init(&g->draws, key, tally_draw, &g->tally);
	cJSON_AddStringToObject(options, "layout", layout);
	setup.options = options;
	g->state = arena_black_pot_rules.create(&setup, &g->draws, err);
	ck_assert_msg(g->state != NULL, "%s", err);
	cJSON_Delete(options);
}

/* The board's numbers as the view gives them: numbers[cell]. */
static void game_numbers(const struct game *g, int numbers[BLACK_POT_CELLS])
{
	cJSON *view = arena_black_pot_rules.view(g->state, 0);
	const cJSON *rows = cJSON_GetObjectItem(view, "numbers");

	for (int c = 0; c < BLACK_POT_CELLS; c++)
		numbers[c] = cJSON_GetArrayItem(cJSON_GetArrayItem(rows, c / SIDE),
						c % SIDE)->valueint;
	cJSON_Delete(view);
}

/* The kind of a number: 0 citron, 1 cerise, 2 black-pot
 * (docs/games/black-pot.md rule 5.2). */
static int kind(int n)
{
	static const int pots[] = {13, 14, 17, 19, 21, 22, 23};

	for (size_t i = 0; i < sizeof pots / sizeof *pots; i++)
		if (pots[i] == n)
			return 2;
	return n <= 6 ? 0 : 1;
}

static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* The 5 cells of the window from `first` in direction d, if on the board. */
static bool window(const int numbers[BLACK_POT_CELLS], int first, int d,
		   int cells[5])
{
	for (int i = 0; i < 5; i++) {
		int r = first / SIDE + i * dirs[d][0];
		int c = first % SIDE + i * dirs[d][1];

		if (r >= SIDE || c < 0 || c >= SIDE || !numbers[r * SIDE + c])
			return false;
		cells[i] = r * SIDE + c;
	}
	return true;
}

/* The points of a window of numbers, computed independently of the rules:
 * {black-pots, all cerise, all citron} -> points (docs/games/black-pot.md
 * rule 5.5). */
static int window_points(const int numbers[BLACK_POT_CELLS], const int cells[5])
{
	int count[3] = {0};

	for (int i = 0; i < 5; i++)
		count[kind(numbers[cells[i]])]++;
	if (count[2] >= 4)
		return 400;
	if (count[2] == 3)
		return 250;
	if (count[2] == 2 || count[1] == 5)
		return 100;
	return count[0] == 5 ? 50 : 30;
}

START_TEST(rules_table)
{
	ck_assert_str_eq(rules_table_text(&arena_black_pot_rules),
			 "black-pot (Black-Pot) black-pot/2, 2-4 players; "
			 "layout=fixed [fixed|random]");
}
END_TEST

/* Checks what every layout must be: 109 cells, 3 cut at each corner, every
 * number 1..25 on at least 3 cells; returns how many cells hold n. */
static void layout_check(const int numbers[BLACK_POT_CELLS], int count[26])
{
	static const char *const cut[] = {"A1", "B1", "A2", "K1", "J1", "K2",
					  "A11", "B11", "A10", "K11", "J11", "K10"};
	int cells = 0;

	memset(count, 0, 26 * sizeof *count);
	for (size_t i = 0; i < sizeof cut / sizeof *cut; i++) {
		int cell = (atoi(cut[i] + 1) - 1) * SIDE + cut[i][0] - 'A';

		ck_assert_int_eq(numbers[cell], 0);
	}
	for (int c = 0; c < BLACK_POT_CELLS; c++) {
		ck_assert_int_ge(numbers[c], 0);
		ck_assert_int_le(numbers[c], 25);
		cells += numbers[c] != 0;
		count[numbers[c]]++;
	}
	ck_assert_int_eq(cells, 109);
	for (int n = 1; n <= 25; n++)
		ck_assert_int_ge(count[n], 3);
}

/* docs/games/black-pot.md rule 5.2: our fixed layout, its counts, its spread:
 * no number touches itself (8 directions) and every kind of line exists on it
 * but 5 black-pots in a row (which rule 5.5 would score 400, as 4). */
START_TEST(layout_fixed)
{
	struct game g;
	int numbers[BLACK_POT_CELLS], count[26], kinds[401] = {0}, cells[5];

	game_start(&g, 2, 0, "fixed", 1);
	game_numbers(&g, numbers);
	layout_check(numbers, count);
	for (int n = 1; n <= 25; n++)
		ck_assert_int_eq(count[n], n <= 6 || n == 8 || n == 10 || n == 12 ? 5 : 4);
	ck_assert_int_eq(numbers[5 * SIDE + 5], 17);  /* F6 */
	ck_assert_int_eq(numbers[0 * SIDE + 2], 6);   /* C1 */
	ck_assert_int_eq(numbers[10 * SIDE + 8], 8);  /* I11 */
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		for (int d = 0; d < 4 && numbers[c]; d++) {
			int r = c / SIDE + dirs[d][0], col = c % SIDE + dirs[d][1];

			if (r < SIDE && col >= 0 && col < SIDE)
				ck_assert_int_ne(numbers[r * SIDE + col], numbers[c]);
			if (window(numbers, c, d, cells)) {
				int pots = 0;

				for (int i = 0; i < 5; i++)
					pots += kind(numbers[cells[i]]) == 2;
				ck_assert_int_lt(pots, 5);
				kinds[window_points(numbers, cells)]++;
			}
		}
	/* The counts docs/games/black-pot.md gives. */
	ck_assert_int_eq(kinds[400], 2);
	ck_assert_int_eq(kinds[250], 19);
	ck_assert_int_eq(kinds[100], 65);
	ck_assert_int_eq(kinds[50], 2);
	ck_assert_int_eq(kinds[30], 128);
	arena_black_pot_rules.destroy(g.state);
}
END_TEST

/* docs/games/black-pot.md rules 5.2 and 5.5: the kinds and the line points
 * the rules library exports, for the bots and the replay, are this file's:
 * every window of the fixed layout, and five black-pots, which it lacks. */
START_TEST(exported_kinds_and_points)
{
	static const int five_pots[5] = {13, 14, 17, 19, 21};
	struct game g;
	int numbers[BLACK_POT_CELLS], cells[5], line[5], windows = 0;

	for (int n = 1; n <= 25; n++)
		ck_assert_int_eq((int)arena_black_pot_kind(n), kind(n));
	ck_assert_str_eq(arena_black_pot_kind_name(BLACK_POT_CITRON), "citron");
	ck_assert_str_eq(arena_black_pot_kind_name(BLACK_POT_CERISE), "cerise");
	ck_assert_str_eq(arena_black_pot_kind_name(BLACK_POT_POT), "black-pot");
	game_start(&g, 2, 0, "fixed", 1);
	game_numbers(&g, numbers);
	for (int d = 0; d < 4; d++)
		for (int c = 0; c < BLACK_POT_CELLS; c++) {
			if (!window(numbers, c, d, cells))
				continue;
			for (int i = 0; i < 5; i++)
				line[i] = numbers[cells[i]];
			ck_assert_int_eq(arena_black_pot_line_points(line),
					 window_points(numbers, cells));
			windows++;
		}
	ck_assert_int_eq(windows, 2 + 19 + 65 + 2 + 128);
	ck_assert_int_eq(arena_black_pot_line_points(five_pots), 400);
	arena_black_pot_rules.destroy(g.state);
}
END_TEST

/* docs/games/black-pot.md rule 5.2: layout=random deals our numbers with one
 * shuffle of 109 cards, draw 0 here, then rolls: the i-th cell in board order
 * gets the fixed layout's number of cell deck[i]; the same key gives the same
 * board. */
START_TEST(layout_random)
{
	struct game a, b, fixed;
	int na[BLACK_POT_CELLS], nb[BLACK_POT_CELLS], nf[BLACK_POT_CELLS];
	int ca[26], cf[26], cells[109], count = 0;

	game_start(&a, 2, 0, "random", 7);
	game_start(&b, 4, 1, "random", 7);
	game_start(&fixed, 2, 0, "fixed", 7);
	ck_assert_int_eq(a.tally.shuffles, 1);
	ck_assert_int_eq(a.tally.cards, 109);
	ck_assert_int_eq(a.tally.shuffle_index, 0);
	ck_assert_int_eq(a.tally.uniform, 0);
	ck_assert_int_eq(a.tally.dice, 1);
	ck_assert_int_eq(fixed.tally.shuffles, 0);
	ck_assert_int_eq(fixed.tally.uniform, 0);
	ck_assert_int_eq(fixed.tally.dice, 1);
	game_numbers(&a, na);
	game_numbers(&b, nb);
	game_numbers(&fixed, nf);
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		if (nf[c])
			cells[count++] = c;
	ck_assert_int_eq(count, 109);
	for (int i = 0; i < count; i++)
		ck_assert_int_eq(na[cells[i]], nf[cells[a.tally.deck[i]]]);
	layout_check(na, ca);
	layout_check(nf, cf);
	ck_assert_mem_eq(ca, cf, sizeof ca);
	ck_assert_mem_eq(na, nb, sizeof na);
	ck_assert(memcmp(na, nf, sizeof na) != 0);
	arena_black_pot_rules.destroy(a.state);
	arena_black_pot_rules.destroy(b.state);
	arena_black_pot_rules.destroy(fixed.state);
}
END_TEST

/* The in-range values of every expression of one group of the three dice
 * written with two operators, in every order and bracketing, as parsed by
 * arena_black_pot_parse(): values[n] is set for each. */
static void brute_values(const int dice[3], bool values[26])
{
	static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
					{1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
	static const char ops[] = "+-*/";
	char text[32], err[ERR_LEN];
	int v[3];

	memset(values, 0, 26 * sizeof *values);
	for (int p = 0; p < 6; p++)
		for (int f = 0; f < 3; f++)
			for (int o1 = 0; o1 < 4; o1++)
				for (int o2 = 0; o2 < 4; o2++) {
					int a = dice[perms[p][0]], b = dice[perms[p][1]];
					int c = dice[perms[p][2]];

					if (f == 0)
						sprintf(text, "%d%c%d%c%d", a, ops[o1], b, ops[o2], c);
					else if (f == 1)
						sprintf(text, "(%d%c%d)%c%d", a, ops[o1], b, ops[o2], c);
					else
						sprintf(text, "%d%c(%d%c%d)", a, ops[o1], b, ops[o2], c);
					if (arena_black_pot_parse(text, dice, v, err) == 1 &&
					    v[0] >= 1 && v[0] <= 25)
						values[v[0]] = true;
				}
}

/* docs/games/black-pot.md rule 5.4 for every roll: the generator and the
 * parser agree.  With one free cell per number, the single-cell outcomes are
 * exactly the values of the three dice together and the single dice; every
 * listed expression parses to the numbers of its cells; placing nothing is
 * always possible (so a seat never lacks a move: passing is that move). */
START_TEST(moves_match_parser)
{
	int open[BLACK_POT_CELLS] = {0};
	struct black_pot_move *moves;
	char err[ERR_LEN];

	for (int n = 1; n <= 25; n++)
		open[n - 1] = n;
	for (int r = 0; r < 216; r++) {
		int dice[3] = {r / 36 + 1, r / 6 % 6 + 1, r % 6 + 1};
		int n = arena_black_pot_moves(dice, open, 3, &moves), values[3];
		bool want[26], single[26] = {false};

		brute_values(dice, want);
		for (int i = 0; i < 3; i++)
			want[dice[i]] = true;
		ck_assert_int_eq(moves[0].count, 0);
		for (int i = 0; i < n; i++) {
			int groups = arena_black_pot_parse(moves[i].expr, dice, values, err);
			int k = 0;

			ck_assert_msg(groups > 0, "%s: %s", moves[i].expr, err);
			for (int j = 0; j < groups; j++)
				if (values[j] >= 1 && values[j] <= 25)
					ck_assert_int_eq(open[moves[i].cells[k++]], values[j]);
			ck_assert_int_eq(k, moves[i].count);
			if (moves[i].count == 1)
				single[open[moves[i].cells[0]]] = true;
		}
		for (int v = 1; v <= 25; v++)
			ck_assert_msg(single[v] == want[v], "roll %d %d %d, %d",
				      dice[0], dice[1], dice[2], v);
		free(moves);
	}
}
END_TEST

/* The values of a group and the expressions of a roll, as the SDKs list
 * them: for every roll, the values of the three dice are exactly those of
 * the brute force, each expression parses to its own values, the first
 * expression is the single dice, largest first, and the values of each
 * split of all three dice, last, lists the values of the three dice. */
START_TEST(values_and_expressions)
{
	static struct black_pot_value list[BLACK_POT_VALUES_MAX];
	struct black_pot_move *exprs;
	char err[ERR_LEN];

	for (int r = 0; r < 216; r++) {
		int dice[3] = {r / 36 + 1, r / 6 % 6 + 1, r % 6 + 1}, values[3];
		int n = arena_black_pot_values(dice, 3, list), count;
		bool want[26], got[26] = {false};

		brute_values(dice, want);
		for (int i = 0; i < n; i++) {
			ck_assert_int_eq(arena_black_pot_parse(list[i].expr, dice, values, err), 1);
			ck_assert_int_eq(values[0], list[i].value);
			if (list[i].value >= 1 && list[i].value <= 25)
				got[list[i].value] = true;
			for (int j = 0; j < i; j++)
				ck_assert_int_ne(list[j].value, list[i].value);
		}
		for (int v = 1; v <= 25; v++)
			ck_assert_int_eq(got[v], want[v]);
		count = arena_black_pot_expressions(dice, &exprs);
		ck_assert_int_eq(exprs[0].groups, 3);
		ck_assert_int_eq(exprs[0].values[0] >= exprs[0].values[1], 1);
		for (int i = 0; i < count; i++) {
			ck_assert_int_eq(arena_black_pot_parse(exprs[i].expr, dice, values, err),
					 exprs[i].groups);
			for (int g = 0; g < exprs[i].groups; g++)
				ck_assert_int_eq(values[g], exprs[i].values[g]);
		}
		/* The split of all three dice comes last: its values in order. */
		for (int i = 0; i < n; i++)
			ck_assert_str_eq(exprs[count - n + i].expr, list[i].expr);
		ck_assert_int_eq(exprs[count - n - 1].groups, 2);
		free(exprs);
	}
	ck_assert_int_eq(arena_black_pot_values((const int[]){2, 6, 4}, 3, list) > 0, 1);
	ck_assert_str_eq(list[0].expr, "6+4+2");
	ck_assert_int_eq(arena_black_pot_values((const int[]){4}, 1, list), 1);
	ck_assert_str_eq(list[0].expr, "4");
	ck_assert_int_eq(arena_black_pot_values((const int[]){2, 6}, 2, list), 5);
	ck_assert_str_eq(list[0].expr, "6+2");
}
END_TEST

/* Element i of the array `field` of seat 0's view. */
static long view_number(const struct game *g, const char *field, int i)
{
	cJSON *view = arena_black_pot_rules.view(g->state, 0);
	long n = (long)cJSON_GetArrayItem(cJSON_GetObjectItem(view, field),
					  i)->valuedouble;

	cJSON_Delete(view);
	return n;
}

/* {"expr": "a-b-c", "cells": []} for the current roll, a its smallest
 * die: a bot's own expression that places nothing. */
static cJSON *nothing_action(const struct game *g)
{
	cJSON *view = arena_black_pot_rules.view(g->state, 0), *action;
	const cJSON *roll = cJSON_GetObjectItem(view, "roll");
	int d[3], low = 0;
	char expr[16];

	for (int i = 0; i < 3; i++) {
		d[i] = cJSON_GetArrayItem(roll, i)->valueint;
		if (d[i] < d[low])
			low = i;
	}
	sprintf(expr, "%d-%d-%d", d[low], d[(low + 1) % 3], d[(low + 2) % 3]);
	action = cJSON_CreateObject();
	cJSON_AddStringToObject(action, "expr", expr);
	cJSON_AddArrayToObject(action, "cells");
	cJSON_Delete(view);
	return action;
}

/* Plays a whole game through the rules table, choosing with a fixed
 * sequence; checks the stock, the lines' points and the result. */
static void play_out(int players, int first, const char *layout,
		     unsigned char key, int quitter, bool nothing)
{
	struct game g;
	struct game_result result;
	unsigned pick = key;
	int moves = 0, placed[2] = {0}, seat;
	char err[ERR_LEN] = "";

	game_start(&g, players, first, layout, key);
	while ((seat = arena_black_pot_rules.to_move(g.state)) >= 0) {
		cJSON *legal = NULL, *action;

		if (moves++ == 10 && quitter >= 0) {
			arena_black_pot_rules.forfeit(g.state, quitter, &g.draws);
			continue;
		}
		ck_assert_int_ne(seat, moves > 10 ? quitter : -1);
		if (nothing) {
			action = nothing_action(&g);
		} else {
			legal = arena_black_pot_rules.legal(g.state);
			ck_assert_int_gt(cJSON_GetArraySize(legal), 0);
			pick = pick * 1103515245u + 12345u;
			action = cJSON_GetArrayItem(legal, (int)((pick >> 16) %
				 (unsigned)cJSON_GetArraySize(legal)));
		}
		placed[seat % 2] += cJSON_GetArraySize(cJSON_GetObjectItem(action, "cells"));
		ck_assert_msg(arena_black_pot_rules.apply(g.state, action, &g.draws, err) == 0,
			      "%s", err);
		cJSON_Delete(legal ? legal : action);
	}
	for (int side = 0; side < 2; side++)
		ck_assert_int_eq(view_number(&g, "pawns", side), 40 - placed[side]);
	if (nothing)
		ck_assert_int_eq(g.tally.dice, 200);
	else
		ck_assert(placed[0] == 40 || placed[1] == 40);
	arena_black_pot_rules.result(g.state, &result);
	for (int i = 0; i < players; i++) {
		int side = i % 2;
		long total = view_number(&g, "points", side) + 10L * (40 - placed[side]);

		ck_assert_int_eq(result.score[i], total);
		ck_assert_int_eq(result.rank[i],
				 1 + (result.score[(i + 1) % 2] > total) * (players / 2));
	}
	arena_black_pot_rules.destroy(g.state);
}

/* Test _i: the _i-th case of tests/cases/black-pot.txt. */
START_TEST(rule_case)
{
	black_pot_cases_run(_i);
}
END_TEST

static const struct {
	int players, first;
	const char *layout;
	int quitter;
	bool nothing;
} full_games[] = {
	{2, 0, "fixed", -1, false}, {2, 1, "random", -1, false},
	{4, 0, "fixed", -1, false}, {4, 3, "random", -1, false},
	{4, 1, "fixed", 2, false}, {2, 0, "fixed", -1, true},
};

/* Whole games; in the last one the bots send their own expressions that
 * place nothing, and the game meets the cap of 200 rolls (a documented
 * safety cap). */
START_TEST(full_game)
{
	for (unsigned char key = 1; key <= 4; key++)
		play_out(full_games[_i].players, full_games[_i].first,
			 full_games[_i].layout, key, full_games[_i].quitter,
			 full_games[_i].nothing);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("black-pot");
	TCase *cases = tcase_create("cases"), *board = tcase_create("board");
	TCase *games = tcase_create("games");

	tcase_add_loop_test(cases, rule_case, 0, black_pot_cases_count());
	suite_add_tcase(s, cases);
	tcase_add_test(board, rules_table);
	tcase_add_test(board, layout_fixed);
	tcase_add_test(board, exported_kinds_and_points);
	tcase_add_test(board, layout_random);
	tcase_add_test(board, moves_match_parser);
	tcase_add_test(board, values_and_expressions);
	suite_add_tcase(s, board);
	tcase_add_loop_test(games, full_game, 0,
			    sizeof full_games / sizeof full_games[0]);
	suite_add_tcase(s, games);
	return s;
}
