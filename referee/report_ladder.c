/*
 * The report's ladder (report.h): the verified logs of the folder rated
 * by the same code and with the same options as `referee ladder` (so the
 * numbers are the ones `referee ladder --format json` prints), each bot's
 * 95% interval, and the likelihood of superiority of every pair.
 */
#include <math.h>
#include <stdio.h>

#include "ladder.h"
#include "problems.h"
#include "report.h"
#include "util.h"

static const char *const status_words[] = {"rated", "above", "below", "unrated"};

static cJSON *entry_json(const struct ratings_entry *e, const char *name)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "bot", name);
	cJSON_AddStringToObject(o, "status", status_words[e->status]);
	cJSON_AddNumberToObject(o, "elo", e->elo);
	if (e->status == RATINGS_RATED) {
		cJSON_AddNumberToObject(o, "ci95", RATINGS_Z95 * e->se);
		cJSON_AddNumberToObject(o, "lo", e->lo);
		cJSON_AddNumberToObject(o, "hi", e->hi);
	}
	cJSON_AddNumberToObject(o, "group", e->group + 1);
	cJSON_AddNumberToObject(o, "games", e->games);
	cJSON_AddNumberToObject(o, "points", e->points);
	cJSON_AddNumberToObject(o, "pairs", e->pairs);
	cJSON_AddNumberToObject(o, "wins", e->wins);
	cJSON_AddNumberToObject(o, "draws", e->draws);
	cJSON_AddNumberToObject(o, "losses", e->losses);
	cJSON_AddNumberToObject(o, "place", e->place);
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

int report_ladder(const char *dir, cJSON *data, char *err)
{
	struct ratings_options options = {.anchor = -1, .level = 0};
	struct ladder_options check = {.jobs = 1};
	cJSON *problem_list = cJSON_AddArrayToObject(data, "ladder_problems");
	struct problems problems = {.report = note_problem, .ctx = problem_list};
	struct ladder_data ladder;
	struct ratings r;
	cJSON *rows, *los;

	ladder_collect((char *const *)&dir, 1, &check, &ladder, &problems);
	if (problems.count) {
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
