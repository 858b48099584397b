/*
 * Each handler thread's connection to the index and grader (web_db.h),
 * kept under a thread-specific key whose destructor closes them when
 * libmicrohttpd ends the thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "base/paths.h"
#include "base/util.h"
#include "grade/grade.h"
#include "league/league_db.h"
#include "web/web_db.h"

struct thread_db {
	sqlite3 *db;
	dev_t dev;
	ino_t ino;
	struct grade *grader;
};

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void close_db(void *p)
{
	struct thread_db *t = p;

	league_db_close(t->db);
	grade_free(t->grader);
	free(t);
}

static void make_key(void)
{
	if (pthread_key_create(&key, close_db))
		abort();
}

/* The calling thread's own. */
static struct thread_db *of_thread(void)
{
	struct thread_db *t;

	pthread_once(&once, make_key);
	if (!(t = pthread_getspecific(key))) {
		t = xcalloc(1, sizeof *t);
		pthread_setspecific(key, t);
	}
	return t;
}

struct grade *web_grader_of_thread(void)
{
	struct thread_db *t = of_thread();

	if (!t->grader)
		t->grader = grade_new(NULL, GRADE_SHOWN);
	return t->grader;
}

sqlite3 *web_db_of_thread(const char *dir, char *err)
{
	struct thread_db *t = of_thread();
	char *path = path_join(dir, "league.db");
	struct stat st;
	int missing = stat(path, &st);

	free(path);
	if (t->db && (missing || st.st_dev != t->dev || st.st_ino != t->ino)) {
		league_db_close(t->db);
		t->db = NULL;
	}
	if (!t->db && (t->db = league_db_open(dir, false, NULL, 0, err))) {
		t->dev = st.st_dev;
		t->ino = st.st_ino;
	} else if (!t->db) {
		league_db_rebuild_advice(err, dir);
	}
	return t->db;
}
