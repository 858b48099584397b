/*
 * The one pool of worker processes, in the shape of git's
 * run_processes_parallel: up to `jobs` children forked from this process,
 * each handed its tasks one at a time by the caller's task source, and
 * one loop that sleeps until a child writes (or a timer of the source's is
 * due), hands what each wrote back to the source, and hands an idle child
 * its next task.  The task sources are a run of games (run/run_loop.c:
 * `referee tournament`, `sprt`, `league run`), `referee verify`'s logs
 * (verify_pool.c) and `referee report`'s pages of replays
 * (report/report_replays.c).  A child does its tasks in its own way and
 * frames its output in its own way; the pool only forks, waits, reads and
 * reaps.
 *
 * Here too is the house's one handler of the stop signals (SIGINT,
 * SIGTERM): it records the signal that came (pool_stopped()), and a pool
 * running then hands out no more tasks and kills its children.
 */
#ifndef ARENA_POOL_H
#define ARENA_POOL_H

#include <signal.h>
#include <stdbool.h>

struct pool_child {
	pid_t pid;          /* 0 once it has ended */
	int number;         /* from 1, in the order they start */
	int to, from;       /* the pipe its tasks go down, the one it writes up */
	char *buf;          /* what it wrote that the source has not taken */
	size_t len, cap;
};

enum pool_next {
	POOL_TASK,  /* a task was written to the child */
	POOL_WAIT,  /* none yet: the child waits until pool_hand_waiting() */
	POOL_DONE,  /* none left: the child is told to end (its input closed) */
	POOL_ERROR, /* the pool ends with -1, err set */
};

struct pool;

struct pool_ops {
	/* In the child: does the tasks it reads from `in` until that ends,
	 * writing what it has to say to `out`; returns its exit status. */
	int (*child)(struct pool *p, int number, int in, int out);
	/* Optional, in the child: what a stop signal does there (it must
	 * end the process); without it, as in this process. */
	void (*child_stop)(int sig);
	/* The next task of idle child c, written to c->to. */
	enum pool_next (*next)(struct pool *p, struct pool_child *c);
	/* What child c wrote, c->buf[0..c->len): takes what it can
	 * (pool_take()) and sets *done once c's task is done, so that it is
	 * handed the next.  0, or non-zero to end the pool with. */
	int (*output)(struct pool *p, struct pool_child *c, bool *done);
	/* Optional: child c ended untold, or with a status not 0 (its exit
	 * status, or 128 + the signal that ended it), and not by a stop
	 * signal.  0 (or no gone()) goes on without it, else the pool ends
	 * with it. */
	int (*gone)(struct pool *p, struct pool_child *c, int status);
	/* Optional: the longest wait in ms before woke() is due (-1: none). */
	long (*wait_ms)(struct pool *p);
	/* Optional: after each wait (timers due); non-zero ends the pool. */
	int (*woke)(struct pool *p);
	/* Optional: true once the source wants nothing more of the
	 * children (the pool then ends with 0 and kills them). */
	bool (*done)(struct pool *p);
};

struct pool {
	const struct pool_ops *ops;
	void *ctx;          /* the source's */
	int jobs;           /* children at most */
	char *err;
	bool stops;         /* ends on a stop signal (pool_stopped()) */
	/* The pool's own while it runs: */
	struct pool_child *children;
	int started;
	struct pool_child **waiting; /* told POOL_WAIT, in that order */
	int waiting_count;
	sigset_t mask;      /* the caller's signal mask */
};

/* Starts up to p->jobs children, each handed its first task (no more
 * started once the source has none left), and serves them until every
 * one has ended, done(), or a non-zero of the source's, which it returns;
 * a stop signal (pool_stopped()) returns the signal.  The children still
 * there are killed.  -1 with err when a child cannot start or the wait
 * fails. */
int pool_run(struct pool *p);

/* Asks the source again for the next task of each waiting child, in the
 * order they were told to wait.  0, or what is to end the pool (as
 * pool_run() returns it). */
int pool_hand_waiting(struct pool *p);

/* The next complete line of c's output (NUL-terminated, in place, its
 * length with the newline in *used), or NULL; then pool_take(c, used). */
char *pool_line(struct pool_child *c, size_t *used);
void pool_take(struct pool_child *c, size_t used);

/* From pool_stops_begin() to pool_stops_end(), SIGINT and SIGTERM are
 * recorded by the house's one handler, which then calls `leave` if given
 * (to end the process: the handler is reset, so that raise() ends it).
 * With `hold` they are blocked but while a pool waits, so that one never
 * slips in between a check of pool_stopped() and the wait.  `stops` may
 * be NULL when they are never put back. */
struct pool_stops {
	struct sigaction old_int, old_term;
	sigset_t mask;
};
void pool_stops_begin(struct pool_stops *stops, void (*leave)(int sig), bool hold);
/* Has the handler also pass each stop signal to `pass` (a child that
 * must hear of it at once, told with async-signal-safe calls only) until
 * pool_stops_end(); NULL: to none. */
void pool_stops_pass(void (*pass)(int sig));
/* The stop signal recorded (one pending is taken), or 0. */
int pool_stopped(void);
/* Puts back the mask and the handlers there were, unblocking first while
 * the house's handler is still there: returns the stop recorded. */
int pool_stops_end(struct pool_stops *stops);

#endif
