/*
 * The problems a check of a tournament folder finds (a missing, planted,
 * altered or duplicated log, a broken manifest, a foreign key): each is
 * reported as it is found, with the file it concerns, so that a user sees
 * every one of them rather than the first, and counted.  Who prints them,
 * and how, is the caller's choice: `verify` on stdout, `ladder` on stderr.
 */
#ifndef ARENA_PROBLEMS_H
#define ARENA_PROBLEMS_H

struct problems {
	/* `where`: the file concerned; `what`: what is wrong with it. */
	void (*report)(void *ctx, const char *where, const char *what);
	void *ctx;
	long count;
};

/* Counts one problem and hands it to report(). */
void problems_add(struct problems *problems, const char *where,
		  const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A report() for a caller that names one problem: keeps the first,
 * "WHERE: WHAT", in ctx, a string of ERR_LEN (util.h) set to "". */
void problems_keep_first(void *ctx, const char *where, const char *what);

#endif
