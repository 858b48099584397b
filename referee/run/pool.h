/*
 * The pool of workers (worker.h) that `referee tournament`, `referee
 * league run` (both through the run's loop, run_loop.h) and `referee
 * sprt` play on: one loop that sleeps until a worker writes (or a timer
 * of the run's is due), reads what each wrote and hands its lines, one
 * at a time, to the run.  The run decides what a line means and what a
 * worker plays next; the pool only waits and reads, so a new kind of run
 * adds a table source (table_source.h), not a loop.
 */
#ifndef ARENA_POOL_H
#define ARENA_POOL_H

#include <signal.h>
#include <stdbool.h>

#include "worker.h"

struct pool_ops {
	/* A complete line of worker `w`: 0 to go on, non-zero to end the
	 * pool (which returns it). */
	int (*handle)(void *ctx, struct worker *w, char *line);
	/* Worker `w`'s pipe closed and it was reaped: `sig` is the stop
	 * signal that ended it (SIGINT, SIGTERM) or 0 when it died of
	 * anything else.  Returns what the pool returns. */
	int (*gone)(void *ctx, struct worker *w, int sig);
	/* Optional: the longest wait in ms before `woke` must run again
	 * (-1: none), asked before each wait. */
	long (*wait_ms)(void *ctx);
	/* Optional: run after each wait, before any line is read (timers
	 * due, stop signals taken); non-zero ends the pool. */
	int (*woke)(void *ctx);
	/* Optional: true once the run wants no more lines (the pool then
	 * ends with 0, leaving the workers to the caller). */
	bool (*done)(void *ctx);
	/* Optional: the signal mask to wait with (ppoll()), so that a stop
	 * signal blocked elsewhere is taken only while the pool waits. */
	const sigset_t *wait_mask;
};

/* A run's stop signals (SIGINT, SIGTERM) taken by `handler` and blocked
 * but while the pool waits (pool_ops.wait_mask = &stops->wait_mask), so
 * that one never slips in between a check of what it set and the wait;
 * pool_stops_end() puts back the mask and the handlers there were,
 * unblocking first while the run's handler is still there, so that a
 * signal pending then only sets what it sets. */
struct pool_stops {
	struct sigaction old_int, old_term;
	sigset_t wait_mask;
};
void pool_stops_begin(struct pool_stops *stops, void (*handler)(int));
void pool_stops_end(struct pool_stops *stops);

/* Runs `count` workers, their first tables already handed out, until
 * none is left (each quit), `done`, or a handler's non-zero, which it
 * returns; -1 with err when the wait itself fails. */
int pool_run(struct worker *workers, int count, const struct pool_ops *ops,
	     void *ctx, char *err);

#endif
