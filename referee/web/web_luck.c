/*
 * The index's grades kept by a server that does not play; see web_luck.h.
 */
#include "web/web_luck.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "base/util.h"
#include "league/league_db.h"
#include "league/league_luck.h"

struct web_luck {
	pthread_mutex_t lock;
	pthread_cond_t wake;          /* the stop */
	pthread_t thread;
	bool stop;
	char *dir;
	struct league_luck luck;      /* the thread's grader */
};

/* One batch graded, the index opened for it alone (so that one `league
 * rebuild` made is the one graded): how many, or -1. */
static int grade_batch(struct web_luck *g)
{
	char err[ERR_LEN];
	sqlite3 *db = league_db_open(g->dir, false, NULL, 0, err);
	int n = db ? league_luck_fill(&g->luck, db, g->dir, WEB_LUCK_BATCH, err) : -1;

	league_db_close(db);
	return n;
}

static void *keep(void *arg)
{
	struct web_luck *g = arg;

	pthread_mutex_lock(&g->lock);
	while (!g->stop) {
		int64_t start = now_ns(), wait;
		struct timespec until;
		int n;

		pthread_mutex_unlock(&g->lock);
		n = grade_batch(g);
		/* A quarter of a core while there is a backlog, 1 s at least;
		 * a look now and then once there is none. */
		wait = n == WEB_LUCK_BATCH ? 3 * (now_ns() - start) : WEB_LUCK_IDLE_S * 1000000000LL;
		wait = wait > 1000000000 ? wait : 1000000000;
		clock_gettime(CLOCK_MONOTONIC, &until);
		wait += until.tv_nsec;
		until.tv_sec += (time_t)(wait / 1000000000);
		until.tv_nsec = (long)(wait % 1000000000);
		pthread_mutex_lock(&g->lock);
		if (g->luck.none)
			break;  /* a game without exact values */
		if (!g->stop)
			pthread_cond_timedwait(&g->wake, &g->lock, &until);
	}
	pthread_mutex_unlock(&g->lock);
	return NULL;
}

static void web_luck_free(struct web_luck *g)
{
	league_luck_free(&g->luck);
	pthread_cond_destroy(&g->wake);
	pthread_mutex_destroy(&g->lock);
	free(g->dir);
	free(g);
}

struct web_luck *web_luck_start(const char *dir)
{
	struct web_luck *g = xcalloc(1, sizeof *g);
	pthread_condattr_t attr;

	pthread_mutex_init(&g->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&g->wake, &attr);
	pthread_condattr_destroy(&attr);
	g->dir = xstrdup(dir);
	league_luck_init(&g->luck);
	if (pthread_create(&g->thread, NULL, keep, g)) {
		web_luck_free(g);
		return NULL;
	}
	return g;
}

void web_luck_stop(struct web_luck *g)
{
	if (!g)
		return;
	pthread_mutex_lock(&g->lock);
	g->stop = true;
	pthread_cond_broadcast(&g->wake);
	pthread_mutex_unlock(&g->lock);
	pthread_join(g->thread, NULL);
	web_luck_free(g);
}
