/*
 * The report's ladder (report.h): the verified logs of the folder rated
 * by the same code and with the same options as `referee ladder` (so the
 * numbers are the ones `referee ladder --format json` prints), each bot's
 * 95% interval, the likelihood of superiority of every pair, in the
 * ladder's order (ladder_rank.h), and the crosstable of the same games
 * (crosstable.h), led by a Swiss run's standings (swiss_standings.h).
 * A run that has not finished is rated
 * as `referee ladder --provisional` rates it: the games its manifest lists
 * as finished.  Beside it, when asked and every game has exact values,
 * the luck-adjusted ladder of `referee ladder --luck-adjusted`
 * (grade_ladder.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/json.h"
#include "base/problems.h"
#include "base/util.h"
#include "ladder/grade_ladder.h"
#include "ladder/crosstable.h"
#include "ladder/ladder_rank.h"
#include "manifest/manifest.h"
#include "report.h"

/* A problem ladder_collect found, kept for the page. */
static void note_problem(void *ctx, const char *where, const char *what)
{
	char text[ERR_LEN];

	snprintf(text, sizeof text, "%s: %s", where, what);
	cJSON_AddItemToArray(ctx, cJSON_CreateString(text));
}

/* Rates the folder as `referee ladder` would with its default options,
 * and as `referee ladder --provisional` for a run that has not finished:
 * from the manifest the report has read, when it read it whole (its
 * chain is not checked twice), else from the folder; false when there is
 * no ladder because of the problems listed in `problems`. */
static bool collect(const char *dir, struct report_manifest *run,
		    struct ladder_data *ladder, cJSON *problem_list)
{
	struct ladder_options check = {.jobs = 1,
				       .provisional = !run->complete && run->listed};
	struct problems problems = {.report = note_problem, .ctx = problem_list};

	if (run->listed) {
		char *path = manifest_find(dir);

		ladder_collect_run(path, &run->view, &check, ladder, &problems);
		free(path);
	} else {
		ladder_collect((char *const *)&dir, 1, &check, ladder, &problems);
	}
	return problems.count == 0;
}

/* The luck-adjusted ladder of the folder's games as "luck_adjusted", or
 * null and why not (another game, three players) as "luck_adjusted_why". */
static void add_luck(const char *dir, cJSON *data)
{
	char err[ERR_LEN];
	cJSON *luck;
	struct grade *g = grade_new(NULL, 0);
	enum grade_status status = grade_ladder(g, (char *const *)&dir, 1, NULL, &luck, err);

	grade_free(g);
	if (status == GRADE_OK) {
		cJSON_AddItemToObject(data, "luck_adjusted", luck);
	} else {
		cJSON_AddNullToObject(data, "luck_adjusted");
		cJSON_AddStringToObject(data, "luck_adjusted_why", err);
	}
}

/* Each bot's interval's ends and the note of an unrated bot, added to its
 * line of the ladder's list. */
static void add_interval(cJSON *rows, const struct ladder_rank *rank)
{
	for (int k = 0; k < rank->entrants; k++) {
		const struct ratings_entry *e = &rank->r.entry[rank->order[k]];
		cJSON *o = cJSON_GetArrayItem(rows, k);

		if (e->status == RATINGS_RATED) {
			cJSON_AddNumberToObject(o, "lo", e->lo);
			cJSON_AddNumberToObject(o, "hi", e->hi);
		}
		if (e->note)
			cJSON_AddStringToObject(o, "note", e->note);
	}
}

int report_ladder(const char *dir, struct report_manifest *run, bool luck,
		  cJSON *data, char *err)
{
	cJSON *problems = cJSON_AddArrayToObject(data, "ladder_problems");
	struct ladder_data ladder;
	struct ladder_rank rank;
	struct crosstable cross, none = {0};
	cJSON *rows, *los;

	if (!collect(dir, run, &ladder, problems)) {
		/* Like `referee ladder`: no ratings from a folder with a problem. */
		cJSON_AddArrayToObject(data, "ladder");
		cJSON_AddArrayToObject(data, "los");
		cJSON_AddItemToObject(data, "crosstable", crosstable_json(&none, NULL));
		ladder_free(&ladder);
		return 0;
	}
	if (ladder_rank(&ladder, NULL, &rank, err)) {
		ladder_free(&ladder);
		return -1;
	}
	if (ladder.swiss_standings)
		cJSON_AddItemToObject(data, "swiss",
				      cJSON_Duplicate(ladder.swiss_standings, true));
	rows = ladder_rank_json(&ladder, &rank);
	add_interval(rows, &rank);
	cJSON_AddItemToObject(data, "ladder", rows);
	los = cJSON_AddArrayToObject(data, "los");
	for (int a = 0; a < rank.entrants; a++) {
		cJSON *row = cJSON_CreateArray();

		for (int b = 0; b < rank.entrants; b++) {
			double p = a == b ? NAN : ratings_los(&rank.r, rank.order[a],
								 rank.order[b]);

			json_add_number_or_null(row, NULL, p);
		}
		cJSON_AddItemToArray(los, row);
	}
	crosstable_compute(ladder.games, ladder.count, ladder.entrants, &cross);
	cJSON_AddItemToObject(data, "crosstable", crosstable_json(&cross, ladder.names));
	crosstable_free(&cross);
	/* Not of a run going on: its games are graded once, when it ends. */
	if (luck && (run->complete || !run->listed))
		add_luck(dir, data);
	ladder_rank_free(&rank);
	ladder_free(&ladder);
	return 0;
}
