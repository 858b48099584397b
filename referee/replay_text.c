/*
 * The text replay: a replay document (replay.h) told move by move, each
 * move followed by the draws it caused and the events it led to in words,
 * then the board as the rules draw it.
 */
#include "replay_text.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "replay.h"

static const char *name_of(const cJSON *doc, int seat)
{
	const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(
		cJSON_GetObjectItemCaseSensitive(doc, "players"), seat));

	return name ? name : "?";
}

static void print_list(FILE *out, const cJSON *step, const char *member)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(step, member))
		fprintf(out, "  %s\n", item->valuestring);
}

static void print_step(FILE *out, const cJSON *doc, const cJSON *step)
{
	const cJSON *action = cJSON_GetObjectItemCaseSensitive(step, "action");
	const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(step, "text"));
	const char *board = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(step, "board"));
	int seat = replay_int(step, "seat", -1);

	if (action) {
		char *json = json_print_line(action);

		double us = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(step, "us"));

		fprintf(out, "\nmove %d: seat %d (%s) %s%s(%s, ", replay_int(step, "move", 0),
			seat, name_of(doc, seat), text ? text : "", text ? " " : "", json);
		if (us < 1000)
			fprintf(out, "%.0f us)\n", us);
		else
			fprintf(out, "%.1f ms)\n", us / 1000);
		free(json);
	} else {
		fprintf(out, "\n%s\n", text ? text : "");
	}
	print_list(out, step, "draws");
	print_list(out, step, "events");
	if (board)
		fprintf(out, "%s\n", board);
}

static void print_header(FILE *out, const cJSON *doc)
{
	char *options = json_print_line(cJSON_GetObjectItemCaseSensitive(doc, "options"));
	int players = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "players"));

	fprintf(out, "%s, rules %s, options %s\n",
		cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "title")),
		cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "rules")), options);
	free(options);
	for (int s = 0; s < players; s++)
		fprintf(out, "  seat %d: %s\n", s, name_of(doc, s));
}

static void print_result(FILE *out, const cJSON *doc)
{
	const cJSON *result = cJSON_GetObjectItemCaseSensitive(doc, "result");
	const cJSON *ranks = cJSON_GetObjectItemCaseSensitive(result, "ranks");
	const cJSON *scores = cJSON_GetObjectItemCaseSensitive(result, "scores");

	if (!cJSON_IsObject(result))
		return;
	fprintf(out, "\nresult:\n");
	for (int place = 1; place <= cJSON_GetArraySize(ranks); place++)
		for (int s = 0; s < cJSON_GetArraySize(ranks); s++)
			if ((int)cJSON_GetNumberValue(cJSON_GetArrayItem(ranks, s)) == place)
				fprintf(out, "  %d. %s (seat %d) %g\n", place, name_of(doc, s), s,
					cJSON_GetNumberValue(cJSON_GetArrayItem(scores, s)));
}

void replay_print_text(FILE *out, const cJSON *doc)
{
	const cJSON *step;

	print_header(out, doc);
	cJSON_ArrayForEach(step, cJSON_GetObjectItemCaseSensitive(doc, "steps"))
		print_step(out, doc, step);
	print_result(out, doc);
}

int replay_print_move(FILE *out, const cJSON *doc, int move)
{
	const cJSON *step;

	cJSON_ArrayForEach(step, cJSON_GetObjectItemCaseSensitive(doc, "steps"))
		if (replay_int(step, "move", -1) == move &&
		    (move ? cJSON_GetObjectItemCaseSensitive(step, "action") != NULL
			  : replay_int(step, "seat", 0) == -1)) {
			print_step(out, doc, step);
			return 0;
		}
	return -1;
}
