/*
 * A grade document (grade.h) for people: a line for each decision (who,
 * what was played, the best, the chance lost, the mark) and for each roll
 * (the dice and each seat's luck), then each seat's sums and the
 * identity that ties them to the result.  Chances are in percent.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/json.h"
#include "base/util.h"
#include "base/visible.h"
#include "grade.h"

/* An action as the log writes it, on one line, or its words (a
 * string: action_words.h), made safe to print. */
static char *grade_action(const cJSON *action)
{
	char *text = cJSON_IsString(action) ? xstrdup(action->valuestring)
					    : json_print_line(action);
	char *shown = visible_text(text, VISIBLE_LINE);

	free(text);
	return shown;
}

/* What chance did in an event: each roll's faces, rolls apart by
 * " | ", then the opening's moves drawn, then how many other draws
 * (cards, who starts) there were. */
static void grade_chance(FILE *out, const cJSON *m)
{
	const cJSON *roll, *face, *rolls = json_member(m, "roll"), *move;
	int width = 0, draws = cJSON_GetArraySize(json_member(m, "draw"));

	cJSON_ArrayForEach(roll, rolls) {
		if (roll != rolls->child)
			width += fprintf(out, " |");
		cJSON_ArrayForEach(face, roll)
			width += fprintf(out, " %d", face->valueint);
	}
	cJSON_ArrayForEach(move, json_member(m, "opening")) {
		char *text = grade_action(move);

		width += fprintf(out, " %s", text);
		free(text);
	}
	if (draws && !json_member(m, "opening"))
		width += fprintf(out, " %d draw%s", draws, draws > 1 ? "s" : "");
	fprintf(out, "%*s", width < 24 ? 24 - width : 0, "");
}

/* A number of each seat's, in percent. */
static void grade_percents(FILE *out, const cJSON *m, const char *name)
{
	const cJSON *n;

	cJSON_ArrayForEach(n, json_member(m, name))
		fprintf(out, " %+7.2f%%", 100 * cJSON_GetNumberValue(n));
}

void grade_text_move(FILE *out, const cJSON *m)
{
	char *played, *best;

	fprintf(out, "%4d  ", (int)json_number(m, "move"));
	if (json_member(m, "luck")) {
		fprintf(out, json_member(m, "roll") ? "dice  " : "drawn ");
		grade_chance(out, m);
		fprintf(out, " luck");
		grade_percents(out, m, "luck");
		fputc('\n', out);
		return;
	}
	fprintf(out, "seat %d ", (int)json_number(m, "seat"));
	if (json_member(m, "forfeit")) {
		visible_line(out, "forfeits (%s): loses %.2f%%",
			     cJSON_GetStringValue(json_member(m, "forfeit")),
			     100 * json_number(m, "loss"));
		return;
	}
	played = grade_action(json_member(m, "played_words"));
	best = grade_action(json_member(m, "best_words"));
	fprintf(out, "%-22s ", played);
	if (cJSON_IsTrue(json_member(m, "forced")))
		fprintf(out, "forced\n");
	else if (json_number(m, "loss") <= GRADE_ROUNDING)
		fprintf(out, "best\n");
	else
		fprintf(out, "%s: lost %.2f%%, the best was %s\n",
			cJSON_GetStringValue(json_member(m, "mark")),
			100 * json_number(m, "loss"), best);
	free(played);
	free(best);
}

/* What the identity adds to a seat's luck less its errors: the
 * opponent's errors in a two-player game of exact values; with more
 * seats what the others' decisions gave; with estimates their drift. */
static const char *grade_identity_terms(const cJSON *doc)
{
	const cJSON *seats = json_member(doc, "seats");

	if (json_member(cJSON_GetArrayItem(seats, 0), "drift"))
		return "what the others' decisions gave + the estimates' drift";
	return cJSON_GetArraySize(seats) == 2 ? "opponents' errors" :
						"what the others' decisions gave";
}

/* The table of skill and luck, each seat's line, and the identity. */
void grade_text_table(FILE *out, const cJSON *doc)
{
	const cJSON *seat;
	int s = 0;

	fprintf(out, "\nseat  result  start    luck      error    others    adjusted  "
		"decisions  forced  inaccuracies  mistakes  blunders  name\n");
	cJSON_ArrayForEach(seat, json_member(doc, "seats")) {
		const cJSON *marks = json_member(seat, "marks");

		fprintf(out, "%4d  %6.2f  %6.2f%% %+7.2f%%  %6.2f%%  %+7.2f%%  %8.4f  "
			"%9d  %6d  %12d  %8d  %8d  ", s, grade_seat(doc, "result", s),
			100 * grade_seat(doc, "start", s),
			100 * json_number(seat, "luck"),
			100 * json_number(seat, "error"),
			100 * json_number(seat, "others"),
			grade_seat(doc, "adjusted", s),
			(int)json_number(seat, "decisions"),
			(int)json_number(seat, "forced"),
			(int)json_number(marks, "inaccuracy"),
			(int)json_number(marks, "mistake"),
			(int)json_number(marks, "blunder"));
		visible_line(out, "%s", cJSON_GetStringValue(cJSON_GetArrayItem(
			json_member(doc, "players"), s)));
		s++;
	}
	fprintf(out, "result - start = luck - own errors + %s: %s (%.1e)\n",
		grade_identity_terms(doc),
		json_number(doc, "identity") <= 1e-9 ? "holds" : "FAILS",
		json_number(doc, "identity"));
}

void grade_text_print(FILE *out, const cJSON *doc)
{
	const cJSON *m;

	visible_line(out, "%s: %s, %s",
			cJSON_GetStringValue(json_member(doc, "log")),
			cJSON_GetStringValue(json_member(doc, "game")),
			cJSON_GetStringValue(json_member(doc, "how")));
	cJSON_ArrayForEach(m, json_member(doc, "moves"))
		grade_text_move(out, m);
	grade_text_table(out, doc);
}
