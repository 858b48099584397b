/*
 * The luck-adjusted ladder; see grade_ladder.h.
 */
#include "grade_ladder.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "ladder.h"
#include "base/moments.h"
#include "ratings_scores.h"
#include "verify/verify_place.h"
#include "base/ratings_types.h"

/* The games graded so far: the bots by first appearance, each game's
 * seat-0 bot's result and adjusted score, and its duplicate set (the
 * header's, numbered as the ladder numbers them). */
struct field {
	char **names;
	int bots;
	struct scored_game *games;
	double *result;
	size_t count, games_cap, result_cap;
	struct grade *grade;
	struct ladder_sets sets;
	uint32_t set_count;
};

/* The number of the bot in `seat` of a game, the field's: named by
 * `names` (NULL, or a seat's NULL: by the game's players). */
static int seat_bot(struct field *f, const cJSON *players, char *const *names, int seat)
{
	return name_number(&f->names, &f->bots, names && names[seat] ? names[seat] :
			   cJSON_GetStringValue(cJSON_GetArrayItem(players, seat)));
}

/* Grades the log at `path` into the field, its seats named by `names`
 * (NULL: by its players). */
static enum grade_status add_log(struct field *f, const char *path, char *const *names,
				 char *err)
{
	struct game_log log;
	cJSON *doc, *players;
	enum grade_status status;
	uint32_t set;

	if (logread_load(path, &log, err))
		return GRADE_UNVERIFIED;
	status = grade_log(f->grade, NULL, &log, &doc, err);
	set = status == GRADE_OK ?
		ladder_sets_number(&f->sets, &f->set_count, log.lines[0].json) : 0;
	logread_free(&log);
	if (status != GRADE_OK)
		return status;
	players = json_member(doc, "players");
	f->games = xgrow(f->games, f->count, &f->games_cap, sizeof *f->games);
	f->result = xgrow(f->result, f->count, &f->result_cap, sizeof *f->result);
	f->games[f->count] = (struct scored_game){
		.a = seat_bot(f, players, names, 0),
		.b = seat_bot(f, players, names, 1),
		.x = grade_seat(doc, "adjusted", 0),
		.set = set,
	};
	f->result[f->count++] = grade_seat(doc, "result", 0);
	cJSON_Delete(doc);
	return GRADE_OK;
}

/* Grades every log of the paths into the field, a log's seats named
 * by `seats` (NULL: by its players). */
static enum grade_status add_paths(struct field *f, char *const *paths, size_t count,
				   char *const *seats, char *err)
{
	enum grade_status status = GRADE_OK;

	for (size_t p = 0; p < count && status == GRADE_OK; p++) {
		struct stat st;
		bool dir = stat(paths[p], &st) == 0 && S_ISDIR(st.st_mode);
		size_t n = 1;
		char **logs = dir ? verify_place_logs(paths[p], &n, err) : NULL;

		if (dir && (!logs || !n)) {
			if (logs)
				errorf(err, "%s holds no game log", paths[p]);
			status = GRADE_UNVERIFIED;
		}
		for (size_t i = 0; i < n && status == GRADE_OK; i++)
			status = add_log(f, logs ? logs[i] : paths[p],
					 seats && !logs ? &seats[2 * p] : NULL, err);
		strings_free(logs);
	}
	return status;
}

/* The bots' lines by rating (highest first; equal ones by name). */
static const double *sort_elo;
static char *const *sort_names;

static int by_rating(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;

	if (sort_elo[i] != sort_elo[j])
		return sort_elo[i] > sort_elo[j] ? -1 : 1;
	return strcmp(sort_names[i], sort_names[j]);
}

/* Each bot's line, in the order of its rating. */
static cJSON *ladder_lines(const struct field *f, const double *elo, const double *se)
{
	struct moments *result = xcalloc((size_t)f->bots, sizeof *result);
	struct moments *adjusted = xcalloc((size_t)f->bots, sizeof *adjusted);
	int *order = xcalloc((size_t)f->bots, sizeof *order);
	cJSON *lines = cJSON_CreateArray();

	for (size_t g = 0; g < f->count; g++) {
		const struct scored_game *s = &f->games[g];

		moments_add(&result[s->a], f->result[g]);
		moments_add(&result[s->b], 1 - f->result[g]);
		moments_add(&adjusted[s->a], s->x);
		moments_add(&adjusted[s->b], 1 - s->x);
	}
	for (int i = 0; i < f->bots; i++)
		order[i] = i;
	sort_elo = elo;
	sort_names = f->names;
	qsort(order, (size_t)f->bots, sizeof *order, by_rating);
	for (int k = 0; k < f->bots; k++) {
		int i = order[k];
		cJSON *line = cJSON_CreateObject();

		cJSON_AddNumberToObject(line, "rank", k + 1);
		cJSON_AddStringToObject(line, "bot", f->names[i]);
		json_add_number_or_null(line, "elo", elo[i]);
		json_add_number_or_null(line, "ci95", RATINGS_Z95 * se[i]);
		cJSON_AddNumberToObject(line, "games", result[i].n);
		json_add_number_or_null(line, "result", moments_mean(&result[i]));
		json_add_number_or_null(line, "adjusted", moments_mean(&adjusted[i]));
		json_add_number_or_null(line, "variance_result", moments_variance(&result[i]));
		json_add_number_or_null(line, "variance_adjusted", moments_variance(&adjusted[i]));
		cJSON_AddItemToArray(lines, line);
	}
	free(result);
	free(adjusted);
	free(order);
	return lines;
}

/* The variance a game of the seat-0 bot's result and adjusted score. */
static cJSON *variance(const struct field *f)
{
	struct moments result = {0}, adjusted = {0};
	cJSON *v = cJSON_CreateObject();

	for (size_t g = 0; g < f->count; g++) {
		moments_add(&result, f->result[g]);
		moments_add(&adjusted, f->games[g].x);
	}
	json_add_number_or_null(v, "result", moments_variance(&result));
	json_add_number_or_null(v, "adjusted", moments_variance(&adjusted));
	json_add_number_or_null(v, "ratio", moments_variance(&result) / moments_variance(&adjusted));
	return v;
}

/* The ladder of the games graded into the field, into *doc when
 * `status` (the grading's) is GRADE_OK; the field freed but its grader. */
static enum grade_status rate_field(struct field *f, enum grade_status status,
				    cJSON **doc, char *err)
{
	double *elo = NULL, *se = NULL;

	*doc = NULL;
	if (status == GRADE_OK) {
		elo = xcalloc((size_t)f->bots + 1, sizeof *elo);
		se = xcalloc((size_t)f->bots + 1, sizeof *se);
		if (ratings_scores(f->games, f->count, f->bots, elo, se, err))
			status = GRADE_UNVERIFIED;
	}
	if (status == GRADE_OK) {
		*doc = cJSON_CreateObject();
		cJSON_AddItemToObject(*doc, "ladder", ladder_lines(f, elo, se));
		cJSON_AddNumberToObject(*doc, "games", (double)f->count);
		cJSON_AddItemToObject(*doc, "variance", variance(f));
	}
	strings_free_count(f->names, f->bots);
	free(f->games);
	free(f->result);
	ladder_sets_free(&f->sets);
	free(elo);
	free(se);
	return status;
}

enum grade_status grade_ladder(struct grade *g, char *const *paths, size_t count,
			       char *const *seats, cJSON **doc, char *err)
{
	struct field f = {.grade = g};

	return rate_field(&f, add_paths(&f, paths, count, seats, err), doc, err);
}

void grade_ladder_print(FILE *out, const cJSON *doc, bool csv)
{
	const cJSON *line, *v = json_member(doc, "variance");

	if (csv)
		fputs("rank,bot,elo,ci95,games,result,adjusted,variance_result,"
		      "variance_adjusted\n", out);
	else
		fprintf(out, "\nluck-adjusted (each game's result less its luck; "
			"docs/ANALYSIS.md):\n%4s  %-20s %8s %9s %6s %7s %9s %9s %9s\n",
			"rank", "bot", "elo", "95%", "games", "result", "adjusted",
			"var res", "var adj");
	cJSON_ArrayForEach(line, json_member(doc, "ladder")) {
		char *name = visible_text(cJSON_GetStringValue(json_member(line, "bot")),
					  VISIBLE_LINE);

		fprintf(out, csv ? "%.0f,%s,%.2f,%.2f,%.0f,%.4f,%.4f,%.5f,%.5f\n"
			: "%4.0f  %-20s %+8.1f  +/- %4.1f %6.0f %7.4f %9.4f %9.5f %9.5f\n",
			json_number(line, "rank"), name, json_number(line, "elo"),
			json_number(line, "ci95"), json_number(line, "games"),
			json_number(line, "result"), json_number(line, "adjusted"),
			json_number(line, "variance_result"),
			json_number(line, "variance_adjusted"));
		free(name);
	}
	if (!csv)
		fprintf(out, "variance a game (seat 0's score): result %.5f, "
			"luck-adjusted %.5f, ratio %.1f\n", json_number(v, "result"),
			json_number(v, "adjusted"), json_number(v, "ratio"));
}
