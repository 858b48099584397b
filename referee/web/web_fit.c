/*
 * The league's fit kept for the server (web_fit.h).  The thread that
 * makes the views has a connection of its own to the index, which only
 * it uses; the views are counted under the mutex, each freed by whoever
 * lets go of it last, so a request reads its view while a newer one is
 * made.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/paths.h"
#include "league/league_folder.h"
#include "league/league_index.h"
#include "league/league_owners.h"
#include "web/web_db.h"
#include "web/web_fit.h"

struct web_fit {
	pthread_mutex_t lock;
	pthread_cond_t wake;          /* the thread's: a look asked for, or stop */
	pthread_cond_t made;          /* the requests': a view made, or stop */
	pthread_t thread;
	bool stop;
	bool asked;                   /* a request waits for a look at once */
	struct web_fit_view *view;    /* the newest, NULL till the first */
	/* The thread's own. */
	char *dir;
	struct web_db_kept index;
	long long data_version;       /* of the last view; -1: make one */
	struct league_info info;      /* NULL rules: league.json unread */
	int64_t checked_ns;           /* the index's last check, 0: none yet */
};

/* How often the index is checked against the league's signed records
 * (league_index.h): at 100,000 games a check costs a view's time. */
#define WEB_FIT_CHECK_NS (60 * 1000000000LL)

/* A view of league `dir`'s index `db` made with what of `prev` (NULL:
 * none) still holds: its ladder NULL with err when the index cannot be
 * rated. */
static struct web_fit_view *view_make(sqlite3 *db, const char *dir,
				      const struct web_fit_view *prev)
{
	struct web_fit_view *v = xcalloc(1, sizeof *v);
	char *folder;
	size_t len = 0;
	FILE *out;

	v->refs = 1;
	league_db_roster(db, &v->roster);
	if (league_rating_load(db, &v->lr, v->err)) {
		league_rating_free(&v->lr);
		return v;
	}
	v->version_games = xcalloc((size_t)v->lr.count + 1, sizeof *v->version_games);
	league_db_games_by_version(db, v->version_games, v->lr.count);
	v->version_grades = xcalloc((size_t)v->lr.count + 1, sizeof *v->version_grades);
	league_db_grades_by_version(db, v->version_grades, v->lr.count);
	v->luck_rated = league_luck_rate(&v->lr, &v->luck) == 0;
	league_db_counts(db, &v->counts);
	web_history_make(&v->history, &v->lr, prev && prev->ladder ? &prev->history : NULL,
			 prev && prev->ladder ? &prev->lr : NULL);
	/* The index of the league's stderr files (web_games.h looks the
	 * bots' words up in it). */
	v->words = words_index_new();
	folder = path_join(dir, "stderr");
	words_index_add_folder(v->words, folder);
	free(folder);
	v->lr.owners = v->owners = league_owners(dir);
	out = open_memstream(&v->ladder, &len);
	if (!out) {
		snprintf(v->err, sizeof v->err, "out of memory");
		return v;
	}
	league_ladder_print(out, &v->lr, LEAGUE_JSON, true);
	fclose(out);
	return v;
}

static void view_free(struct web_fit_view *v)
{
	if (!v)
		return;
	free(v->ladder);
	league_rating_free(&v->lr);
	cJSON_Delete(v->owners);
	free(v->version_games);
	free(v->version_grades);
	league_luck_ratings_free(&v->luck);
	web_history_free(&v->history);
	words_index_free(v->words);
	free(v);
}

/* Whether the index is another than the thread's, or changed since its
 * last view: opened again when it is another file (a missing index:
 * league_db_open() says so). */
static bool index_changed(struct web_fit *f, char *err)
{
	if (web_db_keep(&f->index, f->dir, err))
		f->data_version = -1;
	return !f->index.db || league_db_data_version(f->index.db) != f->data_version;
}

/* Whether the index agrees with the league's signed records, checked
 * at most every WEB_FIT_CHECK_NS (and at once after a failed check): if
 * not, the index is closed, and false with err. */
static bool index_agrees(struct web_fit *f, char *err)
{
	int64_t now = now_ns();
	int differs = -1;

	if (f->checked_ns && now - f->checked_ns < WEB_FIT_CHECK_NS)
		return true;
	if ((f->info.rules || !league_folder_read(f->dir, &f->info, err)) &&
	    (differs = league_index_check(f->dir, &f->info, f->index.db, err)) > 0)
		league_db_rebuild_advice(err, f->dir);
	f->checked_ns = differs ? 0 : now;
	if (f->checked_ns)
		return true;
	league_db_close(f->index.db);
	f->index.db = NULL;  /* the view says so, and the index is opened again */
	return false;
}

/* Makes the new view, if the index changed, and publishes it; a view
 * that failed replaces only a failed one or none, and is made again at
 * the next look. */
static void refresh(struct web_fit *f)
{
	struct web_fit_view *v, *old = NULL;
	char err[ERR_LEN];
	long long version;

	if (!index_changed(f, err))
		return;
	version = f->index.db ? league_db_data_version(f->index.db) : -1;
	if (f->index.db && index_agrees(f, err)) {
		v = view_make(f->index.db, f->dir, f->view);
	} else {
		v = xcalloc(1, sizeof *v);
		v->refs = 1;
		snprintf(v->err, sizeof v->err, "%s", err);
	}
	f->data_version = v->ladder ? version : -1;
	pthread_mutex_lock(&f->lock);
	/* An index found edited is not shown: not even the last view of it. */
	if (v->ladder || !f->view || !f->view->ladder || !f->checked_ns) {
		old = f->view;
		f->view = v;
		v = NULL;
	}
	/* Also when none was made: a request that waits looks again. */
	pthread_cond_broadcast(&f->made);
	pthread_mutex_unlock(&f->lock);
	view_free(v);
	web_fit_put(f, old);
}

static void *keep(void *arg)
{
	struct web_fit *f = arg;

	pthread_mutex_lock(&f->lock);
	while (!f->stop) {
		int64_t start = now_ns(), wait;
		struct timespec until;

		f->asked = false;
		pthread_mutex_unlock(&f->lock);
		refresh(f);
		/* At most half of a core: as long as the view took, 1 s at least. */
		wait = now_ns() - start;
		until = monotonic_after(wait > 1000000000 ? wait : 1000000000);
		pthread_mutex_lock(&f->lock);
		if (!f->stop && !f->asked)
			pthread_cond_timedwait(&f->wake, &f->lock, &until);
	}
	pthread_mutex_unlock(&f->lock);
	return NULL;
}

struct web_fit *web_fit_start(const char *dir)
{
	struct web_fit *f = xcalloc(1, sizeof *f);
	pthread_condattr_t attr;

	pthread_mutex_init(&f->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&f->wake, &attr);
	pthread_cond_init(&f->made, &attr);
	pthread_condattr_destroy(&attr);
	f->dir = xstrdup(dir);
	f->data_version = -1;
	if (pthread_create(&f->thread, NULL, keep, f)) {
		f->stop = true;
		web_fit_stop(f);
		return NULL;
	}
	return f;
}

void web_fit_stop(struct web_fit *f)
{
	bool running;

	if (!f)
		return;
	pthread_mutex_lock(&f->lock);
	running = !f->stop;
	f->stop = true;
	pthread_cond_broadcast(&f->wake);
	pthread_cond_broadcast(&f->made);
	pthread_mutex_unlock(&f->lock);
	if (running)
		pthread_join(f->thread, NULL);
	view_free(f->view);
	league_db_close(f->index.db);
	league_info_free(&f->info);
	pthread_cond_destroy(&f->wake);
	pthread_cond_destroy(&f->made);
	pthread_mutex_destroy(&f->lock);
	free(f->dir);
	free(f);
}

/* Whether view `v` has roster `r`. */
static bool roster_is(const struct web_fit_view *v, const struct league_roster *r)
{
	return v && v->roster.versions == r->versions && v->roster.retired == r->retired &&
	       v->roster.seasons == r->seasons;
}

struct web_fit_view *web_fit_get(struct web_fit *f, sqlite3 *db)
{
	struct web_fit_view *v;
	struct league_roster now;
	struct timespec until = monotonic_after(WEB_FIT_WAIT_S * 1000000000LL);

	if (db)
		league_db_roster(db, &now);
	else
		now = (struct league_roster){-1, -1, -1};
	pthread_mutex_lock(&f->lock);
	while (!f->view)
		pthread_cond_wait(&f->made, &f->lock);
	/* The thread looks at the index at once when asked; the requests
	 * wake only at a view made (or the stop), never each other. */
	while (now.versions >= 0 && now.retired >= 0 && now.seasons >= 0 &&
	       !roster_is(f->view, &now) && !f->stop) {
		f->asked = true;
		pthread_cond_signal(&f->wake);
		if (pthread_cond_timedwait(&f->made, &f->lock, &until))
			break;
	}
	v = f->view;
	v->refs++;
	pthread_mutex_unlock(&f->lock);
	return v;
}

void web_fit_put(struct web_fit *f, struct web_fit_view *v)
{
	bool last;

	if (!v)
		return;
	pthread_mutex_lock(&f->lock);
	last = --v->refs == 0;
	pthread_mutex_unlock(&f->lock);
	if (last)
		view_free(v);
}
