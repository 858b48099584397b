/*
 * The report's ladder (report.h): the verified logs of the folder rated
 * by the same code and with the same options as `referee ladder` (so the
 * numbers are the ones `referee ladder --format json` prints), each bot's
 * 95% interval, and the likelihood of superiority of every pair.  During
 * a run only the logs of finished games are rated.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder.h"
#include "problems.h"
#include "report.h"
#include "util.h"

/* A bot's line: the ladder's own fields, its interval's ends and the
 * note of an unrated bot. */
static cJSON *entry_json(const struct ratings_entry *e, const char *name)
{
	cJSON *o = ladder_entry_json(e, name, 0);

	if (e->status == RATINGS_RATED) {
		cJSON_AddNumberToObject(o, "lo", e->lo);
		cJSON_AddNumberToObject(o, "hi", e->hi);
	}
	if (e->note)
		cJSON_AddStringToObject(o, "note", e->note);
	return o;
}

/* A problem ladder_collect found, kept for the page. */
static void note_problem(void *ctx, const char *where, const char *what)
{
	char text[ERR_LEN];

	snprintf(text, sizeof text, "%s: %s", where, what);
	cJSON_AddItemToArray(ctx, cJSON_CreateString(text));
}

/* Rates the folder, or only the logs listed in `finished`, as `referee
 * ladder` would (with its default options); false when there is no
 * ladder because of the problems listed in `problems`. */
static bool collect(const char *dir, const cJSON *finished,
		    struct ladder_data *ladder, cJSON *problem_list)
{
	struct ladder_options check = {.jobs = 1};
	struct problems problems = {.report = note_problem, .ctx = problem_list};
	int count = cJSON_GetArraySize(finished);
	char **paths;
	const cJSON *log;

	if (!finished) {
		ladder_collect((char *const *)&dir, 1, &check, ladder, &problems);
		return problems.count == 0;
	}
	paths = xcalloc((size_t)count + 1, sizeof *paths);
	count = 0;
	cJSON_ArrayForEach(log, finished) {
		paths[count] = xmalloc(strlen(dir) + strlen(log->valuestring) + 2);
		sprintf(paths[count++], "%s/%s", dir, log->valuestring);
	}
	ladder_collect(paths, count, &check, ladder, &problems);
	for (int i = 0; i < count; i++)
		free(paths[i]);
	free(paths);
	return problems.count == 0;
}

int report_ladder(const char *dir, const cJSON *finished, cJSON *data, char *err)
{
	struct ratings_options options = {.anchor = -1, .level = 0};
	cJSON *problems = cJSON_AddArrayToObject(data, "ladder_problems");
	struct ladder_data ladder;
	struct ratings r;
	cJSON *rows, *los;

	if (!collect(dir, finished, &ladder, problems)) {
		/* Like `referee ladder`: no ratings from a folder with a problem. */
		cJSON_AddArrayToObject(data, "ladder");
		cJSON_AddArrayToObject(data, "los");
		ladder_free(&ladder);
		return 0;
	}
	if (ratings_compute(ladder.games, ladder.count, ladder.entrants, &options,
			    &r, err)) {
		ladder_free(&ladder);
		return -1;
	}
	rows = cJSON_AddArrayToObject(data, "ladder");
	los = cJSON_AddArrayToObject(data, "los");
	for (int a = 0; a < r.entrants; a++) {
		cJSON *row = cJSON_CreateArray();

		cJSON_AddItemToArray(rows, entry_json(&r.entry[a], ladder.names[a]));
		for (int b = 0; b < r.entrants; b++) {
			double p = a == b ? NAN : ratings_los(&r, a, b);

			cJSON_AddItemToArray(row, isnan(p) ? cJSON_CreateNull()
							   : cJSON_CreateNumber(p));
		}
		cJSON_AddItemToArray(los, row);
	}
	ratings_free(&r);
	ladder_free(&ladder);
	return 0;
}
