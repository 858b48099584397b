/*
 * League games' grades (web_grade.h).
 */
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "grade/grade.h"
#include "grade/grade_tally.h"
#include "league/league_db.h"
#include "web/web_db.h"
#include "web/web_grade.h"

cJSON *web_grade_game(const char *dir, const char *rel)
{
	char *path = path_join(dir, rel), err[ERR_LEN];
	cJSON *grade;

	grade_log(web_grader_of_thread(), path, NULL, &grade, err);
	free(path);
	return grade;
}

/* Adds tally `g` to `t`. */
static void add(struct grade_tally *t, const struct grade_tally *g)
{
	t->games += g->games;
	t->decisions += g->decisions;
	t->marks += g->marks;
	t->error += g->error;
	t->luck += g->luck;
}

cJSON *web_grade_bot(sqlite3 *db, const cJSON *games, const char *name)
{
	struct grade_tally t = {0};
	const cJSON *game, *seat;
	cJSON *out;
	int of = 0;

	cJSON_ArrayForEach(game, games) {
		long run = (long)cJSON_GetNumberValue(json_member(game, "run"));
		long number = (long)cJSON_GetNumberValue(json_member(game, "game"));

		of++;
		cJSON_ArrayForEach(seat, json_member(game, "seats")) {
			const char *who = cJSON_GetStringValue(json_member(seat, "name"));
			struct league_grade g;

			if (who && !strcmp(who, name) &&
			    league_db_seat_grade(db, run, number, (int)cJSON_GetNumberValue(
					json_member(seat, "seat")), &g) == 0)
				add(&t, &(struct grade_tally){1, g.decisions, g.marks, g.error,
							      g.luck});
		}
	}
	out = grade_tally_json(&t);
	cJSON_AddNumberToObject(out, "of", of);
	return out;
}

cJSON *web_grade_bot_all(const struct web_fit_view *v, const char *name)
{
	struct grade_tally t = {0};
	long of = 0;
	cJSON *out;

	for (int i = 0; v->version_grades && i < v->lr.count; i++)
		if (!strcmp(v->lr.versions[i].name, name)) {
			add(&t, &v->version_grades[i]);
			of += v->version_games[i];
		}
	out = grade_tally_json(&t);
	cJSON_AddNumberToObject(out, "of", (double)of);
	return out;
}
