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

void run_loop_begin(struct run_loop *loop)
{
	pool_stops_begin(&loop->stops, NULL, true);
}

int run_loop_end(struct run_loop *loop)
{
	return pool_stops_end(&loop->stops);
}

void run_loop_signal_text(int sig, char *buf, size_t len)
{
	const char *name = sigabbrev_np(sig);

	if (name)
		snprintf(buf, len, "SIG%s%s", name, sig == SIGINT ? " (Ctrl-C)" : "");
	else
		snprintf(buf, len, "signal %d", sig);
}

/* The pool's: hands worker `w` the source's next table, or has it wait,
 * or tells it to quit. */
static enum pool_next next(struct pool *p, struct pool_child *w)
{
	struct run_loop *loop = p->ctx;
	const struct table_source *src = loop->source;
	struct table_source_table t = {.number = -1};
	enum pool_next rc = src->ops->next(src->state, w->number - 1, &t);

	if (rc == POOL_TASK && worker_assign(w->to, t.number, t.games, t.count, t.pair,
					     t.keyed ? t.deal_key : NULL)) {
		errorf(loop->err, "a worker stopped answering");
		rc = POOL_ERROR;
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

	if (!loop->pool.waiting_count || !src->ops->ready || !src->ops->ready(src->state))
		return 0;
	return pool_hand_waiting(&loop->pool);
}

/* The pool's: a worker's lines, up to "D" (its table done). */
static int output(struct pool *p, struct pool_child *w, bool *done)
{
	struct run_loop *loop = p->ctx;
	const struct table_source *src = loop->source;
	size_t used;
	char *line;
	int rc = 0;

	while (!rc && !*done && (line = pool_line(w, &used))) {
		*done = line[0] == 'D';
		if (!*done)
			rc = src->ops->line(src->state, w->number - 1, line) ? -1
			     : unpark(loop);
		/* Unparked, a waiting worker may end: this one is still there. */
		pool_take(w, used);
	}
	return rc;
}

/* The pool's: worker `w` died, and not of a stop signal. */
static int worker_gone(struct pool *p, struct pool_child *w, int status)
{
	(void)w;
	(void)status;
	return errorf(((struct run_loop *)p->ctx)->err, "a worker died unexpectedly");
}

/* The pool's: how long it may wait before the source's woke() is due. */
static long wait_ms(struct pool *p)
{
	const struct table_source *src = ((struct run_loop *)p->ctx)->source;

	return src->ops->wait_ms ? src->ops->wait_ms(src->state, p->waiting_count) : -1;
}

/* The pool's, after each wait: what the source has due, and the waiting
 * workers handed what it now has. */
static int woke(struct pool *p)
{
	struct run_loop *loop = p->ctx;
	const struct table_source *src = loop->source;

	if (src->ops->woke && src->ops->woke(src->state, p->waiting_count))
		return -1;
	if (unpark(loop))
		return -1;
	if (p->waiting_count && src->ops->still_waiting)
		src->ops->still_waiting(src->state, p->waiting_count);
	return 0;
}

/* The pool's: whether the source needs no more games. */
static bool over(struct pool *p)
{
	const struct table_source *src = ((struct run_loop *)p->ctx)->source;

	return src->ops->over && src->ops->over(src->state);
}

/* The pool's, in the worker: its job, numbered. */
static int child(struct pool *p, int number, int in, int out)
{
	struct run_loop *loop = p->ctx;

	loop->job.number = number;
	worker_main(&loop->job, in, out);
}

int run_loop_play(struct run_loop *loop)
{
	static const struct pool_ops ops = {
		.child = child, .child_stop = worker_stop, .next = next,
		.output = output, .gone = worker_gone, .wait_ms = wait_ms,
		.woke = woke, .done = over};

	loop->pool = (struct pool){.ops = &ops, .ctx = loop, .jobs = loop->concurrency,
				   .err = loop->err, .stops = true};
	return pool_run(&loop->pool);
}
