/*
 * Unit tests for the Rolit rules (games/rolit.c).  Most of them are
 * the rule cases of tests/cases/rolit.txt, one test per case, run by the
 * small interpreter below (the format is described at the top of that
 * file); the rest play whole games through the rules table alone and check
 * the rendering and the refusals of arena_rolit_from_rows().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "case_table.h"
#include "games/registry.h"
#include "games/rolit.h"
#include "game_start.h"
#include "rules_table_text.h"
#include "run_suite.h"

#define MAX_SIZE 8

/* The case being run: where we are in the table and the game so far. */
struct rule_case {
	struct case_table t;
	void *state;
};

/* Reads `size` board rows, highest row first, into rows[0] = row 1. */
static void case_rows(struct rule_case *c, int size,
		      char rows[MAX_SIZE][CASE_LINE_LEN])
{
	for (int i = size - 1; i >= 0; i--)
		ck_assert_msg(case_table_read(&c->t, rows[i]),
			      "%s: the table ends inside a board", c->t.name);
}

/* The view of seat 0, for board and player checks. */
static cJSON *case_view(const void *state)
{
	return arena_rolit_rules.view(state, 0);
}

/* The actual board and to_move, for checking a rejected action. */
static char *case_snapshot(const void *state)
{
	char *text = arena_rolit_rules.render(state), *out;

	out = xmalloc(strlen(text) + 16);
	sprintf(out, "%s%d", text, arena_rolit_rules.to_move(state));
	free(text);
	return out;
}

/* Joins a JSON array of strings with single spaces. */
static void join(char *out, const cJSON *list)
{
	const cJSON *item;
	char *p = out;

	*p = '\0';
	cJSON_ArrayForEach(item, list)
		p += sprintf(p, "%s%s", p != out ? " " : "", item->valuestring);
}

static void case_new(struct rule_case *c, const char *args)
{
	struct game_setup setup;
	char err[ERR_LEN] = "";
	cJSON *options = cJSON_CreateObject();
	int size;

	ck_assert_msg(sscanf(args, "%d %d %d", &setup.players, &size,
			     &setup.first_seat) == 3,
		      "%s (line %d): new PLAYERS SIZE FIRST", c->t.name,
		      c->t.line_no);
	cJSON_AddNumberToObject(options, "size", size);
	setup.options = options;
	c->state = arena_rolit_rules.create(&setup, NULL, err);
	ck_assert_msg(c->state != NULL, "%s (line %d): create failed: %s",
		      c->t.name, c->t.line_no, err);
	cJSON_Delete(options);
}

static void case_refuse(struct rule_case *c, const char *args)
{
	struct game_setup setup = {.first_seat = 0};
	char err[ERR_LEN] = "";
	const char *text;
	char *end;
	cJSON *options = cJSON_CreateObject();
	void *state;

	setup.players = (int)strtol(args, &end, 10);
	cJSON_AddItemToObject(options, "size", case_table_json(&c->t, end, &text));
	setup.options = options;
	state = arena_rolit_rules.create(&setup, NULL, err);
	ck_assert_msg(state == NULL, "%s (line %d): create accepted it",
		      c->t.name, c->t.line_no);
	ck_assert_msg(strstr(err, text) != NULL,
		      "%s (line %d): error \"%s\" lacks \"%s\"", c->t.name,
		      c->t.line_no, err, text);
	cJSON_Delete(options);
}

static void case_position(struct rule_case *c, const char *args)
{
	char rows[MAX_SIZE][CASE_LINE_LEN], first[CASE_LINE_LEN], err[ERR_LEN] = "";
	const char *row_ptrs[MAX_SIZE];
	int players, to_move, size;

	ck_assert_msg(sscanf(args, "%d %d", &players, &to_move) == 2,
		      "%s (line %d): position PLAYERS TO_MOVE", c->t.name,
		      c->t.line_no);
	ck_assert(case_table_read(&c->t, first));
	size = (int)strlen(first);
	ck_assert_msg(size >= 1 && size <= MAX_SIZE, "%s (line %d): bad row",
		      c->t.name, c->t.line_no);
	strcpy(rows[size - 1], first);
	case_rows(c, size - 1, rows);
	for (int i = 0; i < size; i++)
		row_ptrs[i] = rows[i];
	c->state = arena_rolit_from_rows(size, players, to_move, row_ptrs, err);
	ck_assert_msg(c->state != NULL, "%s (line %d): %s", c->t.name,
		      c->t.line_no, err);
}

static void case_move(struct rule_case *c, const char *args)
{
	char err[ERR_LEN] = "";
	const char *rest;
	cJSON *action = case_table_json(&c->t, args, &rest);

	ck_assert_msg(arena_rolit_rules.apply(c->state, action, NULL, err) == 0,
		      "%s (line %d): %s refused: %s", c->t.name, c->t.line_no,
		      args, err);
	cJSON_Delete(action);
}

static void case_reject(struct rule_case *c, const char *args)
{
	char err[ERR_LEN] = "", *before, *after;
	const char *text;
	cJSON *action = case_table_json(&c->t, args, &text);

	before = case_snapshot(c->state);
	ck_assert_msg(arena_rolit_rules.apply(c->state, action, NULL, err) == -1,
		      "%s (line %d): accepted", c->t.name, c->t.line_no);
	ck_assert_msg(strstr(err, text) != NULL,
		      "%s (line %d): error \"%s\" lacks \"%s\"", c->t.name,
		      c->t.line_no, err, text);
	after = case_snapshot(c->state);
	ck_assert_msg(strcmp(before, after) == 0,
		      "%s (line %d): a rejected action changed the state",
		      c->t.name, c->t.line_no);
	free(before);
	free(after);
	cJSON_Delete(action);
}

static void case_board(struct rule_case *c)
{
	char rows[MAX_SIZE][CASE_LINE_LEN];
	cJSON *view = case_view(c->state);
	const cJSON *board = cJSON_GetObjectItem(view, "board");
	int size = cJSON_GetArraySize(board);

	case_rows(c, size, rows);
	for (int i = 0; i < size; i++)
		ck_assert_msg(strcmp(cJSON_GetArrayItem(board, i)->valuestring,
				     rows[i]) == 0,
			      "%s (line %d): row %d is %s, expected %s",
			      c->t.name, c->t.line_no, i + 1,
			      cJSON_GetArrayItem(board, i)->valuestring,
			      rows[i]);
	cJSON_Delete(view);
}

static void case_legal(struct rule_case *c, const char *args)
{
	char got[CASE_LINE_LEN];
	cJSON *legal = arena_rolit_rules.legal(c->state);

	join(got, legal);
	ck_assert_msg(strcmp(got, args) == 0,
		      "%s (line %d): legal is \"%s\", expected \"%s\"",
		      c->t.name, c->t.line_no, got, args);
	cJSON_Delete(legal);
}

/* "scores" or "ranks": the result of every seat, in seat order. */
static void case_result(struct rule_case *c, const char *args, bool scores)
{
	struct game_result result;
	char got[CASE_LINE_LEN] = "", *p = got;
	cJSON *view = case_view(c->state);
	int players = cJSON_GetArraySize(cJSON_GetObjectItem(view, "colours"));

	arena_rolit_rules.result(c->state, &result);
	for (int i = 0; i < players; i++)
		p += sprintf(p, "%s%ld", i ? " " : "",
			     scores ? result.score[i] : result.rank[i]);
	ck_assert_msg(strcmp(got, args) == 0,
		      "%s (line %d): %s are \"%s\", expected \"%s\"", c->t.name,
		      c->t.line_no, scores ? "scores" : "ranks", got, args);
	cJSON_Delete(view);
}

static void case_view_check(struct rule_case *c, const char *args)
{
	char *end;
	int seat = (int)strtol(args, &end, 10);
	const char *rest;
	cJSON *want = case_table_json(&c->t, end, &rest), *view;
	char *want_text = cJSON_PrintUnformatted(want), *got;

	view = arena_rolit_rules.view(c->state, seat);
	got = cJSON_PrintUnformatted(view);
	ck_assert_msg(strcmp(got, want_text) == 0,
		      "%s (line %d): view is %s", c->t.name, c->t.line_no, got);
	free(got);
	free(want_text);
	cJSON_Delete(view);
	cJSON_Delete(want);
}

/* Runs one directive of the case. */
static void case_step(struct rule_case *c, const char *line)
{
	const char *args;

	if ((args = case_directive(line, "new")))
		case_new(c, args);
	else if ((args = case_directive(line, "refuse")))
		case_refuse(c, args);
	else if ((args = case_directive(line, "position")))
		case_position(c, args);
	else if (!c->state)
		ck_abort_msg("%s (line %d): no game yet", c->t.name, c->t.line_no);
	else if ((args = case_directive(line, "move")))
		case_move(c, args);
	else if ((args = case_directive(line, "reject")))
		case_reject(c, args);
	else if ((args = case_directive(line, "forfeit")))
		arena_rolit_rules.forfeit(c->state, atoi(args), NULL);
	else if (case_directive(line, "board"))
		case_board(c);
	else if ((args = case_directive(line, "legal")))
		case_legal(c, args);
	else if ((args = case_directive(line, "to_move")))
		ck_assert_msg(arena_rolit_rules.to_move(c->state) == atoi(args),
			      "%s (line %d): to_move is %d", c->t.name,
			      c->t.line_no, arena_rolit_rules.to_move(c->state));
	else if ((args = case_directive(line, "scores")))
		case_result(c, args, true);
	else if ((args = case_directive(line, "ranks")))
		case_result(c, args, false);
	else if ((args = case_directive(line, "view")))
		case_view_check(c, args);
	else
		ck_abort_msg("%s (line %d): unknown directive", c->t.name,
			     c->t.line_no);
}

/* Test _i: the _i-th case of the table, from its "case" line to the
 * next one. */
START_TEST(rule_case)
{
	struct rule_case c = {0};
	char line[CASE_LINE_LEN];

	case_table_open(&c.t, "rolit.txt", _i);
	while (case_table_step(&c.t, line))
		case_step(&c, line);
	if (c.state)
		arena_rolit_rules.destroy(c.state);
	case_table_close(&c.t);
}
END_TEST

START_TEST(rules_table)
{
	ck_assert_str_eq(rules_table_text(&arena_rolit_rules),
			 "rolit (Rolit) rolit/2, 2-4 players; size=8 {4..8}");
}
END_TEST

static void *start(int players, int size, int first)
{
	struct game_setup setup = {.players = players, .first_seat = first};
	char err[ERR_LEN] = "";
	cJSON *options = cJSON_CreateObject();
	void *state;

	cJSON_AddNumberToObject(options, "size", size);
	setup.options = options;
	state = arena_rolit_rules.create(&setup, NULL, err);
	ck_assert_msg(state != NULL, "%s", err);
	cJSON_Delete(options);
	return state;
}

/* Plays legal[0] until the board is full, forfeiting `quitter` (unless
 * -1) after 6 moves; checks whose turn it is after every move, that the
 * board fills up, and the result. */
static void play_out(void *state, int players, int size, int quitter)
{
	struct game_result result;
	int moves = 0, seat, next, balls = 0;
	long scores = 0;
	char err[ERR_LEN] = "";
	cJSON *legal, *view, *board, *counts, *colours, *count;

	while ((seat = arena_rolit_rules.to_move(state)) >= 0) {
		if (moves == 6 && quitter >= 0) {
			arena_rolit_rules.forfeit(state, quitter, NULL);
			seat = arena_rolit_rules.to_move(state);
		}
		legal = arena_rolit_rules.legal(state);
		ck_assert_int_gt(cJSON_GetArraySize(legal), 0);
		ck_assert_int_eq(arena_rolit_rules.apply(state,
						   cJSON_GetArrayItem(legal, 0),
						   NULL, err), 0);
		cJSON_Delete(legal);
		moves++;
		next = (seat + 1) % players;
		if (next == quitter && moves > 6)
			next = (next + 1) % players;
		if (moves < size * size - 4)
			ck_assert_int_eq(arena_rolit_rules.to_move(state), next);
	}
	ck_assert_int_eq(moves, size * size - 4);
	legal = arena_rolit_rules.legal(state);
	ck_assert_int_eq(cJSON_GetArraySize(legal), 0);
	cJSON_Delete(legal);
	view = arena_rolit_rules.view(state, 0);
	board = cJSON_GetObjectItem(view, "board");
	counts = cJSON_GetObjectItem(view, "counts");
	colours = cJSON_GetObjectItem(view, "colours");
	for (int i = 0; i < size; i++)
		ck_assert_ptr_null(strchr(
			cJSON_GetArrayItem(board, i)->valuestring, '.'));
	cJSON_ArrayForEach(count, counts)
		balls += count->valueint;
	ck_assert_int_eq(balls, size * size);
	arena_rolit_rules.result(state, &result);
	for (int i = 0; i < players; i++) {
		const char *colour = cJSON_GetArrayItem(colours, i)->valuestring;
		int rank = 1;

		for (int j = 0; j < players; j++)
			rank += result.score[j] > result.score[i];
		ck_assert_int_eq(result.rank[i], rank);
		ck_assert_int_eq(result.score[i],
				 cJSON_GetObjectItem(counts, colour)->valueint);
		scores += result.score[i];
	}
	if (players == 4)
		ck_assert_int_eq(scores, size * size);
	cJSON_Delete(view);
	arena_rolit_rules.destroy(state);
}

/* Whole games through the rules table (players, size, first seat). */
static const int full_games[][3] = {
	{2, 8, 0}, {2, 8, 1}, {3, 8, 2}, {4, 8, 3},
	{2, 6, 0}, {3, 6, 1}, {4, 6, 0}, {2, 4, 1},
};

START_TEST(full_game)
{
	int players = full_games[_i][0], size = full_games[_i][1];

	play_out(start(players, size, full_games[_i][2]), players, size, -1);
}
END_TEST

/* The quitter is the seat to move (4 players) or not (3 players). */
START_TEST(full_game_with_forfeit)
{
	play_out(start(4, 8, 0), 4, 8, 2);
	play_out(start(3, 6, 1), 3, 6, 0);
}
END_TEST

START_TEST(render_board)
{
	void *state = start(2, 8, 0);
	char *text = arena_rolit_rules.render(state);
	cJSON *action = cJSON_CreateString("E3");

	ck_assert_str_eq(text, "8 ........\n7 ........\n6 ........\n"
			       "5 ...BG...\n4 ...RY...\n3 ........\n"
			       "2 ........\n1 ........\n  ABCDEFGH\n"
			       "red 1  green 1\n");
	free(text);
	arena_rolit_rules.destroy(state);
	state = start(3, 6, 0);
	ck_assert_int_eq(arena_rolit_rules.apply(state, action, NULL, NULL), 0);
	text = arena_rolit_rules.render(state);
	ck_assert_str_eq(text, "6 ......\n5 ......\n4 ..BG..\n3 ..RRR.\n"
			       "2 ......\n1 ......\n  ABCDEF\n"
			       "red 3  yellow 0  green 1\n");
	free(text);
	cJSON_Delete(action);
	arena_rolit_rules.destroy(state);
}
END_TEST

/* create() refusals the option table cannot express. */
START_TEST(create_refusals)
{
	cJSON *options = cJSON_CreateObject();

	ck_assert_str_eq(game_refusal(&arena_rolit_rules, 2, 2, options),
			 "size must be 8, 6 or 4");
	cJSON_AddNumberToObject(options, "size", 6);
	ck_assert_str_eq(game_refusal(&arena_rolit_rules, 2, 2, options),
			 "seat 2 is not a seat of 2 players");
	cJSON_Delete(options);
}
END_TEST

START_TEST(from_rows_refusals)
{
	const char *start4[] = {"....", ".RY.", ".BG.", "...."};
	const char *bad_char[] = {"....", ".RX.", ".BG.", "...."};
	const char *short_row[] = {"....", ".RY", ".BG.", "...."};
	const char *empty[] = {"....", "....", "....", "...."};
	char err[ERR_LEN] = "";

	ck_assert_ptr_null(arena_rolit_from_rows(4, 2, 0, bad_char, err));
	ck_assert_str_eq(err, "row 2 must be 4 of R, Y, G, B or .");
	ck_assert_ptr_null(arena_rolit_from_rows(4, 2, 0, short_row, err));
	ck_assert_str_eq(err, "row 2 must be 4 of R, Y, G, B or .");
	ck_assert_ptr_null(arena_rolit_from_rows(4, 2, 0, empty, err));
	ck_assert_str_eq(err, "the position needs at least one ball");
	ck_assert_ptr_null(arena_rolit_from_rows(4, 2, 2, start4, err));
	ck_assert_str_eq(err, "seat 2 is not a seat of 2 players");
	ck_assert_ptr_null(arena_rolit_from_rows(4, 3, 0, start4, err));
	ck_assert_str_eq(err, "size 4 is for 2 players only: use size 6 or 8 with 3 players");
	ck_assert_ptr_null(arena_rolit_from_rows(5, 2, 0, start4, err));
	ck_assert_str_eq(err, "size must be 8, 6 or 4");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("rolit");
	TCase *cases = tcase_create("cases"), *games = tcase_create("games");

	tcase_add_loop_test(cases, rule_case, 0, case_table_count("rolit.txt"));
	suite_add_tcase(s, cases);
	tcase_add_test(games, rules_table);
	tcase_add_loop_test(games, full_game, 0,
			    sizeof full_games / sizeof full_games[0]);
	tcase_add_test(games, full_game_with_forfeit);
	tcase_add_test(games, render_board);
	tcase_add_test(games, create_refusals);
	tcase_add_test(games, from_rows_refusals);
	suite_add_tcase(s, games);
	return s;
}
