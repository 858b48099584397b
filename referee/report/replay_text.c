/*
 * The text replay: a replay document (replay.h) told move by move, each
 * move followed by the draws it caused and the events it led to in words,
 * then the board as the rules draw it; with its grade (the document's
 * "grade", grade.h), each move's grade after its words and the table of
 * skill and luck at the end.  Every line goes through
 * visible_line(): the names, titles and forfeit details come from a log
 * that anyone may have written.
 */
#include "replay_text.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/json.h"
#include "base/visible.h"
#include "grade/grade.h"
#include "replay_members.h"

static const char *name_of(const cJSON *doc, int seat)
{
	const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(
		json_member(doc, "players"), seat));

	return name ? name : "?";
}

static void print_list(FILE *out, const cJSON *step, const char *member)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, json_member(step, member))
		visible_line(out, "  %s", item->valuestring);
}

/* The bot's own words (replay_words.h): its info and stderr lines of
 * the move, or at a forfeit its last words. */
static void print_words(FILE *out, const cJSON *step)
{
	const cJSON *last = json_member(step, "last_words"), *item;
	const char *info = cJSON_GetStringValue(json_member(step, "info"));

	if (info)
		visible_line(out, "  info: %s", info);
	cJSON_ArrayForEach(item, json_member(step, "stderr"))
		visible_line(out, "  stderr: %s", item->valuestring);
	if (!last)
		return;
	info = cJSON_GetStringValue(json_member(last, "info"));
	visible_line(out, "  its last words:%s%s", info ? " info: " : "", info ? info : "");
	cJSON_ArrayForEach(item, json_member(last, "stderr"))
		visible_line(out, "    stderr: %s", item->valuestring);
}

/* A step but its board. */
static void print_words_of(FILE *out, const cJSON *doc, const cJSON *step)
{
	const cJSON *action = json_member(step, "action");
	const char *text = cJSON_GetStringValue(json_member(step, "text"));
	int seat = replay_int(step, "seat", -1);

	fputc('\n', out);
	if (action) {
		char *json = json_print_line(action), took[32];
		double us = cJSON_GetNumberValue(json_member(step, "us"));

		if (cJSON_GetObjectItemCaseSensitive(step, "opening"))
			snprintf(took, sizeof took, "opening move, drawn");
		else if (us < 1000)
			snprintf(took, sizeof took, "%.0f us", us);
		else
			snprintf(took, sizeof took, "%.1f ms", us / 1000);
		visible_line(out, "move %d: seat %d (%s) %s%s(%s, %s)",
			     replay_int(step, "move", 0), seat, name_of(doc, seat),
			     text ? text : "", text ? " " : "", json, took);
		free(json);
	} else {
		visible_line(out, "%s", text ? text : "");
	}
	print_words(out, step);
	print_list(out, step, "draws");
	print_list(out, step, "events");
}

static void print_board(FILE *out, const cJSON *step)
{
	const char *board = cJSON_GetStringValue(json_member(step, "board"));

	if (board) {
		visible_puts(out, board, VISIBLE_LINES);
		fputc('\n', out);
	}
}

void replay_print_step(FILE *out, const cJSON *doc, const cJSON *step)
{
	print_words_of(out, doc, step);
	print_board(out, step);
}

/* The header of a log that does not verify may lack any member: "?". */
static void print_header(FILE *out, const cJSON *doc)
{
	const cJSON *given = json_member(doc, "options");
	char *options = given ? json_print_line(given) : NULL;
	const char *rules = cJSON_GetStringValue(json_member(doc, "rules"));
	int players = cJSON_GetArraySize(json_member(doc, "players"));

	visible_line(out, "%s, rules %s, options %s",
		     cJSON_GetStringValue(json_member(doc, "title")),
		     rules ? rules : "?", options ? options : "?");
	free(options);
	for (int s = 0; s < players; s++)
		visible_line(out, "  seat %d: %s", s, name_of(doc, s));
}

static void print_result(FILE *out, const cJSON *doc)
{
	const cJSON *result = json_member(doc, "result");
	const cJSON *ranks = json_member(result, "ranks");
	const cJSON *scores = json_member(result, "scores");

	if (!cJSON_IsObject(result))
		return;
	fprintf(out, "\nresult:\n");
	for (int place = 1; place <= cJSON_GetArraySize(ranks); place++)
		for (int s = 0; s < cJSON_GetArraySize(ranks); s++)
			if ((int)cJSON_GetNumberValue(cJSON_GetArrayItem(ranks, s)) == place)
				visible_line(out, "  %d. %s (seat %d) %g", place,
					     name_of(doc, s), s,
					     cJSON_GetNumberValue(cJSON_GetArrayItem(scores, s)));
}

/* The grade's lines of its moves from `m` on numbered up to `move`: the
 * next one to print. */
static const cJSON *print_grade(FILE *out, const cJSON *m, int move)
{
	for (; m && replay_int(m, "move", 0) <= move; m = m->next) {
		fputs("  grade ", out);
		grade_text_move(out, m);
	}
	return m;
}

/* The table of skill and luck, or why the game is not graded. */
static void print_grade_table(FILE *out, const cJSON *grade)
{
	fputc('\n', out);
	if (json_member(grade, "why")) {
		visible_line(out, "not graded: %s",
			     cJSON_GetStringValue(json_member(grade, "why")));
		return;
	}
	visible_line(out, "grade: %s", cJSON_GetStringValue(json_member(grade, "how")));
	grade_text_table(out, grade);
}

void replay_print_text(FILE *out, const cJSON *doc)
{
	const cJSON *grade = json_member(doc, "grade"), *step, *next = NULL;

	if (grade && !json_member(grade, "why"))
		next = json_member(grade, "moves")->child;
	print_header(out, doc);
	/* A move's grade after the last step of its number (a forfeit has
	 * the number of the moves before it). */
	cJSON_ArrayForEach(step, json_member(doc, "steps")) {
		int move = replay_int(step, "move", 0);

		print_words_of(out, doc, step);
		if (!step->next || replay_int(step->next, "move", 0) > move)
			next = print_grade(out, next, move);
		print_board(out, step);
	}
	print_result(out, doc);
	if (grade)
		print_grade_table(out, grade);
}

int replay_print_move(FILE *out, const cJSON *doc, int move)
{
	const cJSON *step;

	cJSON_ArrayForEach(step, json_member(doc, "steps"))
		if (replay_int(step, "move", -1) == move &&
		    (move ? json_member(step, "action") != NULL
			  : replay_int(step, "seat", 0) == -1)) {
			replay_print_step(out, doc, step);
			return 0;
		}
	return -1;
}
