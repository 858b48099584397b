/*
 * The player's activity (web_activity.h).  A task's "started" record
 * lists its games; the task is in play while any of them has no
 * "finished" record.  The rate counts the finished logs, newest first,
 * whose time is within the last WEB_ACTIVITY_S seconds: a log is written
 * whole when its game ends.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/files.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_db.h"
#include "web/web_activity.h"

struct activity {
	cJSON *started;     /* each task's "games" */
	char **logs;        /* the finished games' logs, in order */
	size_t finished;
	bool *done;         /* by game number */
	long max_game;
};

/* Notes one record of run.jsonl. */
static void note(struct activity *a, const cJSON *rec)
{
	const char *type = cJSON_GetStringValue(json_member(rec, "type"));
	const cJSON *game = json_member(rec, "game");
	const char *log = cJSON_GetStringValue(json_member(rec, "log"));

	if (type && !strcmp(type, "started") && cJSON_IsArray(json_member(rec, "games"))) {
		cJSON_AddItemToArray(a->started, cJSON_Duplicate(json_member(rec, "games"), 1));
	} else if (type && !strcmp(type, "finished") && cJSON_IsNumber(game) && log &&
		   game->valuedouble >= 1 && game->valuedouble < 1e7) {
		long g = (long)game->valuedouble;

		if (g > a->max_game) {
			a->done = xrealloc(a->done, (size_t)g + 1);
			memset(a->done + a->max_game + 1, 0, (size_t)(g - a->max_game));
			a->max_game = g;
		}
		a->done[g] = true;
		a->logs = xrealloc(a->logs, (a->finished + 1) * sizeof *a->logs);
		a->logs[a->finished++] = xstrdup(log);
	}
}

/* Reads run `run`'s run.jsonl into `a`. */
static void read_run(struct activity *a, const char *dir, long run)
{
	char *path = path_joinf(dir, "runs/%06ld/run.jsonl", run), err[ERR_LEN];
	char *text = files_read_all(path, NULL), *line, *save = NULL;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		cJSON *rec = json_parse_object(line, strlen(line), err);

		if (rec)
			note(a, rec);
		cJSON_Delete(rec);
	}
	free(text);
	free(path);
}

/* The games finished in the last WEB_ACTIVITY_S seconds, a second. */
static double rate(const struct activity *a, const char *dir, long run)
{
	time_t since = time(NULL) - WEB_ACTIVITY_S;
	size_t count = 0;

	for (size_t i = a->finished; i-- > 0;) {
		char *path = path_joinf(dir, "runs/%06ld/%s", run, a->logs[i]);
		struct stat st;
		bool recent = stat(path, &st) == 0 && st.st_mtime >= since;

		free(path);
		if (!recent)
			break;
		count++;
	}
	return round(100.0 * (double)count / WEB_ACTIVITY_S) / 100.0;
}

void web_activity_add(cJSON *j, sqlite3 *db, const char *dir)
{
	struct activity a = {.started = cJSON_CreateArray(), .max_game = 0};
	long run = league_db_last_run(db);
	bool open = league_db_open_runs(db) > 0;
	long queue = 0, workers = 0;
	const cJSON *task, *game, *tasks;

	a.done = xcalloc(1, 1);
	if (run > 0)
		read_run(&a, dir, run);
	tasks = open ? a.started : NULL;
	cJSON_ArrayForEach(task, tasks) {
		long left = 0;

		cJSON_ArrayForEach(game, task)
			left += !(game->valuedouble >= 1 && game->valuedouble <= a.max_game &&
				  a.done[(long)game->valuedouble]);
		queue += left;
		workers += left > 0;
	}
	cJSON_AddNumberToObject(j, "games_per_s", run > 0 ? rate(&a, dir, run) : 0);
	cJSON_AddNumberToObject(j, "queue", (double)queue);
	cJSON_AddNumberToObject(j, "workers", (double)workers);
	for (size_t i = 0; i < a.finished; i++)
		free(a.logs[i]);
	free(a.logs);
	free(a.done);
	cJSON_Delete(a.started);
}
