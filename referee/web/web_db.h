/*
 * The index as the server's handler threads read it: a connection of
 * each thread's own, opened at its first request and kept, rather than
 * one opened and closed a request (the open, with its checks of the file,
 * was a tenth of a page's time); the fit's thread keeps its own the
 * same way (web_fit.h).
 */
#ifndef ARENA_WEB_DB_H
#define ARENA_WEB_DB_H

#include <sqlite3.h>
#include <stdbool.h>
#include <sys/types.h>

/* A connection to a league's index kept open across requests or views,
 * and the file it has open. */
struct web_db_kept {
	sqlite3 *db;
	dev_t dev;
	ino_t ino;
};

/* k->db opened, when none is open or when league `dir`'s league.db is
 * another file than it has open (`league rebuild` makes a new one):
 * whether it was (opened again, or tried: k->db NULL with err, to which
 * what makes the index again is added, when it cannot be opened). */
bool web_db_keep(struct web_db_kept *k, const char *dir, char *err);

/* The calling thread's connection to league `dir`'s index, opened again
 * when league.db is another file than it had open (`league rebuild`
 * makes a new one), closed when the thread ends: NULL with err when the
 * index cannot be opened.  Not the caller's to close. */
sqlite3 *web_db_of_thread(const char *dir, char *err);

/* The calling thread's grader (grade.h's GRADE_SHOWN), kept the same
 * way, so that the tables of a target other than the built-in one are
 * solved once a thread, not once a request. */
struct grade *web_grader_of_thread(void);

#endif
