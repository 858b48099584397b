/*
 * League games' grades (web_grade.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/paths.h"
#include "base/util.h"
#include "grade/grade.h"
#include "grade/grade_tally.h"
#include "web/web_grade.h"

/* A game's seats' sums as a bot's page sums them: NULL, not graded. */
struct kept {
	char *rel;
	cJSON *seats;
};

struct web_grades {
	pthread_mutex_t lock;
	struct kept kept[WEB_GRADE_KEPT];
	int next;
};

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void free_grader(void *p)
{
	grade_free(p);
}

static void make_key(void)
{
	if (pthread_key_create(&key, free_grader))
		abort();
}

/* The calling thread's grader. */
static struct grade *grader_of_thread(void)
{
	struct grade *g;

	pthread_once(&once, make_key);
	if (!(g = pthread_getspecific(key))) {
		g = grade_new(NULL);
		pthread_setspecific(key, g);
	}
	return g;
}

struct web_grades *web_grades_new(void)
{
	struct web_grades *g = xcalloc(1, sizeof *g);

	pthread_mutex_init(&g->lock, NULL);
	return g;
}

void web_grades_free(struct web_grades *g)
{
	if (!g)
		return;
	for (int i = 0; i < WEB_GRADE_KEPT; i++) {
		free(g->kept[i].rel);
		cJSON_Delete(g->kept[i].seats);
	}
	pthread_mutex_destroy(&g->lock);
	free(g);
}

cJSON *web_grade_game(const char *dir, const char *rel)
{
	char *path = path_join(dir, rel), err[ERR_LEN];
	struct game_log log;
	cJSON *grade = NULL;

	if (logread_load(path, &log, err) == 0) {
		grade = grade_for_replay(grader_of_thread(), &log);
		logread_free(&log);
	}
	free(path);
	return grade;
}

/* The seats' sums of log `rel` as kept, or graded and kept: a copy for
 * the caller, NULL when the game is not graded or cannot be read. */
static cJSON *seats_of(struct web_grades *g, const char *dir, const char *rel)
{
	cJSON *grade, *seats = NULL;
	bool found = false;

	pthread_mutex_lock(&g->lock);
	for (int i = 0; i < WEB_GRADE_KEPT && g->kept[i].rel && !found; i++)
		if (!strcmp(g->kept[i].rel, rel)) {
			found = true;
			seats = cJSON_Duplicate(g->kept[i].seats, true);
		}
	pthread_mutex_unlock(&g->lock);
	if (found)
		return seats;
	/* Graded outside the lock: the other threads go on. */
	grade = web_grade_game(dir, rel);
	seats = cJSON_DetachItemFromObjectCaseSensitive(grade, "seats");
	cJSON_Delete(grade);
	if (!grade)
		return NULL;	/* unreadable now: not kept, asked again */
	pthread_mutex_lock(&g->lock);
	free(g->kept[g->next].rel);
	cJSON_Delete(g->kept[g->next].seats);
	g->kept[g->next] = (struct kept){xstrdup(rel), cJSON_Duplicate(seats, true)};
	g->next = (g->next + 1) % WEB_GRADE_KEPT;
	pthread_mutex_unlock(&g->lock);
	return seats;
}

cJSON *web_grade_bot(struct web_grades *g, const char *dir, const cJSON *games,
		     const char *name)
{
	struct grade_tally t = {0};
	const cJSON *game, *seat;
	cJSON *out;
	int of = 0;

	cJSON_ArrayForEach(game, games) {
		const char *log = cJSON_GetStringValue(json_member(game, "log"));
		char *rel;
		cJSON *seats;

		if (!log || strncmp(log, "/logs/", 6))
			continue;
		of++;
		rel = xasprintf("runs/%s", log + 6);
		seats = seats_of(g, dir, rel);
		free(rel);
		cJSON_ArrayForEach(seat, json_member(game, "seats")) {
			const char *who = cJSON_GetStringValue(json_member(seat, "name"));
			int s = (int)cJSON_GetNumberValue(json_member(seat, "seat"));

			if (seats && who && !strcmp(who, name))
				grade_tally_add(&t, cJSON_GetArrayItem(seats, s));
		}
		cJSON_Delete(seats);
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
			const struct grade_tally *g = &v->version_grades[i];

			t.games += g->games;
			t.decisions += g->decisions;
			t.marks += g->marks;
			t.error += g->error;
			t.luck += g->luck;
			of += v->version_games[i];
		}
	out = grade_tally_json(&t);
	cJSON_AddNumberToObject(out, "of", (double)of);
	return out;
}
