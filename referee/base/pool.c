/*
 * The one pool of worker processes, and the stop signals; see pool.h.
 */
#include "pool.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

static volatile sig_atomic_t stop_signal, stops_on;
static void (*stop_leave)(int sig), (*stop_pass)(int sig);

static void on_stop(int sig)
{
	stop_signal = sig;
	if (stop_pass)
		stop_pass(sig);
	if (stop_leave)
		stop_leave(sig);
}

void pool_stops_pass(void (*pass)(int sig))
{
	stop_pass = pass;
}

static void stop_set(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
}

void pool_stops_begin(struct pool_stops *stops, void (*leave)(int sig), bool hold)
{
	struct sigaction sa = {.sa_handler = on_stop, .sa_flags = leave ? SA_RESETHAND : 0};
	sigset_t set;

	stop_signal = 0;
	stop_leave = leave;
	stops_on = 1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, stops ? &stops->old_int : NULL);
	sigaction(SIGTERM, &sa, stops ? &stops->old_term : NULL);
	sigemptyset(&set);
	if (hold)
		stop_set(&set);
	pthread_sigmask(SIG_BLOCK, &set, stops ? &stops->mask : NULL);
}

int pool_stopped(void)
{
	sigset_t pending;

	/* A signal held while a busy pool never waits stays pending. */
	if (stops_on && !stop_signal && !sigpending(&pending))
		stop_signal = sigismember(&pending, SIGTERM) ? SIGTERM
			      : sigismember(&pending, SIGINT) ? SIGINT : 0;
	return stops_on ? stop_signal : 0;
}

int pool_stops_end(struct pool_stops *stops)
{
	int sig;

	pthread_sigmask(SIG_SETMASK, &stops->mask, NULL);
	sig = pool_stopped();
	stops_on = 0;
	stop_pass = NULL;
	sigaction(SIGINT, &stops->old_int, NULL);
	sigaction(SIGTERM, &stops->old_term, NULL);
	return sig;
}

char *pool_line(struct pool_child *c, size_t *used)
{
	char *nl = c->len ? memchr(c->buf, '\n', c->len) : NULL;

	if (!nl)
		return NULL;
	*nl = '\0';
	*used = (size_t)(nl - c->buf) + 1;
	return c->buf;
}

void pool_take(struct pool_child *c, size_t used)
{
	memmove(c->buf, c->buf + used, c->len - used);
	c->len -= used;
}

/* The child's side: set up as the source asks, then its tasks. */
static void __attribute__((noreturn))
child_main(struct pool *p, struct pool_child *c, int in, int out, pid_t parent)
{
	sigset_t mask = p->mask;

	/* A pool's child never outlives the process that runs the pool. */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		_exit(1);
	if (p->ops->child_stop) {
		pool_stops_begin(NULL, p->ops->child_stop, false);
		sigdelset(&mask, SIGINT);
		sigdelset(&mask, SIGTERM);
	}
	/* The caller's mask, not the pool's: a stop reaches the child. */
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
	/* The pool's ends of the pipes, its own and the other children's,
	 * stay with the pool alone, so that each child sees the end of its
	 * tasks when it is told. */
	for (int k = 0; k < c->number - 1; k++)
		if (p->children[k].pid) {
			close(p->children[k].to);
			close(p->children[k].from);
		}
	close(c->to);
	close(c->from);
	_exit(p->ops->child(p, c->number, in, out));
}

static int start(struct pool *p, struct pool_child *c)
{
	int down[2], up[2];
	pid_t parent = getpid();

	if (pipe2(down, O_CLOEXEC) || pipe2(up, O_CLOEXEC))
		return errorf(p->err, "cannot create a pipe: %s", strerror(errno));
	fflush(NULL);  /* nothing buffered may be written twice */
	c->number = (int)(c - p->children) + 1;
	c->to = down[1];
	c->from = up[0];
	c->len = 0;
	c->pid = fork();
	if (c->pid == 0)
		child_main(p, c, down[0], up[1], parent);
	close(down[0]);
	close(up[1]);
	if (c->pid < 0) {
		c->pid = 0;
		close(down[1]);
		close(up[0]);
		return errorf(p->err, "cannot start a worker: %s", strerror(errno));
	}
	p->started++;
	return 0;
}

/* Reaps a child: its exit status, or 128 + the signal that ended it. */
static int reap(struct pool_child *c)
{
	int status = 0;

	close(c->to);
	close(c->from);
	while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
		;
	c->pid = 0;
	c->to = c->from = -1;
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

/* Child c has ended, `told` to or not, with `status`. */
static int ended(struct pool *p, struct pool_child *c, int status, bool told)
{
	/* A signal to the whole group may reach a child, and end it,
	 * before it reaches this process. */
	if (p->stops && (status == 128 + SIGINT || status == 128 + SIGTERM))
		return stop_signal = status - 128;
	return (told && !status) || !p->ops->gone ? 0 : p->ops->gone(p, c, status);
}

/* Hands idle child c its next task, or has it wait, or tells it to end. */
static int hand(struct pool *p, struct pool_child *c)
{
	switch (p->ops->next(p, c)) {
	case POOL_TASK:
		return 0;
	case POOL_WAIT:
		p->waiting[p->waiting_count++] = c;
		return 0;
	case POOL_DONE:  /* its input closed first: it ends */
		return ended(p, c, reap(c), true);
	default:
		return -1;
	}
}

int pool_hand_waiting(struct pool *p)
{
	int count = p->waiting_count, rc = 0;
	struct pool_child **waiting;

	if (!count)
		return 0;
	waiting = xmalloc((size_t)count * sizeof *waiting);
	memcpy(waiting, p->waiting, (size_t)count * sizeof *waiting);
	p->waiting_count = 0;
	for (int i = 0; i < count && !rc; i++)
		rc = hand(p, waiting[i]);
	free(waiting);
	return rc;
}

/* Reads what child c wrote, hands it to the source, and the child its
 * next task once its task is done. */
static int serve(struct pool *p, struct pool_child *c)
{
	bool done = false;
	ssize_t n;
	int rc;

	if (c->cap - c->len < 65536) {
		c->cap = c->cap ? 2 * c->cap : 131072;
		c->buf = xrealloc(c->buf, c->cap);
	}
	n = read(c->from, c->buf + c->len, c->cap - c->len);
	if (n < 0 && errno == EINTR)
		return 0;
	if (n <= 0)
		return ended(p, c, reap(c), false);
	c->len += (size_t)n;
	rc = p->ops->output(p, c, &done);
	return rc ? rc : done ? hand(p, c) : 0;
}

/* Kills a child (SIGTERM first, so that it ends what it started) and
 * reaps it. */
static void kill_child(struct pool_child *c)
{
	int64_t deadline = now_ns() + 1000000000;
	char scrap[4096];
	ssize_t n = 1;

	kill(c->pid, SIGTERM);
	/* Its end of the pipe closes as it exits; SIGKILL if it takes 1 s. */
	while (n && now_ns() < deadline) {
		struct pollfd fd = {.fd = c->from, .events = POLLIN};

		if (poll(&fd, 1, 10) > 0 && (n = read(c->from, scrap, sizeof scrap)) < 0 &&
		    errno != EINTR)
			break;
	}
	kill(c->pid, SIGKILL);
	reap(c);
}

static bool finished(struct pool *p)
{
	return p->ops->done && p->ops->done(p);
}

/* The children still there, in `fds` to wait on (their index in `map`). */
static int poll_list(struct pool *p, struct pollfd *fds, int *map)
{
	int polled = 0;

	for (int i = 0; i < p->started; i++)
		if (p->children[i].pid) {
			fds[polled] = (struct pollfd){.fd = p->children[i].from, .events = POLLIN};
			map[polled++] = i;
		}
	return polled;
}

/* Waits on the children and serves them until none is left, done(), or
 * a non-zero. */
static int serve_all(struct pool *p, const sigset_t *wait_mask)
{
	struct pollfd *fds = xcalloc((size_t)p->jobs, sizeof *fds);
	int *map = xcalloc((size_t)p->jobs, sizeof *map);
	int polled, rc = 0;

	/* Counted anew each time: a task's end may end another child. */
	while (!rc && !finished(p) && (polled = poll_list(p, fds, map))) {
		long wait_ms = p->ops->wait_ms ? p->ops->wait_ms(p) : -1;
		struct timespec wait = {.tv_sec = wait_ms / 1000,
					.tv_nsec = wait_ms % 1000 * 1000000};
		int ready = ppoll(fds, (nfds_t)polled, wait_ms >= 0 ? &wait : NULL,
				  wait_mask), failure = errno;

		/* Even when children are ready: a stop signal may have come
		 * as ppoll() returned them. */
		if ((p->stops && (rc = pool_stopped())) || (p->ops->woke && (rc = p->ops->woke(p))))
			break;
		if (ready < 0) {
			if (failure != EINTR)
				rc = errorf(p->err, "poll: %s", strerror(failure));
			continue;
		}
		/* Every polled entry: `ready` counts them, not where they are. */
		for (int k = 0; k < polled && !rc && !finished(p); k++)
			if (fds[k].revents && p->children[map[k]].pid)
				rc = serve(p, &p->children[map[k]]);
	}
	free(fds);
	free(map);
	return rc;
}

int pool_run(struct pool *p)
{
	sigset_t stops, wait_mask;
	int rc = 0;

	/* Blocked but while the pool waits: each is seen between two tasks. */
	stop_set(&stops);
	pthread_sigmask(SIG_BLOCK, &stops, &p->mask);
	wait_mask = p->mask;
	sigdelset(&wait_mask, SIGINT);
	sigdelset(&wait_mask, SIGTERM);
	p->children = xcalloc((size_t)p->jobs, sizeof *p->children);
	p->waiting = xcalloc((size_t)p->jobs, sizeof *p->waiting);
	p->started = p->waiting_count = 0;
	for (int i = 0; i < p->jobs && !rc; i++) {
		struct pool_child *c = &p->children[i];

		if ((rc = start(p, c)) || (rc = hand(p, c)) || !c->pid)
			break;  /* told to end: no task is left for another */
	}
	rc = rc ? rc : serve_all(p, &wait_mask);
	for (int i = 0; i < p->started; i++) {
		if (p->children[i].pid)
			kill_child(&p->children[i]);
		free(p->children[i].buf);
	}
	free(p->children);
	free(p->waiting);
	p->children = NULL;
	p->waiting = NULL;
	pthread_sigmask(SIG_SETMASK, &p->mask, NULL);
	return rc;
}
