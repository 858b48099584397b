/*
 * Unit tests for the Black-Pot rules (referee/games/black_pot.c and
 * black_pot_moves.c, docs/games/black-pot.md), one or more per rule of
 * RULES.md section 5: the layout's properties, the values and outcomes of
 * chosen rolls against hand-computed lists, the expression parser, every
 * kind of line, crossings, a line of 6, the turn order with 2 and 4
 * players, forfeits, the end and its scoring, and whole games played
 * through the rules table alone with draws from a fixed key.  Positions
 * are set up with the seam of black_pot.h (a chosen roll, pawns put down
 * by hand).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/black_pot.h"
#include "games/registry.h"
#include "run_suite.h"
#include "util.h"

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
	draws_init(&g->draws, key, tally_draw, &g->tally);
	cJSON_AddStringToObject(options, "layout", layout);
	setup.options = options;
	g->state = black_pot_rules.create(&setup, &g->draws, err);
	ck_assert_msg(g->state != NULL, "%s", err);
	cJSON_Delete(options);
}

/* The board's numbers as the view gives them: numbers[cell]. */
static void game_numbers(const struct game *g, int numbers[BLACK_POT_CELLS])
{
	cJSON *view = black_pot_rules.view(g->state, 0);
	const cJSON *rows = cJSON_GetObjectItem(view, "numbers");

	for (int c = 0; c < BLACK_POT_CELLS; c++)
		numbers[c] = cJSON_GetArrayItem(cJSON_GetArrayItem(rows, c / SIDE),
						c % SIDE)->valueint;
	cJSON_Delete(view);
}

static void cell_name(char out[12], int cell)
{
	snprintf(out, 12, "%c%d", 'A' + cell % SIDE, cell / SIDE + 1);
}

static long view_number(const struct game *g, const char *field, int i)
{
	cJSON *view = black_pot_rules.view(g->state, 0);
	long n = (long)cJSON_GetArrayItem(cJSON_GetObjectItem(view, field),
					  i)->valuedouble;

	cJSON_Delete(view);
	return n;
}

static int view_lines(const struct game *g)
{
	cJSON *view = black_pot_rules.view(g->state, 0);
	int n = cJSON_GetArraySize(cJSON_GetObjectItem(view, "lines"));

	cJSON_Delete(view);
	return n;
}

static void put(struct game *g, int cell, int side)
{
	char name[12], err[ERR_LEN] = "";

	cell_name(name, cell);
	ck_assert_msg(black_pot_put(g->state, name, side, err) == 0, "%s", err);
}

/* Applies the JSON text `action`; 0 or -1 with err. */
static int play(struct game *g, const char *action, char *err)
{
	cJSON *json = cJSON_Parse(action);
	int rc;

	ck_assert_ptr_nonnull(json);
	rc = black_pot_rules.apply(g->state, json, &g->draws, err);
	cJSON_Delete(json);
	return rc;
}

/* Plays the canonical move that places nothing. */
static void play_nothing(struct game *g)
{
	cJSON *legal = black_pot_rules.legal(g->state);
	char err[ERR_LEN] = "";

	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(
		cJSON_GetArrayItem(legal, 0), "cells")), 0);
	ck_assert_msg(black_pot_rules.apply(g->state, cJSON_GetArrayItem(legal, 0),
					    &g->draws, err) == 0, "%s", err);
	cJSON_Delete(legal);
}

/* Seat `seat` fills exactly `cell` with a roll that allows it alone (the
 * first such roll, the canonical expression), the seats before it placing
 * nothing. */
static void fill(struct game *g, int seat, int cell)
{
	char name[12], err[ERR_LEN] = "";

	while (black_pot_rules.to_move(g->state) != seat)
		play_nothing(g);
	cell_name(name, cell);
	for (int r = 0; r < 216; r++) {
		int dice[3] = {r / 36 + 1, r / 6 % 6 + 1, r % 6 + 1};
		cJSON *legal, *action;

		black_pot_set_roll(g->state, dice);
		legal = black_pot_rules.legal(g->state);
		cJSON_ArrayForEach(action, legal) {
			const cJSON *cells = cJSON_GetObjectItem(action, "cells");

			if (cJSON_GetArraySize(cells) == 1 &&
			    !strcmp(cJSON_GetArrayItem(cells, 0)->valuestring, name)) {
				ck_assert_msg(black_pot_rules.apply(g->state, action,
								    &g->draws, err) == 0,
					      "%s", err);
				cJSON_Delete(legal);
				return;
			}
		}
		cJSON_Delete(legal);
	}
	ck_abort_msg("no roll fills %s alone", name);
}

/* The kind of a number: 0 citron, 1 cerise, 2 black-pot (RULES.md 5.2). */
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
 * {black-pots, all cerise, all citron} -> points (RULES.md 5.5). */
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
	const struct game_option *layout = &black_pot_rules.options[0];

	ck_assert_str_eq(black_pot_rules.name, "black-pot");
	ck_assert_str_eq(black_pot_rules.title, "Black-Pot");
	ck_assert_str_eq(black_pot_rules.rules_version, "black-pot/2");
	ck_assert_int_eq(black_pot_rules.min_players, 2);
	ck_assert_int_eq(black_pot_rules.max_players, 4);
	ck_assert_str_eq(layout->name, "layout");
	ck_assert_str_eq(layout->default_value, "fixed");
	ck_assert_str_eq(layout->choices[0], "fixed");
	ck_assert_str_eq(layout->choices[1], "random");
	ck_assert_ptr_null(layout->choices[2]);
	ck_assert_ptr_null(black_pot_rules.options[1].name);
	ck_assert_int_eq(black_pot_rules.team_of(2, 0), -1);
	ck_assert_int_eq(black_pot_rules.team_of(2, 1), -1);
	for (int seat = 0; seat < 4; seat++)
		ck_assert_int_eq(black_pot_rules.team_of(4, seat), seat % 2);
}
END_TEST

/* RULES.md 5.1: 2 players or 4, never 3. */
START_TEST(create_refusals)
{
	struct game_setup setup = {.players = 3, .first_seat = 0};
	cJSON *options = cJSON_CreateObject();
	struct draws draws;
	unsigned char key[32] = {0};
	char err[ERR_LEN] = "";

	draws_init(&draws, key, NULL, NULL);
	cJSON_AddStringToObject(options, "layout", "fixed");
	setup.options = options;
	ck_assert_ptr_null(black_pot_rules.create(&setup, &draws, err));
	ck_assert_str_eq(err, "Black-Pot is for 2 players, or 4 in two teams, not 3");
	setup.players = 2;
	setup.first_seat = 2;
	ck_assert_ptr_null(black_pot_rules.create(&setup, &draws, err));
	ck_assert_str_eq(err, "seat 2 is not a seat of 2 players");
	cJSON_ReplaceItemInObject(options, "layout", cJSON_CreateString("spiral"));
	setup.first_seat = 0;
	ck_assert_ptr_null(black_pot_rules.create(&setup, &draws, err));
	ck_assert_str_eq(err, "layout must be fixed or random");
	ck_assert_int_eq(draws.next_index, 0);
	cJSON_Delete(options);
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

/* RULES.md 5.2: our fixed layout, its counts, its spread: no number
 * touches itself (8 directions) and every kind of line exists on it. */
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
			if (window(numbers, c, d, cells))
				kinds[window_points(numbers, cells)]++;
		}
	/* The counts docs/games/black-pot.md gives. */
	ck_assert_int_eq(kinds[400], 2);
	ck_assert_int_eq(kinds[250], 19);
	ck_assert_int_eq(kinds[100], 65);
	ck_assert_int_eq(kinds[50], 2);
	ck_assert_int_eq(kinds[30], 128);
	black_pot_rules.destroy(g.state);
}
END_TEST

/* RULES.md 5.2, docs/games/black-pot.md: layout=random deals our numbers
 * with one shuffle of 109 cards, draw 0 here, then rolls: the i-th cell in
 * board order gets the fixed layout's number of cell deck[i]; the same key
 * gives the same board. */
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
	black_pot_rules.destroy(a.state);
	black_pot_rules.destroy(b.state);
	black_pot_rules.destroy(fixed.state);
}
END_TEST

/* The outcomes of black_pot_moves() as "EXPR=CELL CELL" joined by "; ". */
static void moves_text(char *out, const int dice[3], const int *open,
		       int max_pawns)
{
	struct black_pot_move *moves;
	int n = black_pot_moves(dice, open, max_pawns, &moves);
	char *p = out;

	*p = '\0';
	for (int i = 0; i < n; i++) {
		p += sprintf(p, "%s%s=", i ? "; " : "", moves[i].expr);
		for (int k = 0; k < moves[i].count; k++)
			p += sprintf(p, "%s%d", k ? " " : "", moves[i].cells[k]);
	}
	free(moves);
}

/* RULES.md 5.4, roll 6 4 2 (hand-computed in docs/games/black-pot.md):
 * with one free cell per number, cell n - 1 numbered n, and one pawn
 * left, the outcomes are placing nothing and each number a single die or
 * all three dice make: 1 2 3 4 5 6 7 8 12 14 16 20 22. */
START_TEST(moves_642_one_pawn)
{
	int open[BLACK_POT_CELLS] = {0}, dice[3] = {2, 6, 4};
	char got[8192];

	for (int n = 1; n <= 25; n++)
		open[n - 1] = n;
	moves_text(got, dice, open, 1);
	ck_assert_str_eq(got,
		"2-(6+4)=; (6-4)/2=0; 4-6,2=1; 6*2/4=2; 2-6,4=3; (6+4)/2=4; "
		"2-4,6=5; 6/2+4=6; 6+4-2=7; 6+4+2=11; 4*2+6=13; (6-2)*4=15; "
		"(6+4)*2=19; 6*4-2=21");
}
END_TEST

/* RULES.md 5.4, roll 6 4 2 on a board whose only free cells are one 6
 * (cell 10), one 4 (cell 20) and one 2 (cell 30), three pawns left: the
 * 2 and the 4 can never be filled together, 2+4-6 and the like place
 * nothing. */
START_TEST(moves_642_three_cells)
{
	int open[BLACK_POT_CELLS] = {0}, dice[3] = {6, 4, 2};
	char got[8192];

	open[10] = 6;
	open[20] = 4;
	open[30] = 2;
	moves_text(got, dice, open, 3);
	ck_assert_str_eq(got, "2-(6+4)=; 2-4,6=10; 2-6,4=20; 4-6,2=30; "
			      "4-2,6=30 10; 6,4,2=10 20 30");
	/* With two pawns left the three singles are out. */
	moves_text(got, dice, open, 2);
	ck_assert_str_eq(got, "2-(6+4)=; 2-4,6=10; 2-6,4=20; 4-6,2=30; "
			      "4-2,6=30 10");
}
END_TEST

/* RULES.md 5.4: a double, two cells of one number; distinct outcomes
 * once each, in board order.  A group worth 1..25 must fill a cell: 3*3
 * and 1 fill the 9 and the 1, never the 9 alone, which only 3*3*1 fills. */
START_TEST(moves_double)
{
	int open[BLACK_POT_CELLS] = {0}, dice[3] = {3, 3, 1};
	char got[8192];

	open[40] = 3;
	open[41] = 3;
	open[50] = 9;
	open[60] = 1;
	moves_text(got, dice, open, 3);
	ck_assert_str_eq(got, "1-(3+3)=; 1-3,3=40; 1-3,3=41; 3*3*1=50; "
			      "3-3,1=60; 3*1,3=40 41; 3*3,1=50 60; "
			      "3,3,1=40 41 60");
}
END_TEST

/* The in-range values of every expression of one group of the three dice
 * written with two operators, in every order and bracketing, as parsed by
 * black_pot_parse(): values[n] is set for each. */
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
					if (black_pot_parse(text, dice, v, err) == 1 &&
					    v[0] >= 1 && v[0] <= 25)
						values[v[0]] = true;
				}
}

/* RULES.md 5.4 for every roll: the generator and the parser agree.  With
 * one free cell per number, the single-cell outcomes are exactly the
 * values of the three dice together and the single dice; every listed
 * expression parses to the numbers of its cells; placing nothing is
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
		int n = black_pot_moves(dice, open, 3, &moves), values[3];
		bool want[26], single[26] = {false};

		brute_values(dice, want);
		for (int i = 0; i < 3; i++)
			want[dice[i]] = true;
		ck_assert_int_eq(moves[0].count, 0);
		for (int i = 0; i < n; i++) {
			int groups = black_pot_parse(moves[i].expr, dice, values, err);
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

/* The expression parser: what it accepts and why it refuses. */
START_TEST(parser)
{
	static const struct {
		int dice[3];
		const char *expr;
		int groups, values[3];
		const char *error;
	} cases[] = {
		{{6, 4, 2}, "6+4-2", 1, {8}, NULL},
		{{6, 4, 2}, "6x4/2", 1, {12}, NULL},
		{{6, 4, 2}, "6*4/2", 1, {12}, NULL},
		{{6, 4, 2}, "6/2+4", 1, {7}, NULL},
		{{6, 4, 2}, "2+4-6", 1, {0}, NULL},
		{{6, 4, 2}, "6 X ( 4 - 2 )", 1, {12}, NULL},
		{{6, 4, 2}, "4-6*2", 1, {-8}, NULL},
		{{6, 4, 2}, "6+4,2", 2, {10, 2}, NULL},
		{{6, 4, 2}, "2,4,6", 3, {2, 4, 6}, NULL},
		{{6, 4, 2}, "((6))/(4-2)", 1, {3}, NULL},
		{{6, 4, 2}, "6/4*2", 0, {0}, "6/4 in \"6/4*2\" is not an exact division"},
		{{4, 4, 2}, "2/(4-4)", 0, {0}, "2/0 in \"2/(4-4)\" divides by zero"},
		{{6, 4, 2}, "64+2", 0, {0}, "\"64+2\" has a number of several digits: each number is one die"},
		{{6, 4, 2}, "6+4", 0, {0}, "\"6+4\" does not use the 2 of the roll 6 4 2: every die is used once"},
		{{6, 4, 2}, "6+6-2", 0, {0}, "\"6+6-2\" uses 6 more times than the roll 6 4 2 has it"},
		{{6, 4, 2}, "6+4-0", 0, {0}, "\"6+4-0\" uses 0 more times than the roll 6 4 2 has it"},
		{{6, 4, 2}, "-6+4+2", 0, {0}, "unexpected '-' in \"-6+4+2\": expected a die or '('"},
		{{6, 4, 2}, "6+4-2)", 0, {0}, "unexpected ')' in \"6+4-2)\": expected an operator, ')' or ','"},
		{{6, 4, 2}, "(6+4-2", 0, {0}, "missing ')' in \"(6+4-2\""},
		{{6, 4, 2}, "6+4,", 0, {0}, "\"6+4,\" ends where a die or '(' is expected"},
		{{6, 4, 2}, "6+4^2", 0, {0}, "unexpected '^' in \"6+4^2\": expected an operator, ')' or ','"},
		{{6, 4, 2}, "6,4,2,", 0, {0}, "\"6,4,2,\" has more than 3 groups"},
		{{6, 4, 2}, "(((((((((((((((((((((((((((((6)))))))))))))))))))))))))))))+4-2 ", 1, {8}, NULL},
		{{6, 4, 2}, "((((((((((((((((((((((((((((((6))))))))))))))))))))))))))))))+4-2", 0, {0},
		 "the expression is longer than 64 characters"},
	};
	char err[ERR_LEN];
	int values[3];

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int groups = black_pot_parse(cases[i].expr, cases[i].dice, values, err);

		if (cases[i].error) {
			ck_assert_msg(groups == -1, "%s accepted", cases[i].expr);
			ck_assert_str_eq(err, cases[i].error);
			continue;
		}
		ck_assert_msg(groups == cases[i].groups, "%s: %s", cases[i].expr, err);
		ck_assert_mem_eq(values, cases[i].values, (size_t)groups * sizeof *values);
	}
}
END_TEST

/* The first window (direction d, by first cell) of the fixed layout
 * worth `points` with `pots` black-pot cells, or -1. */
static int find_window(const int numbers[BLACK_POT_CELLS], int points,
		       int pots, int cells[5])
{
	for (int d = 0; d < 4; d++)
		for (int c = 0; c < BLACK_POT_CELLS; c++) {
			int count = 0;

			if (!window(numbers, c, d, cells) ||
			    window_points(numbers, cells) != points)
				continue;
			for (int i = 0; i < 5; i++)
				count += kind(numbers[cells[i]]) == 2;
			if (pots < 0 || count == pots)
				return d;
		}
	return -1;
}

/* RULES.md 5.5: every kind of line scores its points when its fifth pawn
 * goes down, whichever pawn is the last. */
START_TEST(line_kinds)
{
	static const int kinds[][2] = {
		{400, 5}, {400, 4}, {250, 3}, {100, 2}, {100, 0}, {50, 0},
		{30, 1}, {30, 0},
	};
	int numbers[BLACK_POT_CELLS], cells[5];

	for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		struct game g;

		game_start(&g, 2, 0, "fixed", 3);
		game_numbers(&g, numbers);
		if (find_window(numbers, kinds[k][0], kinds[k][1], cells) < 0) {
			/* Five black-pots in a row are not on our board. */
			ck_assert_int_eq(kinds[k][1], 5);
			black_pot_rules.destroy(g.state);
			continue;
		}
		for (int i = 0; i < 5; i++)
			if (i != (int)k % 5)
				put(&g, cells[i], 0);
		fill(&g, 0, cells[k % 5]);
		ck_assert_int_eq(view_number(&g, "points", 0), kinds[k][0]);
		ck_assert_int_eq(view_number(&g, "points", 1), 0);
		ck_assert_int_eq(view_lines(&g), 1);
		black_pot_rules.destroy(g.state);
	}
}
END_TEST

/* RULES.md 5.5: only the side's own pawns make a line, and the line is
 * recorded in the view with its cells and points. */
START_TEST(line_needs_own_pawns)
{
	struct game g;
	int numbers[BLACK_POT_CELLS], cells[5];
	cJSON *view;
	char *text;

	game_start(&g, 2, 0, "fixed", 3);
	game_numbers(&g, numbers);
	find_window(numbers, 30, -1, cells);
	put(&g, cells[0], 0);
	put(&g, cells[1], 1);
	put(&g, cells[2], 0);
	put(&g, cells[3], 0);
	fill(&g, 0, cells[4]);
	ck_assert_int_eq(view_lines(&g), 0);
	black_pot_rules.destroy(g.state);

	game_start(&g, 2, 0, "fixed", 3);
	for (int i = 1; i < 5; i++)
		put(&g, cells[i], 0);
	fill(&g, 0, cells[0]);
	view = black_pot_rules.view(g.state, 0);
	text = cJSON_PrintUnformatted(cJSON_GetObjectItem(view, "lines"));
	ck_assert_str_eq(text, "[{\"side\":0,\"cells\":[\"C1\",\"D1\",\"E1\",\"F1\",\"G1\"],\"points\":30}]");
	free(text);
	cJSON_Delete(view);
	black_pot_rules.destroy(g.state);
}
END_TEST

/* RULES.md 5.5: lines may cross.  A row and a column through F6 and both
 * diagonals through it: the pawn on F6 completes four lines at once. */
START_TEST(crossings)
{
	struct game g;
	int numbers[BLACK_POT_CELLS], cells[5], centre = 5 * SIDE + 5;
	long expected = 0;

	game_start(&g, 2, 0, "fixed", 5);
	game_numbers(&g, numbers);
	for (int d = 0; d < 4; d++) {
		int first = centre - 2 * (dirs[d][0] * SIDE + dirs[d][1]);

		ck_assert(window(numbers, first, d, cells));
		expected += window_points(numbers, cells);
		for (int i = 0; i < 5; i++)
			if (cells[i] != centre)
				put(&g, cells[i], 0);
	}
	fill(&g, 0, centre);
	ck_assert_int_eq(view_lines(&g), 4);
	ck_assert_int_eq(view_number(&g, "points", 0), expected);
	black_pot_rules.destroy(g.state);
}
END_TEST

/* RULES.md 5.5: a pawn already in a scored line of a direction is in no
 * other line of that direction: a 6th pawn in a row scores nothing, a
 * second, separate 5 in the same row does; a 9-pawn row closed in its
 * middle scores one line only. */
START_TEST(line_of_six)
{
	struct game g;
	int row = 5 * SIDE; /* row 6, A6..K6 */
	long points;

	game_start(&g, 2, 0, "fixed", 9);
	for (int c = 1; c <= 4; c++)
		put(&g, row + c, 0);
	fill(&g, 0, row + 5);              /* B6..F6 */
	ck_assert_int_eq(view_lines(&g), 1);
	points = view_number(&g, "points", 0);
	fill(&g, 0, row + 6);              /* G6: a line of 6 */
	ck_assert_int_eq(view_lines(&g), 1);
	ck_assert_int_eq(view_number(&g, "points", 0), points);
	for (int c = 7; c <= 9; c++)
		put(&g, row + c, 0);
	fill(&g, 0, row + 10);             /* G6..K6 share nothing with B6..F6 */
	ck_assert_int_eq(view_lines(&g), 2);
	black_pot_rules.destroy(g.state);

	game_start(&g, 2, 0, "fixed", 9);
	for (int c = 1; c <= 9; c++)
		if (c != 5)
			put(&g, row + c, 0);
	fill(&g, 0, row + 5);
	ck_assert_int_eq(view_lines(&g), 1);
	black_pot_rules.destroy(g.state);
}
END_TEST


/* RULES.md 5.3: 2 players, seat 0 first: the roll is played 0 1, the next
 * 1 0, then 0 1 ...; a roll is drawn exactly when the previous one has
 * been played by both. */
START_TEST(turns_two)
{
	static const int order[] = {0, 1, 1, 0, 0, 1, 1, 0};
	struct game g;

	game_start(&g, 2, 0, "fixed", 11);
	for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
		ck_assert_int_eq(black_pot_rules.to_move(g.state), order[i]);
		ck_assert_int_eq(g.tally.dice, (int)i / 2 + 1);
		play_nothing(&g);
	}
	black_pot_rules.destroy(g.state);
}
END_TEST

/* RULES.md 5.3: 4 players, first seat 1: A1 (seat 0) rolls, B1 A2 B2 A1
 * play; B1 rolls, A2 starts; ...  Partners share one stock. */
START_TEST(turns_four)
{
	static const int order[] = {1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2, 0, 1, 2, 3};
	struct game g;
	char err[ERR_LEN] = "";
	cJSON *view;

	game_start(&g, 4, 1, "fixed", 11);
	for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
		ck_assert_int_eq(black_pot_rules.to_move(g.state), order[i]);
		ck_assert_int_eq(g.tally.dice, (int)i / 4 + 1);
		play_nothing(&g);
	}
	/* Seat 1 then seat 3 (team brown) fill cells from one stock. */
	ck_assert_int_eq(black_pot_rules.to_move(g.state), 1);
	black_pot_set_roll(g.state, (int[]){6, 4, 2});
	ck_assert_int_eq(play(&g, "{\"expr\":\"6,4,2\",\"cells\":[\"E8\",\"A8\",\"J8\"]}", err), 0);
	play_nothing(&g);
	black_pot_set_roll(g.state, (int[]){6, 4, 2});
	ck_assert_int_eq(play(&g, "{\"expr\":\"6+4-2\",\"cells\":[\"G8\"]}", err), 0);
	ck_assert_int_eq(view_number(&g, "pawns", 1), 36);
	ck_assert_int_eq(view_number(&g, "pawns", 0), 40);
	for (int seat = 0; seat < 4; seat++) {
		view = black_pot_rules.view(g.state, seat);
		ck_assert_int_eq(cJSON_GetObjectItem(view, "you")->valueint, seat % 2);
		cJSON_Delete(view);
	}
	view = black_pot_rules.view(g.state, -1);
	ck_assert_ptr_null(cJSON_GetObjectItem(view, "you"));
	cJSON_Delete(view);
	black_pot_rules.destroy(g.state);
}
END_TEST

/* A forfeit with 4 players: the seat is skipped, its partner plays on for
 * the side; when both partners have left the game is over. */
START_TEST(forfeit_four)
{
	static const int order[] = {0, 1, 3, 1, 3, 0, 3, 0, 1};
	struct game g;

	game_start(&g, 4, 0, "fixed", 13);
	play_nothing(&g);
	black_pot_rules.forfeit(g.state, 2, &g.draws);
	for (size_t i = 1; i < sizeof order / sizeof *order; i++) {
		ck_assert_int_eq(black_pot_rules.to_move(g.state), order[i]);
		play_nothing(&g);
	}
	/* Seat 0 to move forfeits: its side is gone. */
	ck_assert_int_eq(black_pot_rules.to_move(g.state), 0);
	black_pot_rules.forfeit(g.state, 0, &g.draws);
	ck_assert_int_eq(black_pot_rules.to_move(g.state), -1);
	black_pot_rules.destroy(g.state);

	/* The seat to move forfeits on the last turn of a roll: a new roll. */
	game_start(&g, 4, 0, "fixed", 13);
	for (int i = 0; i < 3; i++)
		play_nothing(&g);
	ck_assert_int_eq(black_pot_rules.to_move(g.state), 3);
	black_pot_rules.forfeit(g.state, 3, &g.draws);
	ck_assert_int_eq(g.tally.dice, 2);
	ck_assert_int_eq(black_pot_rules.to_move(g.state), 1);
	black_pot_rules.destroy(g.state);
}
END_TEST

/* RULES.md 5.6: the game ends as soon as a side puts down its last pawn,
 * in the middle of a roll; a pawn left is worth 10; higher total wins,
 * both partners share the side's result.  A move may not place more
 * pawns than the side has left. */
START_TEST(end_scoring)
{
	struct game g;
	struct game_result result;
	char err[ERR_LEN] = "";
	cJSON *legal, *action;
	int most = 0;

	game_start(&g, 4, 0, "fixed", 17);
	black_pot_set_pawns(g.state, 0, 2);
	black_pot_set_pawns(g.state, 1, 30);
	black_pot_set_roll(g.state, (int[]){6, 4, 2});
	ck_assert_int_eq(play(&g, "{\"expr\":\"6,4,2\",\"cells\":[\"E8\",\"A8\",\"J8\"]}", err), -1);
	ck_assert_str_eq(err, "your side has 2 pawns left, the move places 3");
	legal = black_pot_rules.legal(g.state);
	cJSON_ArrayForEach(action, legal)
		if (cJSON_GetArraySize(cJSON_GetObjectItem(action, "cells")) > most)
			most = cJSON_GetArraySize(cJSON_GetObjectItem(action, "cells"));
	ck_assert_int_eq(most, 2);
	cJSON_Delete(legal);
	ck_assert_int_eq(play(&g, "{\"expr\":\"6+4,2\",\"cells\":[\"C8\",\"J8\"]}", err), 0);
	ck_assert_int_eq(black_pot_rules.to_move(g.state), -1);
	ck_assert_int_eq(g.tally.dice, 1);
	black_pot_rules.result(g.state, &result);
	ck_assert_int_eq(result.score[0], 0);
	ck_assert_int_eq(result.score[2], 0);
	ck_assert_int_eq(result.score[1], 300);
	ck_assert_int_eq(result.score[3], 300);
	ck_assert_int_eq(result.rank[1], 1);
	ck_assert_int_eq(result.rank[3], 1);
	ck_assert_int_eq(result.rank[0], 3);
	ck_assert_int_eq(result.rank[2], 3);
	ck_assert_int_eq(play(&g, "{\"expr\":\"6,4,2\",\"cells\":[]}", err), -1);
	ck_assert_str_eq(err, "the game is over");
	black_pot_rules.destroy(g.state);

	/* Lines and pawns add up; equal totals share the rank. */
	game_start(&g, 2, 0, "fixed", 17);
	black_pot_set_pawns(g.state, 1, 37);
	black_pot_rules.result(g.state, &result);
	ck_assert_int_eq(result.score[0], 400);
	ck_assert_int_eq(result.score[1], 370);
	ck_assert_int_eq(result.rank[0], 1);
	ck_assert_int_eq(result.rank[1], 2);
	for (int c = 1; c <= 4; c++)
		put(&g, 5 * SIDE + c, 1);
	fill(&g, 1, 5 * SIDE + 5);
	black_pot_rules.result(g.state, &result);
	ck_assert_int_eq(result.score[1], 360 + view_number(&g, "points", 1));
	black_pot_rules.destroy(g.state);
}
END_TEST

/* Actions refused with their reason, the state unchanged. */
START_TEST(apply_refusals)
{
	static const char *const cases[][2] = {
		{"\"E8\"", "the action must be an object {\"expr\": \"6+4-2\", \"cells\": [\"C5\"]}"},
		{"{\"expr\":\"6+4-2\"}", "the action must be an object {\"expr\": \"6+4-2\", \"cells\": [\"C5\"]}"},
		{"{\"expr\":\"6+4-3\",\"cells\":[]}", "\"6+4-3\" uses 3 more times than the roll 6 4 2 has it"},
		{"{\"expr\":\"6+4-2\",\"cells\":[]}", "group 1 of \"6+4-2\" is worth 8: \"cells\" must name a free cell numbered 8 for it"},
		{"{\"expr\":\"6+4-2\",\"cells\":[\"E8\"]}", "E8 is numbered 6, not 8 (group 1 of \"6+4-2\")"},
		{"{\"expr\":\"6+4-2\",\"cells\":[\"A1\"]}", "A1 is off the board (the corners lose 3 cells each)"},
		{"{\"expr\":\"6+4-2\",\"cells\":[\"L1\"]}", "\"L1\" is not a cell name: expected a column letter A-K then a row number 1-11, e.g. \"F6\""},
		{"{\"expr\":\"6+4-2\",\"cells\":[\"G12\"]}", "\"G12\" is not a cell name: expected a column letter A-K then a row number 1-11, e.g. \"F6\""},
		{"{\"expr\":\"6+4-2\",\"cells\":[\"G08\"]}", "\"G08\" is not a cell name: expected a column letter A-K then a row number 1-11, e.g. \"F6\""},
		{"{\"expr\":\"6+4-2\",\"cells\":[8]}", "\"cells\" must hold cell names, e.g. \"F6\""},
		{"{\"expr\":\"6+4-2\",\"cells\":[\"G10\"]}", "G10 is taken"},
		{"{\"expr\":\"6-4,2\",\"cells\":[\"J8\",\"J8\"]}", "J8 is named twice"},
		{"{\"expr\":\"2+4-6\",\"cells\":[\"G8\"]}", "\"2+4-6\" places 0 pawns, so \"cells\" must name 0 cells, not 1"},
		{"{\"expr\":\"6+4-2\",\"cells\":[\"G8\",\"C5\"]}", "\"6+4-2\" places 1 pawn, so \"cells\" must name 1 cell, not 2"},
	};
	struct game g;
	char err[ERR_LEN] = "", *before, *after;
	int numbers[BLACK_POT_CELLS];

	game_start(&g, 2, 0, "fixed", 19);
	put(&g, 9 * SIDE + 6, 1); /* G10, an 8 */
	black_pot_set_roll(g.state, (int[]){6, 4, 2});
	before = black_pot_rules.render(g.state);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		ck_assert_msg(play(&g, cases[i][0], err) == -1, "%s accepted", cases[i][0]);
		ck_assert_str_eq(err, cases[i][1]);
	}
	after = black_pot_rules.render(g.state);
	ck_assert_str_eq(before, after);
	ck_assert_int_eq(black_pot_rules.to_move(g.state), 0);
	free(before);
	free(after);
	/* With every 8 taken, a group worth 8 is not a move at all. */
	game_numbers(&g, numbers);
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		if (numbers[c] == 8 && c != 9 * SIDE + 6)
			put(&g, c, 0);
	ck_assert_int_eq(play(&g, "{\"expr\":\"6+4-2\",\"cells\":[]}", err), -1);
	ck_assert_str_eq(err, "group 1 of \"6+4-2\" is worth 8 and no free cell is numbered 8: this split is not a legal move (\"legal\" lists them)");
	black_pot_rules.destroy(g.state);
}
END_TEST

/* The test seam refuses what would make no position. */
START_TEST(seam_refusals)
{
	struct game g;
	char err[ERR_LEN] = "";

	game_start(&g, 2, 0, "fixed", 29);
	ck_assert_int_eq(black_pot_put(g.state, "F6", 0, err), 0);
	ck_assert_int_eq(black_pot_put(g.state, "F6", 1, err), -1);
	ck_assert_str_eq(err, "F6 is taken");
	ck_assert_int_eq(black_pot_put(g.state, "K11", 0, err), -1);
	ck_assert_str_eq(err, "K11 is off the board (the corners lose 3 cells each)");
	ck_assert_int_eq(black_pot_put(g.state, "F7", 2, err), -1);
	ck_assert_str_eq(err, "side 2 is neither 0 (ivory) nor 1 (brown)");
	black_pot_rules.destroy(g.state);
}
END_TEST

/* The view of docs/games/black-pot.md: seat 2 of 4 (first seat 1) after
 * seat 1 filled G8 with 6+4-2. */
START_TEST(view_json)
{
	struct game g;
	char err[ERR_LEN] = "", *text;
	cJSON *view;

	game_start(&g, 4, 1, "fixed", 1);
	black_pot_set_roll(g.state, (int[]){6, 4, 2});
	ck_assert_int_eq(play(&g, "{\"expr\":\"6+4-2\",\"cells\":[\"G8\"]}", err), 0);
	view = black_pot_rules.view(g.state, 2);
	text = cJSON_PrintUnformatted(view);
	ck_assert_str_eq(text,
		"{\"numbers\":[[0,0,6,24,16,23,1,15,3,0,0],[0,7,11,20,18,12,13,21,2,10,0],"
		"[17,25,19,1,24,2,25,14,16,20,3],[19,7,14,13,7,10,22,18,4,8,17],"
		"[22,24,8,11,4,1,9,1,13,14,2],[16,6,19,22,16,17,6,17,6,21,9],"
		"[25,12,21,11,3,5,7,12,13,15,5],[4,23,10,18,6,11,8,20,10,2,23],"
		"[9,22,14,3,24,25,10,1,3,5,9],[0,15,20,5,12,4,8,5,23,12,0],"
		"[0,0,19,15,21,2,18,4,8,0,0]],"
		"\"board\":[\"  .......  \",\" ......... \",\"...........\",\"...........\","
		"\"...........\",\"...........\",\"...........\",\"......O....\","
		"\"...........\",\" ......... \",\"  .......  \"],"
		"\"sides\":[\"ivory\",\"brown\"],\"you\":0,\"to_move\":2,\"roll\":[6,4,2],"
		"\"rolls\":1,\"max_rolls\":200,\"pawns\":[40,39],\"points\":[0,0],"
		"\"lines\":[],\"forfeited\":[]}");
	free(text);
	cJSON_Delete(view);
	black_pot_rules.destroy(g.state);
}
END_TEST

START_TEST(render_board)
{
	struct game g;
	char err[ERR_LEN] = "", *text;

	game_start(&g, 2, 0, "fixed", 23);
	black_pot_set_roll(g.state, (int[]){6, 4, 2});
	ck_assert_int_eq(play(&g, "{\"expr\":\"6,4,2\",\"cells\":[\"E8\",\"A8\",\"J8\"]}", err), 0);
	black_pot_set_roll(g.state, (int[]){6, 4, 2});
	ck_assert_int_eq(play(&g, "{\"expr\":\"6+4-2\",\"cells\":[\"G8\"]}", err), 0);
	text = black_pot_rules.render(g.state);
	ck_assert_str_eq(text,
		"11          19  15  21   2  18   4   8\n"
		"10      15  20   5  12   4   8   5  23  12\n"
		" 9   9  22  14   3  24  25  10   1   3   5   9\n"
		" 8 X 4  23  10  18 X 6  11 O 8  20  10 X 2  23\n"
		" 7  25  12  21  11   3   5   7  12  13  15   5\n"
		" 6  16   6  19  22  16  17   6  17   6  21   9\n"
		" 5  22  24   8  11   4   1   9   1  13  14   2\n"
		" 4  19   7  14  13   7  10  22  18   4   8  17\n"
		" 3  17  25  19   1  24   2  25  14  16  20   3\n"
		" 2       7  11  20  18  12  13  21   2  10\n"
		" 1           6  24  16  23   1  15   3\n"
		"     A   B   C   D   E   F   G   H   I   J   K\n"
		"ivory seat 0 (X): 37 pawns left, 0 points from lines, total 370\n"
		"brown seat 1 (O): 39 pawns left, 0 points from lines, total 390\n"
		"roll 2: 2 6 4, seat 1 to play\n");
	free(text);
	black_pot_rules.destroy(g.state);
}
END_TEST

/* {"expr": "a-b-c", "cells": []} for the current roll, a its smallest
 * die: a bot's own expression that places nothing. */
static cJSON *nothing_action(const struct game *g)
{
	cJSON *view = black_pot_rules.view(g->state, 0), *action;
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
	while ((seat = black_pot_rules.to_move(g.state)) >= 0) {
		cJSON *legal = NULL, *action;

		if (moves++ == 10 && quitter >= 0) {
			black_pot_rules.forfeit(g.state, quitter, &g.draws);
			continue;
		}
		ck_assert_int_ne(seat, moves > 10 ? quitter : -1);
		if (nothing) {
			action = nothing_action(&g);
		} else {
			legal = black_pot_rules.legal(g.state);
			ck_assert_int_gt(cJSON_GetArraySize(legal), 0);
			pick = pick * 1103515245u + 12345u;
			action = cJSON_GetArrayItem(legal, (int)((pick >> 16) %
				 (unsigned)cJSON_GetArraySize(legal)));
		}
		placed[seat % 2] += cJSON_GetArraySize(cJSON_GetObjectItem(action, "cells"));
		ck_assert_msg(black_pot_rules.apply(g.state, action, &g.draws, err) == 0,
			      "%s", err);
		cJSON_Delete(legal ? legal : action);
	}
	for (int side = 0; side < 2; side++)
		ck_assert_int_eq(view_number(&g, "pawns", side), 40 - placed[side]);
	if (nothing)
		ck_assert_int_eq(g.tally.dice, 200);
	else
		ck_assert(placed[0] == 40 || placed[1] == 40);
	black_pot_rules.result(g.state, &result);
	for (int i = 0; i < players; i++) {
		int side = i % 2;
		long total = view_number(&g, "points", side) + 10L * (40 - placed[side]);

		ck_assert_int_eq(result.score[i], total);
		ck_assert_int_eq(result.rank[i],
				 1 + (result.score[(i + 1) % 2] > total) * (players / 2));
	}
	black_pot_rules.destroy(g.state);
}

/* RULES.md 5.6: after 200 rolls, each played by every seat, the game
 * ends and is scored as any other: 2 or 4 players, sides that place
 * nothing, 40 pawns left each = 400 points, a draw. */
START_TEST(roll_cap)
{
	struct game g;
	struct game_result result;
	int players = _i ? 4 : 2;
	char err[ERR_LEN] = "";

	game_start(&g, players, 1, "fixed", 9);
	for (int move = 0; move < 200 * players; move++) {
		cJSON *action = nothing_action(&g);
		cJSON *view = black_pot_rules.view(g.state, 0);

		ck_assert_int_eq(cJSON_GetObjectItem(view, "rolls")->valueint,
				 move / players + 1);
		cJSON_Delete(view);
		ck_assert_int_eq(black_pot_rules.to_move(g.state),
				 (1 + move / players + move % players) % players);
		ck_assert_msg(black_pot_rules.apply(g.state, action, &g.draws, err) == 0,
			      "%s", err);
		cJSON_Delete(action);
	}
	ck_assert_int_eq(black_pot_rules.to_move(g.state), -1);
	ck_assert_int_eq(g.tally.dice, 200);
	black_pot_rules.result(g.state, &result);
	for (int i = 0; i < players; i++) {
		ck_assert_int_eq(result.score[i], 400);
		ck_assert_int_eq(result.rank[i], 1);
	}
	black_pot_rules.destroy(g.state);
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
	TCase *board = tcase_create("board"), *moves = tcase_create("moves");
	TCase *lines = tcase_create("lines"), *games = tcase_create("games");

	tcase_add_test(board, rules_table);
	tcase_add_test(board, create_refusals);
	tcase_add_test(board, layout_fixed);
	tcase_add_test(board, layout_random);
	tcase_add_test(board, view_json);
	tcase_add_test(board, seam_refusals);
	tcase_add_test(board, render_board);
	suite_add_tcase(s, board);
	tcase_add_test(moves, moves_642_one_pawn);
	tcase_add_test(moves, moves_642_three_cells);
	tcase_add_test(moves, moves_double);
	tcase_add_test(moves, moves_match_parser);
	tcase_add_test(moves, parser);
	tcase_add_test(moves, apply_refusals);
	suite_add_tcase(s, moves);
	tcase_add_test(lines, line_kinds);
	tcase_add_test(lines, line_needs_own_pawns);
	tcase_add_test(lines, crossings);
	tcase_add_test(lines, line_of_six);
	suite_add_tcase(s, lines);
	tcase_add_test(games, turns_two);
	tcase_add_test(games, turns_four);
	tcase_add_test(games, forfeit_four);
	tcase_add_test(games, end_scoring);
	tcase_add_loop_test(games, roll_cap, 0, 2);
	tcase_add_loop_test(games, full_game, 0,
			    sizeof full_games / sizeof full_games[0]);
	suite_add_tcase(s, games);
	return s;
}
