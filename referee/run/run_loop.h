/*
 * The one loop of a run of many games, for `referee tournament`, `referee
 * sprt` and `referee league run` alike: it starts the workers (worker.h), asks the
 * run's table source (table_source.h) for each worker's next table when
 * the worker is free, parks a worker the source tells to wait until the
 * source is ready, hands every other line a worker writes to the source,
 * and takes the stop signals (SIGINT, SIGTERM), all on the one pool
 * (base/pool.h).  It never looks at the format: a source decides which tables
 * are played and records them as it records them (a tournament's
 * manifest ledger, a league's run.jsonl and index); the loop only hands
 * tables out.  Whether a table's games are duplicate sets is decided
 * once by the run and handed down in the workers' job (worker_job's
 * duplicate), to the round of the match room.
 */
#ifndef ARENA_RUN_LOOP_H
#define ARENA_RUN_LOOP_H

#include "base/pool.h"
#include "table_source.h"
#include "worker.h"

struct run_loop {
	const struct table_source *source;
	struct worker_job job;       /* what each worker plays */
	int concurrency;
	char *err;                   /* the loop's, and the source's */
	/* The loop's own, while it runs: */
	struct pool_stops stops;
	struct pool pool;
};

/* From here to run_loop_end() SIGINT and SIGTERM are the run's: taken
 * only while the pool waits, so that each is seen between two lines. */
void run_loop_begin(struct run_loop *loop);

/* Starts up to `concurrency` workers, each handed its first table (no
 * more started once the source has none left), and serves them until
 * every one has quit: 0 then, the stop signal that came (the workers
 * killed), or -1 with err (a source's error, a worker dying, the wait
 * failing). */
int run_loop_play(struct run_loop *loop);

/* The signal handlers there were put back: the stop signal that came
 * since run_loop_begin(), if any (one pending is taken first), or 0. */
int run_loop_end(struct run_loop *loop);

/* Stop signal `sig` as a user knows it, for the message of a stopped
 * run: "SIGINT (Ctrl-C)", "SIGTERM", or "signal N" for one without a
 * name. */
void run_loop_signal_text(int sig, char *buf, size_t len);

#endif
