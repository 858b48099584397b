/*
 * The index's grades kept by a server that does not play; see web_luck.h.
 */
#include "web/web_luck.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <time.h>

#include "base/util.h"
#include "league/league_db.h"
#include "league/league_luck.h"

struct web_luck {
	sem_t stop;                   /* posted once: the thread ends */
	pthread_t thread;
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

/* A quarter of a core while there is a backlog (`n` graded in `took`),
 * 1 s at least; a look now and then once there is none. */
static struct timespec next_batch(int n, int64_t took)
{
	int64_t wait = n == WEB_LUCK_BATCH ? 3 * took : WEB_LUCK_IDLE_S * 1000000000LL;

	return monotonic_after(wait > 1000000000 ? wait : 1000000000);
}

/* A batch at each wait's end, until the stop (or a game without exact
 * values: none to grade, ever). */
static void *keep(void *arg)
{
	struct web_luck *g = arg;
	struct timespec until = monotonic_after(0);

	while (!g->luck.none) {
		int64_t start;
		int n;

		if (sem_clockwait(&g->stop, CLOCK_MONOTONIC, &until) == 0)
			break;
		if (errno != ETIMEDOUT)
			continue;  /* a signal: wait on */
		start = now_ns();
		n = grade_batch(g);
		until = next_batch(n, now_ns() - start);
	}
	return NULL;
}

static void web_luck_free(struct web_luck *g)
{
	league_luck_free(&g->luck);
	sem_destroy(&g->stop);
	free(g->dir);
	free(g);
}

struct web_luck *web_luck_start(const char *dir)
{
	struct web_luck *g = xcalloc(1, sizeof *g);

	sem_init(&g->stop, 0, 0);
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
	sem_post(&g->stop);
	pthread_join(g->thread, NULL);
	web_luck_free(g);
}
