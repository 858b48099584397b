/*
 * The shared directives of the rules suites' case tables; see
 * case_rules.h.
 */
#include "case_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "run_suite.h"

void case_rules_move(const struct case_table *t,
		     const struct game_rules *rules, void *state,
		     struct draws *draws, const char *args)
{
	char err[ERR_LEN] = "";
	const char *rest;
	cJSON *action = case_table_json(t, args, &rest);

	ck_assert_msg(rules->apply(state, action, draws, err) == 0,
		      "%s (line %d): %s refused: %s", t->name, t->line_no,
		      args, err);
	cJSON_Delete(action);
}

char *case_rules_snapshot(const struct game_rules *rules, const void *state)
{
	cJSON *view = rules->view(state, 0);
	char *text;

	cJSON_AddItemToObject(view, "legal", rules->legal(state));
	text = cJSON_PrintUnformatted(view);
	cJSON_Delete(view);
	return text;
}

void case_rules_reject(const struct case_table *t,
		       const struct game_rules *rules, void *state,
		       struct draws *draws, const char *args, bool whole)
{
	char err[ERR_LEN] = "", *before, *after;
	const char *text;
	cJSON *action = case_table_json(t, args, &text);

	before = case_rules_snapshot(rules, state);
	ck_assert_msg(rules->apply(state, action, draws, err) == -1,
		      "%s (line %d): accepted", t->name, t->line_no);
	ck_assert_msg(whole ? strcmp(err, text) == 0 : strstr(err, text) != NULL,
		      "%s (line %d): error \"%s\" %s \"%s\"", t->name,
		      t->line_no, err, whole ? "is not" : "lacks", text);
	after = case_rules_snapshot(rules, state);
	ck_assert_msg(strcmp(before, after) == 0,
		      "%s (line %d): a rejected action changed the state",
		      t->name, t->line_no);
	free(before);
	free(after);
	cJSON_Delete(action);
}

void case_rules_result(const struct case_table *t,
		       const struct game_rules *rules, const void *state,
		       int players, const char *args, bool scores)
{
	struct game_result result;
	char got[CASE_LINE_LEN] = "", *p = got;

	rules->result(state, &result);
	for (int i = 0; i < players; i++)
		p += sprintf(p, "%s%ld", i ? " " : "",
			     scores ? result.score[i] : result.rank[i]);
	ck_assert_msg(strcmp(got, args) == 0,
		      "%s (line %d): %s are \"%s\", expected \"%s\"", t->name,
		      t->line_no, scores ? "scores" : "ranks", got, args);
}
