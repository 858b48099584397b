/*
 * The pool of workers; see pool.h.
 */
#include "pool.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"

static bool finished(const struct pool_ops *ops, void *ctx)
{
	return ops->done && ops->done(ctx);
}

/* Reads what worker `w` sent and hands each complete line on. */
static int serve(struct worker *w, const struct pool_ops *ops, void *ctx)
{
	/* A signal to the whole group may reach a worker, and end it,
	 * before it reaches the run. */
	if (worker_receive(w))
		return ops->gone(ctx, w, worker_reap(w));
	return worker_lines(w, ctx, ops->handle);
}

/* The workers still running, in `fds` to wait on (their index in `map`). */
static int poll_list(struct worker *workers, int count, struct pollfd *fds, int *map)
{
	int polled = 0;

	for (int i = 0; i < count; i++)
		if (workers[i].pid) {
			fds[polled] = (struct pollfd){.fd = workers[i].from, .events = POLLIN};
			map[polled++] = i;
		}
	return polled;
}

void pool_stops_begin(struct pool_stops *stops, void (*handler)(int))
{
	struct sigaction sa = {.sa_handler = handler};
	sigset_t blocked;

	sigaction(SIGINT, &sa, &stops->old_int);
	sigaction(SIGTERM, &sa, &stops->old_term);
	sigemptyset(&blocked);
	sigaddset(&blocked, SIGINT);
	sigaddset(&blocked, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &blocked, &stops->wait_mask);
}

void pool_stops_end(struct pool_stops *stops)
{
	pthread_sigmask(SIG_SETMASK, &stops->wait_mask, NULL);
	sigaction(SIGINT, &stops->old_int, NULL);
	sigaction(SIGTERM, &stops->old_term, NULL);
}

int pool_run(struct worker *workers, int count, const struct pool_ops *ops,
	     void *ctx, char *err)
{
	struct pollfd *fds = xcalloc((size_t)count, sizeof *fds);
	int *map = xcalloc((size_t)count, sizeof *map);
	int polled, rc = 0;

	/* Counted anew each time: a handler may tell another worker to
	 * quit (a Swiss's waiting workers). */
	while (!rc && !finished(ops, ctx) &&
	       (polled = poll_list(workers, count, fds, map))) {
		long wait_ms = ops->wait_ms ? ops->wait_ms(ctx) : -1;
		struct timespec wait = {.tv_sec = wait_ms / 1000,
					.tv_nsec = wait_ms % 1000 * 1000000};
		int ready = ppoll(fds, (nfds_t)polled, wait_ms >= 0 ? &wait : NULL,
				  ops->wait_mask), failure = errno;

		/* Even when workers are ready: a stop signal may have come
		 * as ppoll() returned them. */
		if (ops->woke && (rc = ops->woke(ctx)))
			break;
		if (ready < 0) {
			if (failure != EINTR)
				rc = errorf(err, "poll: %s", strerror(failure));
			continue;
		}
		/* Every polled entry: `ready` counts them, not where they are. */
		for (int k = 0; k < polled && !rc && !finished(ops, ctx); k++) {
			struct worker *w = &workers[map[k]];

			/* A waiting worker told to quit meanwhile is gone. */
			if (fds[k].revents && w->pid)
				rc = serve(w, ops, ctx);
		}
	}
	free(fds);
	free(map);
	return rc;
}
