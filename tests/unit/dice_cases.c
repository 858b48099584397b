/*
 * The rule-case interpreter of the dice games (see dice_cases.h).  One
 * case is a list of directives read line by line; each one either acts on
 * the game (create, load dice, start a turn, play, forfeit) or checks it
 * (legal list, view field, whose turn, scores, ranks, draws used).
 */
#include "dice_cases.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "case_rules.h"
#include "case_table.h"
#include "games/dice.h"
#include "run_suite.h"

struct rule_case {
	const struct dice_cases *cases;
	struct case_table t;
	const struct game_rules *rules;
	void *state;
	struct draws draws;
	int players;
};

/* Compares `got` (consumed) with the JSON text `want`. */
static void expect_json(struct rule_case *c, cJSON *got, const char *want,
			const char *what)
{
	const char *rest;
	cJSON *expected = case_table_json(&c->t, want, &rest);
	char *got_text = cJSON_PrintUnformatted(got);
	char *want_text = cJSON_PrintUnformatted(expected);

	ck_assert_msg(strcmp(got_text, want_text) == 0,
		      "%s (line %d): %s is %s, expected %s", c->t.name,
		      c->t.line_no, what, got_text, want_text);
	free(got_text);
	free(want_text);
	cJSON_Delete(got);
	cJSON_Delete(expected);
}

/* new GAME PLAYERS [KEY=VALUE]...: first seat 0, draws on a zero key. */
static void case_new(struct rule_case *c, const char *args)
{
	static const unsigned char key[32];
	struct game_setup setup = {.first_seat = 0};
	char game[64], err[ERR_LEN] = "";
	cJSON *options = cJSON_CreateObject();
	const struct game_option *o;
	int used = 0;

	ck_assert_msg(sscanf(args, "%63s %d%n", game, &setup.players,
			     &used) == 2, "%s (line %d): new GAME PLAYERS",
		      c->t.name, c->t.line_no);
	for (int i = 0; c->cases->games[i]; i++)
		if (strcmp(c->cases->games[i]->name, game) == 0)
			c->rules = c->cases->games[i];
	ck_assert_msg(c->rules != NULL, "%s: unknown game %s", c->t.name, game);
	for (o = c->rules->options; o->name; o++) {
		char pattern[80], value[64] = "";
		const char *at;

		snprintf(pattern, sizeof pattern, " %s=", o->name);
		at = strstr(args + used, pattern);
		sscanf(at ? at + strlen(pattern) : o->default_value, "%63s",
		       value);
		if (o->choices)
			cJSON_AddStringToObject(options, o->name, value);
		else
			cJSON_AddNumberToObject(options, o->name, atof(value));
	}
	setup.options = options;
	arena_draws_init(&c->draws, key, NULL, NULL);
	c->players = setup.players;
	c->state = c->rules->create(&setup, &c->draws, err);
	ck_assert_msg(c->state != NULL, "%s (line %d): create failed: %s",
		      c->t.name, c->t.line_no, err);
	cJSON_Delete(options);
}

static void case_load(struct rule_case *c, const char *args)
{
	int faces[DICE_LOADED], n = 0;

	for (; *args; args++)
		if (*args >= '1' && *args <= '6')
			faces[n++] = *args - '0';
	arena_dice_game_load(c->state, faces, n);
}

static void case_stack(struct rule_case *c, const char *args)
{
	char copy[CASE_LINE_LEN], *save = NULL;
	const char *cards[64];
	int n = 0;

	ck_assert_msg(c->cases->stack != NULL, "%s: no cards here", c->t.name);
	strcpy(copy, args);
	for (char *w = strtok_r(copy, " ", &save); w;
	     w = strtok_r(NULL, " ", &save))
		cards[n++] = w;
	c->cases->stack(c->state, cards, n);
}

static void case_preset(struct rule_case *c, const char *args)
{
	int seat;
	long score;
	char flag[16] = "";

	ck_assert(sscanf(args, "%d %ld %15s", &seat, &score, flag) >= 2);
	arena_dice_game_preset(c->state, seat, score, strcmp(flag, "opened") == 0);
}

static void case_view(struct rule_case *c, const char *args)
{
	char field[64];
	int used = 0;
	cJSON *view = c->rules->view(c->state, 0), *item;

	ck_assert(sscanf(args, "%63s %n", field, &used) == 1);
	item = cJSON_DetachItemFromObjectCaseSensitive(view, field);
	ck_assert_msg(item != NULL, "%s (line %d): no field %s", c->t.name,
		      c->t.line_no, field);
	expect_json(c, item, args + used, field);
	cJSON_Delete(view);
}

static void case_repeated(void *ctx, const char *line);

static void case_step(struct rule_case *c, const char *line)
{
	const char *args;

	if ((args = case_directive(line, "new")))
		case_new(c, args);
	else if (!c->state)
		ck_abort_msg("%s (line %d): no game yet", c->t.name, c->t.line_no);
	else if ((args = case_directive(line, "load")))
		case_load(c, args);
	else if ((args = case_directive(line, "stack")))
		case_stack(c, args);
	else if ((args = case_directive(line, "start")))
		arena_dice_game_start(c->state, &c->draws, atoi(args));
	else if ((args = case_directive(line, "preset")))
		case_preset(c, args);
	else if ((args = case_directive(line, "move")))
		case_rules_move(&c->t, c->rules, c->state, &c->draws, args);
	else if ((args = case_directive(line, "reject")))
		case_rules_reject(&c->t, c->rules, c->state, &c->draws, args,
				  false);
	else if ((args = case_directive(line, "forfeit")))
		c->rules->forfeit(c->state, atoi(args), &c->draws);
	else if ((args = case_directive(line, "legal")))
		expect_json(c, c->rules->legal(c->state), args, "legal");
	else if ((args = case_directive(line, "view")))
		case_view(c, args);
	else if ((args = case_directive(line, "to_move")))
		ck_assert_msg(c->rules->to_move(c->state) == atoi(args),
			      "%s (line %d): to_move is %d", c->t.name,
			      c->t.line_no, c->rules->to_move(c->state));
	else if ((args = case_directive(line, "scores")))
		case_rules_result(&c->t, c->rules, c->state, c->players, args,
				  true);
	else if ((args = case_directive(line, "ranks")))
		case_rules_result(&c->t, c->rules, c->state, c->players, args,
				  false);
	else if ((args = case_directive(line, "draws")))
		ck_assert_msg(c->draws.next_index == (uint64_t)atol(args),
			      "%s (line %d): %llu draws so far", c->t.name,
			      c->t.line_no,
			      (unsigned long long)c->draws.next_index);
	else if ((args = case_directive(line, "repeat")))
		case_table_repeat(&c->t, atoi(args), case_repeated, c);
	else
		ck_abort_msg("%s (line %d): unknown directive", c->t.name,
			     c->t.line_no);
}

/* A line of a "repeat" block. */
static void case_repeated(void *ctx, const char *line)
{
	case_step(ctx, line);
}

int dice_cases_count(const struct dice_cases *cases)
{
	return case_table_count(cases->table);
}

void dice_cases_run(const struct dice_cases *cases, int index)
{
	struct rule_case c = {.cases = cases};
	char line[CASE_LINE_LEN];

	case_table_open(&c.t, cases->table, index);
	while (case_table_step(&c.t, line))
		case_step(&c, line);
	if (c.state)
		c.rules->destroy(c.state);
	case_table_close(&c.t);
}

/* The options of `rules` at their defaults, as the core fills them in. */
static cJSON *default_options(const struct game_rules *rules)
{
	cJSON *options = cJSON_CreateObject();

	for (const struct game_option *o = rules->options; o->name; o++)
		if (o->choices)
			cJSON_AddStringToObject(options, o->name,
						o->default_value);
		else
			cJSON_AddNumberToObject(options, o->name,
						atof(o->default_value));
	return options;
}

/* Ranks outside the named winners go by score, equal scores sharing. */
static void check_ranks(const struct game_result *result, int players)
{
	int first = 0;

	for (int i = 0; i < players; i++)
		first += result->rank[i] == 1;
	for (int i = 0; i < players; i++) {
		int above = 0;

		if (result->rank[i] == 1)
			continue;
		for (int j = 0; j < players; j++)
			above += result->rank[j] != 1 &&
				 result->score[j] > result->score[i];
		ck_assert_int_eq(result->rank[i], 1 + first + above);
	}
}

/* Actions that are tried at every step: each must be refused, leaving the
 * state as it was, unless `legal` holds it. */
static const char *const probes[] = {
	"\"bank\"", "\"roll\"", "\"draw\"", "\"reroll\"", "{\"keep\":[1]}",
	"{\"keep\":[5]}", "{\"keep\":[2,2,2]}", "{\"keep\":[1,5]}", "42",
	"{\"keep\":[3]}", "{\"keep\":[1,2,3,4,5,6]}",
};

static void probe(const struct game_rules *rules, void *state,
		  const cJSON *legal, struct draws *draws)
{
	char err[ERR_LEN], *before = case_rules_snapshot(rules, state), *after;
	const cJSON *item;
	int keeps = 0;
	cJSON *view = rules->view(state, 0);

	cJSON_ArrayForEach(item, legal)
		keeps += cJSON_IsObject(item);
	ck_assert_int_eq(keeps, cJSON_GetArraySize(cJSON_GetObjectItem(view,
								   "keeps")));
	cJSON_Delete(view);
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		cJSON *action = cJSON_Parse(probes[i]);
		bool listed = false;

		cJSON_ArrayForEach(item, legal)
			listed |= cJSON_Compare(item, action, true);
		if (!listed) {
			ck_assert_msg(rules->apply(state, action, draws, err) == -1,
				      "%s accepted but not in legal", probes[i]);
			after = case_rules_snapshot(rules, state);
			ck_assert_str_eq(before, after);
			free(after);
		}
		cJSON_Delete(action);
	}
	free(before);
}

int dice_cases_play(const struct game_rules *rules, int players,
		    unsigned seed, int pick, int quitter)
{
	struct game_setup setup = {.players = players};
	unsigned char key[32] = {0};
	struct game_result result;
	struct draws draws;
	char err[ERR_LEN] = "";
	cJSON *options = default_options(rules), *legal, *view, *scores;
	void *state;
	int actions = 0, n;

	memcpy(key, &seed, sizeof seed);
	arena_draws_init(&draws, key, NULL, NULL);
	setup.first_seat = (int)(seed % (unsigned)players);
	setup.options = options;
	state = rules->create(&setup, &draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	while (rules->to_move(state) >= 0) {
		ck_assert_int_lt(actions, 200000);
		if (actions == 50 && quitter >= 0)
			rules->forfeit(state, quitter, &draws);
		if (rules->to_move(state) < 0)
			break;
		legal = rules->legal(state);
		n = cJSON_GetArraySize(legal);
		ck_assert_int_gt(n, 0);
		if (actions % 32 == 0)
			probe(rules, state, legal, &draws);
		n = pick ? (int)(rand_r(&seed) % (unsigned)n) : 0;
		ck_assert_msg(rules->apply(state, cJSON_GetArrayItem(legal, n),
					   &draws, err) == 0, "%s", err);
		cJSON_Delete(legal);
		actions++;
		if (quitter >= 0 && actions > 50)
			ck_assert_int_ne(rules->to_move(state), quitter);
	}
	legal = rules->legal(state);
	ck_assert_int_eq(cJSON_GetArraySize(legal), 0);
	cJSON_Delete(legal);
	rules->result(state, &result);
	view = rules->view(state, 0);
	scores = cJSON_GetObjectItem(view, "scores");
	for (int i = 0; i < players; i++)
		ck_assert_int_eq(result.score[i],
				 cJSON_GetArrayItem(scores, i)->valueint);
	check_ranks(&result, players);
	free(rules->render(state));
	cJSON_Delete(view);
	cJSON_Delete(options);
	rules->destroy(state);
	return actions;
}
