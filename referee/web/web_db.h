/*
 * The index as the server's handler threads read it: a connection of
 * each thread's own, opened at its first request and kept, rather than
 * one opened and closed a request (the open, with its checks of the file,
 * was a tenth of a page's time).
 */
#ifndef ARENA_WEB_DB_H
#define ARENA_WEB_DB_H

#include <sqlite3.h>

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
