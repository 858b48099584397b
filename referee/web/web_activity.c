/*
 * The player's activity (web_activity.h).  A task's "started" record
 * lists its games; the task is in play while any of them has no
 * "finished" record.  The rate counts the finished logs, newest first,
 * whose time is within the last WEB_ACTIVITY_S seconds: a log is written
 * whole when its game ends.  run.jsonl only grows while its run lasts,
 * so the server reads each of its lines once: what a request reads is
 * what was written since the last, and what it keeps is the tasks still
 * in play, the games finished and each one's time (its log's, looked at
 * once, after its record is read: of a read's, the newest first, until
 * one is older than the window).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_db.h"
#include "web/web_activity.h"

/* A task in play: its games. */
struct task {
	long *games;
	int count;
};

struct web_activity {
	pthread_mutex_t lock;
	char *dir;          /* the league's */
	long run;           /* the run read, 0: none */
	long offset;        /* of its run.jsonl, to the end of its last line read */
	struct task *tasks; /* those with a game not finished */
	size_t task_count;
	bool *done;         /* by game number */
	long max_game;
	time_t *times;      /* each finished game's log's time, in order; 0: older */
	size_t finished;
	char **pending;     /* the logs of the last read's finished games */
	size_t pending_count;
	long cores;         /* the workers of the server's next run; 0: none */
};

struct web_activity *web_activity_new(const char *dir, bool plays)
{
	struct web_activity *a = xcalloc(1, sizeof *a);

	pthread_mutex_init(&a->lock, NULL);
	a->dir = xstrdup(dir);
	a->cores = plays ? sysconf(_SC_NPROCESSORS_ONLN) : 0;
	return a;
}

/* Forgets what was read (another run) but the times of the games
 * finished since `since`: the speed of the last minute spans a new run,
 * which starts as soon as the last ends. */
static void forget(struct web_activity *a, time_t since)
{
	size_t kept = 0;

	for (size_t i = 0; i < a->task_count; i++)
		free(a->tasks[i].games);
	for (size_t i = 0; i < a->finished; i++)
		if (a->times[i] > 0 && a->times[i] >= since)
			a->times[kept++] = a->times[i];
	for (size_t i = 0; i < a->pending_count; i++)
		free(a->pending[i]);
	free(a->tasks);
	free(a->done);
	free(a->pending);
	a->pending = NULL;
	a->tasks = NULL;
	a->done = NULL;
	a->task_count = a->pending_count = 0;
	a->finished = kept;
	a->max_game = 0;
	a->offset = 0;
}

void web_activity_free(struct web_activity *a)
{
	if (!a)
		return;
	forget(a, 0);
	free(a->times);
	free(a->dir);
	pthread_mutex_destroy(&a->lock);
	free(a);
}

/* A "started" record's games, a task. */
static void note_started(struct web_activity *a, const cJSON *games)
{
	struct task t = {.games = xcalloc((size_t)cJSON_GetArraySize(games) + 1, sizeof *t.games)};
	const cJSON *g;

	cJSON_ArrayForEach(g, games)
		t.games[t.count++] = cJSON_IsNumber(g) ? (long)g->valuedouble : 0;
	a->tasks = xrealloc(a->tasks, (a->task_count + 1) * sizeof *a->tasks);
	a->tasks[a->task_count++] = t;
}

/* A "finished" record of game `g`, its log `path` (taken). */
static void note_finished(struct web_activity *a, long g, char *path)
{
	if (g > a->max_game) {
		a->done = xrealloc(a->done, (size_t)g + 1);
		memset(a->done + a->max_game + 1, 0, (size_t)(g - a->max_game));
		a->max_game = g;
	}
	a->done[g] = true;
	a->times = xrealloc(a->times, (a->finished + 1) * sizeof *a->times);
	a->times[a->finished++] = 0;
	a->pending = xrealloc(a->pending, (a->pending_count + 1) * sizeof *a->pending);
	a->pending[a->pending_count++] = path;
}

/* The times of the last read's finished games: their logs', the newest
 * first, until one is older than `since` (it and those before it stay 0). */
static void time_pending(struct web_activity *a, time_t since)
{
	size_t first = a->finished - a->pending_count;
	bool recent = true;

	for (size_t i = a->pending_count; i-- > 0;) {
		struct stat st;

		recent = recent && stat(a->pending[i], &st) == 0 && st.st_mtime >= since;
		if (recent)
			a->times[first + i] = st.st_mtime;
		free(a->pending[i]);
	}
	a->pending_count = 0;
}

/* Notes one line of run.jsonl (files_follow_lines()'s). */
static void note(void *ctx, const char *line, size_t len)
{
	struct web_activity *a = ctx;
	char err[ERR_LEN];
	cJSON *rec = json_parse_object(line, len, err);
	const char *type = cJSON_GetStringValue(json_member(rec, "type"));
	const cJSON *game = json_member(rec, "game");
	const char *log = cJSON_GetStringValue(json_member(rec, "log"));

	if (type && !strcmp(type, "started") && cJSON_IsArray(json_member(rec, "games"))) {
		note_started(a, json_member(rec, "games"));
	} else if (type && !strcmp(type, "finished") && cJSON_IsNumber(game) && log &&
		   game->valuedouble >= 1 && game->valuedouble < 1e7) {
		note_finished(a, (long)game->valuedouble,
			      path_joinf(a->dir, "runs/%06ld/%s", a->run, log));
	}
	cJSON_Delete(rec);
}

/* Reads run `run`'s lines written since the last read: all of them again
 * when it is another run, or its run.jsonl was written anew. */
static void read_new(struct web_activity *a, long run, time_t since)
{
	char *path = path_joinf(a->dir, "runs/%06ld/run.jsonl", run);

	if (a->run != run || files_follow_lines(path, &a->offset, note, a) == 1) {
		forget(a, since);
		a->run = run;
		files_follow_lines(path, &a->offset, note, a);
	}
	free(path);
	time_pending(a, since);
}

/* The games finished in the last WEB_ACTIVITY_S seconds, a second. */
static double rate(const struct web_activity *a, time_t since)
{
	size_t count = 0;

	for (size_t i = a->finished; i-- > 0 && a->times[i] >= since && a->times[i] > 0;)
		count++;
	return round(100.0 * (double)count / WEB_ACTIVITY_S) / 100.0;
}

/* The tasks' games not finished (those of tasks all finished dropped),
 * and how many tasks have some. */
static long left_in_tasks(struct web_activity *a, long *workers)
{
	long queue = 0;
	size_t kept = 0;

	*workers = 0;
	for (size_t i = 0; i < a->task_count; i++) {
		struct task *t = &a->tasks[i];
		long left = 0;

		for (int k = 0; k < t->count; k++)
			left += !(t->games[k] >= 1 && t->games[k] <= a->max_game && a->done[t->games[k]]);
		if (left == 0) {
			free(t->games);
			continue;
		}
		queue += left;
		++*workers;
		a->tasks[kept++] = *t;
	}
	a->task_count = kept;
	return queue;
}

void web_activity_add(struct web_activity *a, cJSON *j, sqlite3 *db)
{
	long run = league_db_last_run(db), queue = 0, workers = 0;
	bool open = league_db_open_runs(db) > 0;
	time_t since = time(NULL) - WEB_ACTIVITY_S;
	double per_s = 0;

	pthread_mutex_lock(&a->lock);
	if (run > 0) {
		read_new(a, run, since);
		per_s = rate(a, since);
		queue = left_in_tasks(a, &workers);
	}
	pthread_mutex_unlock(&a->lock);
	cJSON_AddNumberToObject(j, "games_per_s", per_s);
	cJSON_AddNumberToObject(j, "queue", open ? (double)queue : 0);
	cJSON_AddNumberToObject(j, "workers", open ? (double)workers : 0);
	cJSON_AddNumberToObject(j, "cores", (double)a->cores);
}
