/*
 * Each handler thread's connection to the index (web_db.h), kept under a
 * thread-specific key whose destructor closes it when libmicrohttpd ends
 * the thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "base/paths.h"
#include "base/util.h"
#include "league/league_db.h"
#include "web/web_db.h"

struct thread_db {
	sqlite3 *db;
	dev_t dev;
	ino_t ino;
};

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void close_db(void *p)
{
	struct thread_db *t = p;

	league_db_close(t->db);
	free(t);
}

static void make_key(void)
{
	if (pthread_key_create(&key, close_db))
		abort();
}

sqlite3 *web_db_of_thread(const char *dir, char *err)
{
	struct thread_db *t;
	char *path = path_join(dir, "league.db");
	struct stat st;
	int missing = stat(path, &st);

	free(path);
	pthread_once(&once, make_key);
	if (!(t = pthread_getspecific(key))) {
		t = xcalloc(1, sizeof *t);
		pthread_setspecific(key, t);
	}
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
