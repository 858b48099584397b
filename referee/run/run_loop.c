/*
 * The one loop of a run of many games; see run_loop.h.
 */
#include "run_loop.h"

#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

void run_loop_begin(struct run_loop *loop)
{
	stop_signal = 0;
	pool_stops_begin(&loop->stops, on_stop);
}

int run_loop_end(struct run_loop *loop)
{
	pool_stops_end(&loop->stops);
	return stop_signal;
}

void run_loop_signal_text(int sig, char *buf, size_t len)
{
	const char *name = sigabbrev_np(sig);

	if (name)
		snprintf(buf, len, "SIG%s%s", name, sig == SIGINT ? " (Ctrl-C)" : "");
	else
		snprintf(buf, len, "signal %d", sig);
}

/* Hands worker `w` the source's next table, or parks it, or tells it to
 * quit. */
static int dispatch(struct run_loop *loop, struct worker *w)
{
	const struct table_source *src = loop->source;
	struct table_source_table t = {.number = -1};
	int rc = 0;

	switch (src->ops->next(src->state, (int)(w - loop->workers), &t)) {
	case TABLE_SOURCE_WAIT:
		loop->parked[loop->parked_count++] = w;
		break;
	case TABLE_SOURCE_DONE:
		worker_quit(w);
		break;
	case TABLE_SOURCE_ERROR:
		rc = -1;
		break;
	case TABLE_SOURCE_TABLE:
		if (worker_assign(w, t.number, t.games, t.count, t.pair,
				  t.keyed ? t.deal_key : NULL))
			rc = errorf(loop->err, "a worker stopped answering");
		break;
	}
	sodium_memzero(t.deal_key, sizeof t.deal_key);
	free(t.games);
	return rc;
}

/* The workers waiting, handed tables once the source is ready (or told
 * to quit when none is left). */
static int unpark(struct run_loop *loop)
{
	const struct table_source *src = loop->source;
	int count = loop->parked_count, rc = 0;
	struct worker **waiting;

	if (!count || !src->ops->ready || !src->ops->ready(src->state))
		return 0;
	waiting = xmalloc((size_t)count * sizeof *waiting);
	memcpy(waiting, loop->parked, (size_t)count * sizeof *waiting);
	loop->parked_count = 0;
	for (int i = 0; i < count && !rc; i++)
		rc = dispatch(loop, waiting[i]);
	free(waiting);
	return rc;
}

/* The pool's: a worker's line, "D" (its table done) taken here. */
static int handle(void *ctx, struct worker *w, char *line)
{
	struct run_loop *loop = ctx;
	const struct table_source *src = loop->source;

	if (line[0] == 'D') {
		w->table = -1;
		return dispatch(loop, w);
	}
	if (src->ops->line(src->state, (int)(w - loop->workers), line))
		return -1;
	return unpark(loop);
}

/* The pool's: worker `w` has gone, killed by a stop signal or not. */
static int worker_gone(void *ctx, struct worker *w, int sig)
{
	(void)w;
	if (sig)
		return stop_signal = sig;
	return errorf(((struct run_loop *)ctx)->err, "a worker died unexpectedly");
}

/* The pool's: how long it may wait before the source's woke() is due. */
static long wait_ms(void *ctx)
{
	struct run_loop *loop = ctx;
	const struct table_source *src = loop->source;

	return src->ops->wait_ms ? src->ops->wait_ms(src->state, loop->parked_count) : -1;
}

/* A stop signal that came while ppoll() returned ready workers: the
 * kernel delivers it only when the wait is interrupted, which a busy pool
 * may never let happen.  It stays pending, and is taken here. */
static int pending_stop(void)
{
	sigset_t pending;

	if (sigpending(&pending))
		return 0;
	return sigismember(&pending, SIGTERM) ? SIGTERM
	       : sigismember(&pending, SIGINT) ? SIGINT : 0;
}

/* The pool's, after each wait: a stop signal, then what the source has
 * due, and the waiting workers handed what it now has. */
static int woke(void *ctx)
{
	struct run_loop *loop = ctx;
	const struct table_source *src = loop->source;

	if (!stop_signal)
		stop_signal = pending_stop();
	if (stop_signal)
		return stop_signal;
	if (src->ops->woke && src->ops->woke(src->state, loop->parked_count))
		return -1;
	if (unpark(loop))
		return -1;
	if (loop->parked_count && src->ops->still_waiting)
		src->ops->still_waiting(src->state, loop->parked_count);
	return 0;
}

/* The pool's: whether the source needs no more games. */
static bool over(void *ctx)
{
	const struct table_source *src = ((struct run_loop *)ctx)->source;

	return src->ops->over && src->ops->over(src->state);
}

int run_loop_play(struct run_loop *loop)
{
	const struct pool_ops ops = {.handle = handle, .gone = worker_gone,
				     .wait_ms = wait_ms, .woke = woke, .done = over,
				     .wait_mask = &loop->stops.wait_mask};
	int count = 0, rc = 0;

	loop->workers = xcalloc((size_t)loop->concurrency, sizeof *loop->workers);
	loop->parked = xcalloc((size_t)loop->concurrency, sizeof *loop->parked);
	loop->parked_count = 0;
	for (int i = 0; i < loop->concurrency && !rc; i++) {
		loop->job.number = i + 1;
		if ((rc = worker_start(&loop->workers[i], &loop->job, loop->err)))
			break;
		count++;
		rc = dispatch(loop, &loop->workers[i]);
		/* It was told to quit: none is left for another. */
		if (!loop->workers[i].pid)
			break;
	}
	rc = rc ? rc : pool_run(loop->workers, count, &ops, loop, loop->err);
	for (int i = 0; i < count; i++)
		if (loop->workers[i].pid)
			worker_kill(&loop->workers[i]);
	free(loop->workers);
	free(loop->parked);
	loop->workers = NULL;
	loop->parked = NULL;
	return rc;
}
