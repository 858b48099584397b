/*
 * A connection to the index kept while league.db is the same file, and
 * each handler thread's connection and grader (web_db.h), kept under a thread-specific key whose destructor closes them when
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
	struct web_db_kept index;
	struct grade *grader;
};

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void close_db(void *p)
{
	struct thread_db *t = p;

	league_db_close(t->index.db);
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

bool web_db_keep(struct web_db_kept *k, const char *dir, char *err)
{
	char *path = path_join(dir, "league.db");
	struct stat st = {0};
	bool missing = stat(path, &st) != 0;

	free(path);
	if (k->db && !missing && st.st_dev == k->dev && st.st_ino == k->ino)
		return false;
	league_db_close(k->db);
	k->db = league_db_open(dir, false, NULL, 0, err);
	k->dev = st.st_dev;
	k->ino = st.st_ino;
	if (!k->db)
		league_db_rebuild_advice(err, dir);
	return true;
}

sqlite3 *web_db_of_thread(const char *dir, char *err)
{
	struct thread_db *t = of_thread();

	web_db_keep(&t->index, dir, err);
	return t->index.db;
}
