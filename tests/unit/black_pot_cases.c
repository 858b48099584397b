/*
 * The rule-case interpreter of Black-Pot (see black_pot_cases.h).  A
 * case is a list of directives read line by line: each one acts on the
 * game (create, put pawns by hand, set the roll, play, forfeit) or checks
 * it (whose turn, a view, the result, draws used, a rendering), or checks
 * the move arithmetic without a game (an expression's values, the
 * outcomes of a roll over chosen free cells).
 */
#include "black_pot_cases.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "case_rules.h"
#include "case_table.h"
#include "games/black_pot.h"
#include "games/registry.h"
#include "run_suite.h"

#define BLACK_POT_CASES_TABLE "black-pot.txt"

struct rule_case {
	struct case_table t;
	void *state;
	struct draws draws;
	int players;
	int open[BLACK_POT_CELLS]; /* the free cells "outcomes" is given */
};

/* Every failure names the case and the line: CASE_AT starts the
 * message, CASE_WHERE(c) gives its arguments. */
#define CASE_AT "%s (line %d): "
#define CASE_WHERE(c) (c)->t.name, (c)->t.line_no

/* Compares `got` with the text `want`, naming `what`. */
static void case_same(struct rule_case *c, const char *got,
		      const char *want, const char *what)
{
	ck_assert_msg(strcmp(got, want) == 0, CASE_AT "%s: got \"%s\"",
		      CASE_WHERE(c), what, got);
}

/* create() of PLAYERS FIRST with {"layout": layout}, drawing from a zero
 * key into *draws; NULL with err when it refuses. */
static void *case_create(struct rule_case *c, const char *args,
			 const char *layout, struct draws *draws, char *err)
{
	static const unsigned char key[32];
	struct game_setup setup;
	cJSON *options = cJSON_CreateObject();
	void *state;

	ck_assert_msg(sscanf(args, "%d %d", &setup.players,
			     &setup.first_seat) == 2,
		      CASE_AT "PLAYERS FIRST expected", CASE_WHERE(c));
	cJSON_AddStringToObject(options, "layout", layout);
	setup.options = options;
	arena_draws_init(draws, key, NULL, NULL);
	state = arena_black_pot_rules.create(&setup, draws, err);
	cJSON_Delete(options);
	return state;
}

/* new PLAYERS FIRST: the fixed layout. */
static void case_new(struct rule_case *c, const char *args)
{
	char err[ERR_LEN] = "";

	c->state = case_create(c, args, "fixed", &c->draws, err);
	ck_assert_msg(c->state != NULL, CASE_AT "create failed: %s",
		      CASE_WHERE(c), err);
	c->players = atoi(args);
}

/* refuse PLAYERS FIRST LAYOUT TEXT: create() fails with TEXT before it
 * draws anything. */
static void case_refuse(struct rule_case *c, const char *args)
{
	struct draws draws;
	char layout[32], err[ERR_LEN] = "";
	int used = 0;

	ck_assert_msg(sscanf(args, "%*d %*d %31s %n", layout, &used) == 1,
		      CASE_AT "refuse PLAYERS FIRST LAYOUT TEXT", CASE_WHERE(c));
	ck_assert_msg(case_create(c, args, layout, &draws, err) == NULL,
		      CASE_AT "create accepted it", CASE_WHERE(c));
	case_same(c, err, args + used, "the error");
	ck_assert_msg(draws.next_index == 0, CASE_AT "it drew %llu times",
		      CASE_WHERE(c), (unsigned long long)draws.next_index);
}

/* put SIDE CELL...: pawns put down by hand (the test seam). */
static void case_put(struct rule_case *c, const char *args)
{
	char copy[CASE_LINE_LEN], *save = NULL, *cell, err[ERR_LEN] = "";
	int side = atoi(args);

	snprintf(copy, sizeof copy, "%s", args + strcspn(args, " "));
	for (cell = strtok_r(copy, " ", &save); cell;
	     cell = strtok_r(NULL, " ", &save))
		ck_assert_msg(arena_black_pot_put(c->state, cell, side, err) == 0,
			      CASE_AT "%s: %s", CASE_WHERE(c), cell, err);
}

/* put_refused SIDE CELL TEXT */
static void case_put_refused(struct rule_case *c, const char *args)
{
	char cell[16], err[ERR_LEN] = "";
	int side, used = 0;

	ck_assert_msg(sscanf(args, "%d %15s %n", &side, cell, &used) == 2,
		      CASE_AT "put_refused SIDE CELL TEXT", CASE_WHERE(c));
	ck_assert_msg(arena_black_pot_put(c->state, cell, side, err) == -1,
		      CASE_AT "the pawn went down", CASE_WHERE(c));
	case_same(c, err, args + used, "the error");
}

/* Three dice at the start of args; what follows them. */
static const char *case_dice(struct rule_case *c, const char *args,
			     int dice[3])
{
	int used = 0;

	ck_assert_msg(sscanf(args, "%d %d %d %n", &dice[0], &dice[1],
			     &dice[2], &used) == 3,
		      CASE_AT "three dice expected", CASE_WHERE(c));
	return args + used;
}

/* roll D D D: the current roll becomes these dice (the test seam). */
static void case_roll(struct rule_case *c, const char *args)
{
	int dice[3];

	case_dice(c, args, dice);
	arena_black_pot_set_roll(c->state, dice);
}

/* pass: the seat to move plays legal[0], which must place nothing. */
static void case_pass(struct rule_case *c)
{
	cJSON *legal = arena_black_pot_rules.legal(c->state);
	const cJSON *first = cJSON_GetArrayItem(legal, 0);
	char err[ERR_LEN] = "";

	ck_assert_msg(first && !cJSON_GetArraySize(
				       cJSON_GetObjectItem(first, "cells")),
		      CASE_AT "legal[0] does not place nothing", CASE_WHERE(c));
	ck_assert_msg(arena_black_pot_rules.apply(c->state, first, &c->draws,
					    err) == 0,
		      CASE_AT "%s", CASE_WHERE(c), err);
	cJSON_Delete(legal);
}

/* most N: no legal move places more than N pawns, one places N. */
static void case_most(struct rule_case *c, const char *args)
{
	cJSON *legal = arena_black_pot_rules.legal(c->state);
	const cJSON *action;
	int most = 0;

	cJSON_ArrayForEach(action, legal) {
		int n = cJSON_GetArraySize(cJSON_GetObjectItem(action, "cells"));

		most = n > most ? n : most;
	}
	ck_assert_msg(most == atoi(args), CASE_AT "a legal move places %d",
		      CASE_WHERE(c), most);
	cJSON_Delete(legal);
}

/* view SEAT JSON (the whole view), view SEAT FIELD JSON (one field), or
 * view SEAT FIELD absent. */
static void case_view(struct rule_case *c, const char *args)
{
	char *end, field[64] = "", *got, *want_text;
	int seat = (int)strtol(args, &end, 10), used = 0;
	cJSON *view = arena_black_pot_rules.view(c->state, seat), *want;
	const cJSON *item = view;
	const char *rest;

	end += strspn(end, " ");
	if (*end != '{') {
		ck_assert_msg(sscanf(end, "%63s %n", field, &used) == 1,
			      CASE_AT "view SEAT [FIELD] JSON", CASE_WHERE(c));
		item = cJSON_GetObjectItemCaseSensitive(view, field);
		end += used;
	}
	if (!strcmp(end, "absent")) {
		ck_assert_msg(item == NULL, CASE_AT "the view has %s",
			      CASE_WHERE(c), field);
	} else {
		ck_assert_msg(item != NULL, CASE_AT "the view has no %s",
			      CASE_WHERE(c), field);
		want = case_table_json(&c->t, end, &rest);
		got = cJSON_PrintUnformatted(item);
		want_text = cJSON_PrintUnformatted(want);
		case_same(c, got, want_text, *field ? field : "the view");
		free(want_text);
		free(got);
		cJSON_Delete(want);
	}
	cJSON_Delete(view);
}

/* teams PLAYERS T...: team_of() of every seat. */
static void case_teams(struct rule_case *c, const char *args)
{
	char got[CASE_LINE_LEN], *p = got;
	int players = atoi(args);

	p += sprintf(p, "%d", players);
	for (int seat = 0; seat < players; seat++)
		p += sprintf(p, " %d", arena_black_pot_rules.team_of(players, seat));
	case_same(c, got, args, "teams");
}

/* parse D D D EXPR VALUE... or parse_refused D D D EXPR TEXT. */
static void case_parse(struct rule_case *c, const char *args, bool refused)
{
	int dice[3], values[3], groups;
	char err[ERR_LEN] = "", got[CASE_LINE_LEN] = "", *p = got;
	const char *rest;
	cJSON *expr = case_table_json(&c->t, case_dice(c, args, dice), &rest);

	ck_assert_msg(cJSON_IsString(expr), CASE_AT "EXPR is a JSON string",
		      CASE_WHERE(c));
	groups = arena_black_pot_parse(expr->valuestring, dice, values, err);
	if (refused) {
		ck_assert_msg(groups == -1, CASE_AT "accepted", CASE_WHERE(c));
		case_same(c, err, rest, "the error");
	} else {
		ck_assert_msg(groups > 0, CASE_AT "%s", CASE_WHERE(c), err);
		for (int g = 0; g < groups; g++)
			p += sprintf(p, "%s%d", g ? " " : "", values[g]);
		case_same(c, got, rest, "the values");
	}
	cJSON_Delete(expr);
}

/* open CELL=NUMBER...: the free cells "outcomes" is given, every other
 * cell taken. */
static void case_open(struct rule_case *c, const char *args)
{
	int cell, number, used = 0;

	memset(c->open, 0, sizeof c->open);
	while (sscanf(args, "%d=%d %n", &cell, &number, &used) == 2) {
		ck_assert_msg(cell >= 0 && cell < BLACK_POT_CELLS,
			      CASE_AT "no cell %d", CASE_WHERE(c), cell);
		c->open[cell] = number;
		args += used;
	}
	ck_assert_msg(!*args, CASE_AT "CELL=NUMBER expected at \"%s\"",
		      CASE_WHERE(c), args);
}

/* outcomes D D D PAWNS, then up to "end" one line for each outcome of
 * arena_black_pot_moves() over the open cells, "EXPR -> CELL..." ("-> none"
 * when it places nothing). */
static void case_outcomes(struct rule_case *c, const char *args)
{
	struct black_pot_move *moves;
	char (*want)[CASE_LINE_LEN], got[CASE_LINE_LEN];
	int dice[3], pawns = atoi(case_dice(c, args, dice));
	int n = arena_black_pot_moves(dice, c->open, pawns, &moves);
	int lines = case_table_block(&c->t, &want);

	for (int i = 0; i < n; i++) {
		char *p = got + sprintf(got, "%s ->", moves[i].expr);

		for (int k = 0; k < moves[i].count; k++)
			p += sprintf(p, " %d", moves[i].cells[k]);
		if (!moves[i].count)
			strcpy(p, " none");
		ck_assert_msg(i < lines && strcmp(got, want[i]) == 0,
			      CASE_AT "outcome %d is \"%s\"", CASE_WHERE(c),
			      i + 1, got);
	}
	ck_assert_msg(n == lines, CASE_AT "%d outcomes, not %d", CASE_WHERE(c),
		      n, lines);
	free(want);
	free(moves);
}

/* render, then the text up to "end". */
static void case_render(struct rule_case *c)
{
	char (*lines)[CASE_LINE_LEN], *got = arena_black_pot_rules.render(c->state);
	int n = case_table_block(&c->t, &lines);
	size_t len = 0;
	char *want = xmalloc((size_t)n * CASE_LINE_LEN + 1);

	want[0] = '\0';
	for (int i = 0; i < n; i++)
		len += (size_t)sprintf(want + len, "%s\n", lines[i]);
	ck_assert_msg(strcmp(got, want) == 0, CASE_AT "the rendering is\n%s",
		      CASE_WHERE(c), got);
	free(want);
	free(lines);
	free(got);
}

/* The directives that need no game. */
static bool case_step_gameless(struct rule_case *c, const char *line)
{
	const char *args;

	if ((args = case_directive(line, "new")))
		case_new(c, args);
	else if ((args = case_directive(line, "refuse")))
		case_refuse(c, args);
	else if ((args = case_directive(line, "teams")))
		case_teams(c, args);
	else if ((args = case_directive(line, "parse")))
		case_parse(c, args, false);
	else if ((args = case_directive(line, "parse_refused")))
		case_parse(c, args, true);
	else if ((args = case_directive(line, "open")))
		case_open(c, args);
	else if ((args = case_directive(line, "outcomes")))
		case_outcomes(c, args);
	else
		return false;
	return true;
}

static void case_repeated(void *ctx, const char *line);

/* Runs one directive of the case. */
static void case_step(struct rule_case *c, const char *line)
{
	const char *args;

	if (case_step_gameless(c, line))
		return;
	ck_assert_msg(c->state != NULL, CASE_AT "no game yet", CASE_WHERE(c));
	if ((args = case_directive(line, "put")))
		case_put(c, args);
	else if ((args = case_directive(line, "put_refused")))
		case_put_refused(c, args);
	else if ((args = case_directive(line, "pawns")))
		arena_black_pot_set_pawns(c->state, atoi(args),
				    atoi(args + strcspn(args, " ")));
	else if ((args = case_directive(line, "roll")))
		case_roll(c, args);
	else if ((args = case_directive(line, "move")))
		case_rules_move(&c->t, &arena_black_pot_rules, c->state, &c->draws,
				args);
	else if ((args = case_directive(line, "reject")))
		case_rules_reject(&c->t, &arena_black_pot_rules, c->state, &c->draws,
				  args, true);
	else if (case_directive(line, "pass"))
		case_pass(c);
	else if ((args = case_directive(line, "forfeit")))
		arena_black_pot_rules.forfeit(c->state, atoi(args), &c->draws);
	else if ((args = case_directive(line, "to_move")))
		ck_assert_msg(arena_black_pot_rules.to_move(c->state) == atoi(args),
			      CASE_AT "to_move is %d", CASE_WHERE(c),
			      arena_black_pot_rules.to_move(c->state));
	else if ((args = case_directive(line, "draws")))
		ck_assert_msg(c->draws.next_index == (uint64_t)atol(args),
			      CASE_AT "%llu draws so far", CASE_WHERE(c),
			      (unsigned long long)c->draws.next_index);
	else if ((args = case_directive(line, "most")))
		case_most(c, args);
	else if ((args = case_directive(line, "scores")))
		case_rules_result(&c->t, &arena_black_pot_rules, c->state, c->players,
				  args, true);
	else if ((args = case_directive(line, "ranks")))
		case_rules_result(&c->t, &arena_black_pot_rules, c->state, c->players,
				  args, false);
	else if ((args = case_directive(line, "view")))
		case_view(c, args);
	else if (case_directive(line, "render"))
		case_render(c);
	else if ((args = case_directive(line, "repeat")))
		case_table_repeat(&c->t, atoi(args), case_repeated, c);
	else
		ck_abort_msg(CASE_AT "unknown directive", CASE_WHERE(c));
}

/* A line of a "repeat" block. */
static void case_repeated(void *ctx, const char *line)
{
	case_step(ctx, line);
}

int black_pot_cases_count(void)
{
	return case_table_count(BLACK_POT_CASES_TABLE);
}

void black_pot_cases_run(int index)
{
	struct rule_case c = {.state = NULL};
	char line[CASE_LINE_LEN];

	case_table_open(&c.t, BLACK_POT_CASES_TABLE, index);
	while (case_table_step(&c.t, line))
		case_step(&c, line);
	if (c.state)
		arena_black_pot_rules.destroy(c.state);
	case_table_close(&c.t);
}
