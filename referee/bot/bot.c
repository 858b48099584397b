/*
 * One bot process once bot_spawn.c has started it, and line I/O with it
 * (see bot.h).  All waiting goes through one poll(2) on the fd of
 * interest, the stderr pipe (drained into a capped log file on every
 * wake-up) and a pidfd, so the death of the bot ends any wait at once
 * even when a grandchild keeps its pipes open (without pidfd_open(), as
 * under valgrind 3.19, a look every 10 ms).  Nobody else may reap a bot:
 * its zombie keeps the process group id from being reused until
 * bot_terminate() has killed the whole group.
 */
#include "bot.h"
#include "bot_private.h"
#include "contain.h"
#include "stderr_marks.h"
#include "base/files.h"
#include "base/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

/* The process groups of the bots started and not yet reaped, for
 * bot_kill_all() in a signal handler: changed only with every signal
 * blocked, so a handler always sees the list whole. */
static pid_t *live_groups;
static size_t live_count, live_cap;

void bot_close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Where the group `pid` is in the list; live_count when it is not. */
static size_t live_index(pid_t pid)
{
	size_t i = 0;

	while (i < live_count && live_groups[i] != pid)
		i++;
	return i;
}

void bot_track(pid_t pid, bool add)
{
	sigset_t all, old;
	size_t i;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	if (add) {
		live_groups = xgrow(live_groups, live_count, &live_cap,
				    sizeof *live_groups);
		live_groups[live_count++] = pid;
	} else if ((i = live_index(pid)) < live_count) {
		live_groups[i] = live_groups[--live_count];
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* The parent of process `pid` as /proc says, or 0. */
static pid_t parent_of(pid_t pid)
{
	char *path = xasprintf("/proc/%d/stat", (int)pid);
	char *stat = files_read_all(path, NULL), *end = stat ? strrchr(stat, ')') : NULL;
	int ppid = 0;

	free(path);
	/* "pid (comm) state ppid ...", where comm may hold anything. */
	if (end && sscanf(end + 1, " %*c %d", &ppid) != 1)
		ppid = 0;
	free(stat);
	return (pid_t)ppid;
}

/* Kills and reaps the children of this process that are not bots: what a
 * bot started in a session of its own (setsid, out of its process group)
 * and left behind, which the kernel hands to this process, a child
 * subreaper, when their parent dies.  Again until none is left, as each
 * one killed hands over its own children. */
static void reap_escaped(void)
{
	pid_t self = getpid();

	for (int round = 0; round < 1000; round++) {
		DIR *proc = opendir("/proc");
		pid_t *found = NULL;
		size_t count = 0;
		struct dirent *d;

		if (!proc)
			return;
		while ((d = readdir(proc))) {
			pid_t pid = (pid_t)atoi(d->d_name);

			if (pid <= 0 || parent_of(pid) != self || live_index(pid) < live_count)
				continue;
			kill(pid, SIGKILL);
			found = xrealloc(found, (count + 1) * sizeof *found);
			found[count++] = pid;
		}
		closedir(proc);
		for (size_t i = 0; i < count; i++)
			while (waitpid(found[i], NULL, 0) < 0 && errno == EINTR)
				;
		free(found);
		if (!count)
			return;
	}
}

void bot_kill_all(void)
{
	for (size_t i = 0; i < live_count; i++)
		kill(-live_groups[i], SIGKILL);
}

static void compact(struct bot *bot);

/* Hands a line to a responder and buffers its reply; a responder that
 * gives none has left. */
static enum bot_status respond(struct bot *bot, const char *line, size_t len)
{
	char *reply = bot->out_eof ? NULL
		      : bot->responder->respond(bot->responder->ctx, line, len);
	size_t n = reply ? strlen(reply) : 0;

	if (!reply) {
		bot->out_eof = bot->exited = bot->reaped = true;
		return BOT_OK; /* the read that follows finds nothing */
	}
	compact(bot);
	if (bot->len + n + 1 > bot->cap) {
		bot->cap = bot->len + n + 1;
		bot->buf = xrealloc(bot->buf, bot->cap);
	}
	memcpy(bot->buf + bot->len, reply, n);
	bot->buf[bot->len + n] = '\n';
	bot->len += n + 1;
	free(reply);
	return BOT_OK;
}

/* Reads and drops what a bot writes to stderr past its limit (or with
 * no log): splice(2) to /dev/null, so that a flood costs no copy.  As
 * read(2) returns. */
static ssize_t drop_stderr(int fd)
{
	static int null_fd = -1;
	char chunk[16384];
	ssize_t n;

	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	n = null_fd < 0 ? -1 : splice(fd, NULL, null_fd, NULL, 1 << 20,
				      SPLICE_F_NONBLOCK);
	if (n < 0 && (errno == EINVAL || errno == EBADF))
		n = read(fd, chunk, sizeof chunk);
	return n;
}

/* Writes the referee's line `line` to the stderr file, on a line of its
 * own that starts with STDERR_REFEREE (not counted against max_stderr). */
static void write_note(struct bot *bot, const char *line)
{
	struct bot_stderr_count *c = bot->count;

	/* One write: a note comes at each move of a bot that writes to
	 * stderr, and at each game's start and end. */
	char *note = xasprintf("%s%c%s\n", c->kept && c->last != '\n' ? "\n" : "",
			       STDERR_REFEREE, line);

	files_write_all(bot->log_fd, note, strlen(note));
	free(note);
	c->last = '\n';
}

/* Reads one chunk of stderr into the log, keeping at most max_stderr
 * bytes for the bot across its processes.  Returns false when there was
 * nothing to read. */
static bool drain_stderr(struct bot *bot)
{
	struct bot_stderr_count *c = bot->count;
	bool dropping = bot->log_fd < 0 || c->cut;
	char chunk[16384];
	size_t keep;
	ssize_t n;

	if (bot->err_fd < 0)
		return false;
	n = dropping ? drop_stderr(bot->err_fd)
		     : read(bot->err_fd, chunk, sizeof chunk);
	if (n < 0 && errno == EINTR)
		return true;
	if (n <= 0) {
		if (n == 0 || errno != EAGAIN)
			bot_close_fd(&bot->err_fd);
		return false;
	}
	if (dropping)
		return true;
	keep = bot->limits.max_stderr - c->kept;
	if (keep > (size_t)n)
		keep = (size_t)n;
	if (keep && bot->due_mark[0]) {
		write_note(bot, bot->due_mark);
		bot->due_mark[0] = '\0';
	}
	if (keep) {
		/* The referee's byte is the referee's alone (stderr_marks.h). */
		for (char *p = memchr(chunk, STDERR_REFEREE, keep); p;
		     p = memchr(p + 1, STDERR_REFEREE, keep - (size_t)(p + 1 - chunk)))
			*p = STDERR_SUBSTITUTE;
		files_write_all(bot->log_fd, chunk, keep);
		c->kept += keep;
		c->last = chunk[keep - 1];
	}
	if (keep < (size_t)n) {
		char marker[80];
		int m = snprintf(marker, sizeof marker,
				 "%s[stderr truncated after %zu bytes]\n",
				 c->kept && c->last != '\n' ? "\n" : "", c->kept);

		files_write_all(bot->log_fd, marker, (size_t)m);
		c->cut = true;
	}
	return true;
}

/* What the bot has written to stderr so far, into the log: up to 64
 * chunks, so that a bot that floods it cannot hold the referee here. */
static void drain_pending(struct bot *bot)
{
	for (int i = 0; i < 64 && drain_stderr(bot); i++)
		;
}

void bot_stderr_note(struct bot *bot, const char *line, bool after)
{
	if (after)
		drain_pending(bot);
	if (bot->log_fd >= 0 && !bot->count->cut)
		write_note(bot, line);
	bot->due_mark[0] = '\0'; /* a move of the game before */
}

/* One look at both pipes (a poll that does not wait): stderr drained
 * when it has bytes; whether stdout has, in bot->out_ready. */
static void look(struct bot *bot)
{
	struct pollfd p[2] = { { bot->out_eof || bot->responder ? -1 : bot->out_fd, POLLIN, 0 },
			       { bot->err_fd, POLLIN, 0 } };

	if (poll(p, 2, 0) < 0) {
		bot->out_ready = -1;
		return;
	}
	if (p[1].revents)
		drain_pending(bot);
	bot->out_ready = p[0].revents != 0;
}

void bot_stderr_mark(struct bot *bot, const char *fmt, ...)
{
	va_list ap;

	look(bot);
	va_start(ap, fmt);
	vsnprintf(bot->due_mark, sizeof bot->due_mark, fmt, ap);
	va_end(ap);
}

/* Records how the bot ended, if it has, without reaping it. */
static bool peek_exit(struct bot *bot)
{
	siginfo_t si = { 0 };

	if (waitid(P_PID, (id_t)bot->pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0 ||
	    si.si_pid != bot->pid)
		return false;
	bot->exit_code = si.si_code;
	bot->exit_status = si.si_status;
	return true;
}

/* How long the deadline cannot pass yet, in ns; 0 with *late set to the
 * timeout when it has passed.  A group given `cpus` CPUs (all of them
 * when 0) uses at most that many seconds of CPU a second, so its budget
 * cannot run out before what is left of it divided by them: the wait is
 * that long (at least a millisecond) and the clock is read again then. */
static int64_t time_left(struct bot *bot, const struct bot_deadline *d,
			 enum bot_status *late)
{
	int64_t now = now_ns(), left = d->wall_ns - now, cpu_left, bound;
	long cpus;

	if (left <= 0) {
		*late = BOT_TIMEOUT;
		return 0;
	}
	if (!d->cpu_ns || !bot->group)
		return left;
	cpus = bot->limits.cpus ? (long)bot->limits.cpus : sysconf(_SC_NPROCESSORS_ONLN);
	cpus = cpus > 0 ? cpus : 1;
	/* The kernel is asked only when it could be late. */
	bound = (now - bot->running_since) * cpus;
	cpu_left = d->cpu_ns - (bound < d->cpu_ns ? bound : contain_cpu_ns(bot->group) -
							   bot->cpu_mark);
	if (cpu_left <= 0) {
		*late = BOT_CPU_TIMEOUT;
		return 0;
	}
	cpu_left /= cpus;
	cpu_left = cpu_left < 1000000 ? 1000000 : cpu_left;
	return cpu_left < left ? cpu_left : left;
}

/* How long a poll waits for `left` ns (0 when not positive), in ms:
 * 10 at most without a pidfd. */
static int poll_ms(const struct bot *bot, int64_t left)
{
	int64_t ms = left <= 0 ? 0 : left / 1000000 + (left % 1000000 != 0);

	if (bot->pidfd < 0 && ms > 10)
		ms = 10;
	return ms > INT_MAX ? INT_MAX : (int)ms;
}

/* Whether the referee counts the bot's memory itself: the fallback's,
 * as a control group's kernel does that. */
static bool memory_counted(const struct bot *bot)
{
	return bot->group && bot->limits.memory &&
	       contain_kind() == CONTAIN_FALLBACK;
}

/* The fallback's count of what a running bot's processes hold together,
 * once every BOT_MEMORY_EVERY_MS at most (the kernel keeps no sum
 * without a control group): over its memory, it is killed. */
static void memory_read(struct bot *bot)
{
	int64_t now = now_ns();

	if (!memory_counted(bot) || bot->killed != BOT_OK || now < bot->memory_at)
		return;
	bot->memory_at = now + BOT_MEMORY_EVERY_MS * 1000000LL;
	if (contain_memory_over(bot->group))
		bot->killed = BOT_MEMORY_HELD;
}

/* Waits until fd (may be -1) has `events`, the bot exits (BOT_CLOSED) or
 * the deadline passes (BOT_TIMEOUT or BOT_CPU_TIMEOUT), draining stderr
 * meanwhile.  Polls at least once, so a past deadline still sees what is
 * ready now.  Without a pidfd (Linux < 5.3, or valgrind 3.19) it looks at
 * the process every 10 ms. */
static enum bot_status wait_for(struct bot *bot, int fd, short events,
				const struct bot_deadline *d)
{
	for (;;) {
		struct pollfd p[5] = { { fd, events, 0 },
				       { bot->err_fd, POLLIN, 0 },
				       { bot->pidfd, POLLIN, 0 } };
		/* The group's event files too, so that the reply's check
		 * of a breach needs no poll of its own. */
		int watched = fd >= 0 && bot->group ? contain_event_fds(bot->group, p + 3) : 0;
		enum bot_status late = BOT_OK;
		int64_t left = time_left(bot, d, &late), later;
		int n;

		/* The other bots' freezes put off are made meanwhile, and
		 * the memory of this one read. */
		later = bot_freeze_due_ns();
		if (left > 0 && later >= 0 && later < left)
			left = later;
		if (fd >= 0 && memory_counted(bot) && left > bot->memory_at - now_ns())
			left = bot->memory_at - now_ns();
		n = poll(p, (nfds_t)(3 + watched), poll_ms(bot, left));
		bot_freeze_run();
		if (n >= 0 && watched) {
			bot->events_polled = true;
			bot->events_signalled |= p[3].revents || (watched > 1 && p[4].revents);
		}
		if (fd >= 0)
			memory_read(bot);
		if (n < 0 && errno != EINTR)
			return BOT_IO_ERROR;
		if (n > 0 && p[1].revents)
			drain_stderr(bot);
		if ((n > 0 && p[2].revents) ||
		    (bot->pidfd < 0 && !bot->exited && peek_exit(bot)))
			bot->exited = true;
		if (n > 0 && p[0].revents)
			return BOT_OK;
		if (bot->exited)
			return BOT_CLOSED;
		if (bot->killed != BOT_OK)
			return bot->killed;
		if (late != BOT_OK)
			return late;
	}
}

/* `status`, unless the bot's group went past a limit, or fought its
 * freeze: then that. */
static enum bot_status over_limit(struct bot *bot, enum bot_status status)
{
	bool polled = bot->events_polled && status == BOT_OK;
	enum cgroup_breach breach;

	if (bot->killed != BOT_OK)
		return bot->killed;
	/* A fault is looked into; a reply only when the kernel said (in the
	 * wait for it, else in a poll now). */
	breach = !bot->group ? CGROUP_WITHIN
		 : polled ? contain_breach_polled(bot->group, bot->events_signalled)
		 : contain_breach(bot->group, status == BOT_OK);
	bot->events_polled = bot->events_signalled = false;
	switch (breach) {
	case CGROUP_OUT_OF_MEMORY:
		return BOT_OUT_OF_MEMORY;
	case CGROUP_TOO_MANY_PROCESSES:
		return BOT_TOO_MANY_PROCESSES;
	case CGROUP_WITHIN:
		break;
	}
	return status;
}

/* A reply line was read: what it cost is read from the group's clock,
 * and it counts only when that is within the CPU time of `d`: the clock
 * is the rule, whatever came through the pipe. */
static enum bot_status replied(struct bot *bot, const struct bot_deadline *d)
{
	int64_t cpu;

	if (!bot->group)
		return BOT_OK;
	bot->due -= bot->due > 0;
	cpu = contain_cpu_ns(bot->group);
	bot->reply_cpu = cpu > bot->cpu_mark ? cpu - bot->cpu_mark : 0;
	bot->cpu_mark = cpu > bot->cpu_mark ? cpu : bot->cpu_mark;
	bot->running_since = now_ns();
	memory_read(bot);
	if (d->cpu_ns && bot->reply_cpu > d->cpu_ns)
		return over_limit(bot, BOT_CPU_TIMEOUT);
	return over_limit(bot, BOT_OK);
}

enum bot_status bot_write_lines(struct bot *bot, const struct iovec *lines,
				int count, int64_t deadline_ns)
{
	struct iovec iov[2 * BOT_LINES_MOST];
	const struct bot_deadline d = { deadline_ns, 0 };
	int i = 0, parts = 2 * count;

	bot->out_ready = -1;
	if (bot->responder) {
		enum bot_status st = BOT_OK;

		for (int k = 0; k < count && st == BOT_OK; k++)
			st = respond(bot, lines[k].iov_base, lines[k].iov_len);
		return st;
	}
	if (bot->killed != BOT_OK)
		return bot->killed;
	if (bot->in_fd < 0)
		return BOT_CLOSED;
	/* A pondering bot's thoughts between moves are its own. */
	if (bot->group && !bot->due && bot->limits.ponder)
		bot->cpu_mark = contain_cpu_ns(bot->group);
	for (int k = 0; k < count; k++) {
		iov[2 * k] = lines[k];
		iov[2 * k + 1] = (struct iovec){ "\n", 1 };
	}
	while (i < parts) {
		ssize_t n = writev(bot->in_fd, iov + i, parts - i);

		if (n < 0 && errno == EAGAIN) {
			enum bot_status st;

			bot_thaw(bot); /* to drain its pipe */
			if ((st = wait_for(bot, bot->in_fd, POLLOUT, &d)) != BOT_OK)
				return over_limit(bot, st);
		} else if (n < 0 && errno != EINTR) {
			return over_limit(bot, errno == EPIPE ? BOT_CLOSED
							      : BOT_IO_ERROR);
		} else if (n >= 0) {
			for (; i < parts && (size_t)n >= iov[i].iov_len; i++)
				n -= (ssize_t)iov[i].iov_len;
			if (i < parts) {
				iov[i].iov_base = (char *)iov[i].iov_base + n;
				iov[i].iov_len -= (size_t)n;
			}
		}
	}
	/* Thawed after the write, so that it wakes once, to its lines. */
	if (bot->group && (bot->due += count) == count) {
		bot_thaw(bot);
		bot->running_since = now_ns();
	}
	return BOT_OK;
}

/* Drops the bytes of lines already returned. */
static void compact(struct bot *bot)
{
	memmove(bot->buf, bot->buf + bot->start, bot->len - bot->start);
	bot->len -= bot->start;
	bot->scan -= bot->start;
	bot->start = 0;
}

/* One non-blocking read of stdout into the buffer, grown up to
 * max_line + 1 bytes.  Returns read(2)'s result. */
static ssize_t fill(struct bot *bot)
{
	ssize_t n;

	if (bot->len == bot->cap) {
		size_t most = bot->limits.max_line + 1;

		bot->cap = bot->cap > most / 2 ? most : 2 * bot->cap;
		bot->buf = xrealloc(bot->buf, bot->cap);
	}
	do
		n = read(bot->out_fd, bot->buf + bot->len, bot->cap - bot->len);
	while (n < 0 && errno == EINTR);
	if (n > 0)
		bot->len += (size_t)n;
	else if (n == 0)
		bot->out_eof = true;
	return n;
}

enum bot_status bot_read_line(struct bot *bot, const struct bot_deadline *deadline,
			      const char **line, size_t *len)
{
	enum bot_status st;

	compact(bot);
	for (;;) {
		char *nl = memchr(bot->buf + bot->scan, '\n', bot->len - bot->scan);

		if (nl) {
			*nl = '\0';
			*line = bot->buf;
			*len = (size_t)(nl - bot->buf);
			bot->start = bot->scan = *len + 1;
			return replied(bot, deadline);
		}
		bot->scan = bot->len;
		if (bot->len > bot->limits.max_line)
			return BOT_TOO_LONG;
		if (bot->out_eof || bot->responder)
			return over_limit(bot, BOT_CLOSED);
		/* Waited for before it is read: a line is asked for right
		 * after its turn was written, when a read would find nothing
		 * (a read that finds nothing costs a system call a move). */
		st = wait_for(bot, bot->out_fd, POLLIN, deadline);
		if (st != BOT_OK && st != BOT_CLOSED)
			return over_limit(bot, st);
		if (fill(bot) >= 0)
			continue;
		if (errno != EAGAIN)
			return BOT_IO_ERROR;
		/* The pipe is empty: if the bot is gone, no line will come. */
		if (bot->exited)
			return over_limit(bot, BOT_CLOSED);
	}
}

int64_t bot_reply_cpu_ns(const struct bot *bot)
{
	return bot->reply_cpu;
}

bool bot_has_unsolicited_output(struct bot *bot)
{
	bool looked = bot->out_ready >= 0, ready = bot->out_ready > 0;

	bot->out_ready = -1;
	compact(bot);
	if (bot->len > 0)
		return true;
	/* Nothing was there at the mark: no read to find nothing again. */
	if (looked && !ready)
		return false;
	return !bot->out_eof && !bot->responder && fill(bot) > 0;
}

void bot_terminate(struct bot *bot, int grace_ms)
{
	if (bot->responder) {
		bot->out_eof = true;
		return;
	}
	if (!bot->reaped) {
		siginfo_t si = { 0 };

		bot_close_fd(&bot->in_fd);
		bot_close_fd(&bot->out_fd);
		bot->out_eof = true;
		bot_thaw(bot); /* a frozen process takes no signal */
		if (!bot->exited) {
			kill(-bot->pid, SIGTERM);
			wait_for(bot, -1, 0, &(struct bot_deadline){
				 now_ns() + (int64_t)grace_ms * 1000000, 0 });
		}
		/* Even when the leader is gone: its group may live on. */
		kill(-bot->pid, SIGKILL);
		bot_track(bot->pid, false);
		while (waitid(P_PID, (id_t)bot->pid, &si, WEXITED) < 0 &&
		       errno == EINTR)
			;
		if (si.si_pid == bot->pid) {
			bot->exit_code = si.si_code;
			bot->exit_status = si.si_status;
		}
		bot->exited = bot->reaped = true;
		if (!bot->limits.sandbox)
			reap_escaped();
		/* Whatever is left of it; gone before the next game starts. */
		bot->outlived = !contain_destroy(bot->group, 2000);
		bot->group = NULL;
	}
	/* What the bot said last matters most; bounded, as something
	 * outside the group may still be writing. */
	drain_pending(bot);
	bot_close_fd(&bot->err_fd);
	bot_close_fd(&bot->pidfd);
	bot_close_fd(&bot->log_fd);
}

void bot_describe_exit(struct bot *bot, int wait_ms, char *buf, size_t len)
{
	if (bot->responder) {
		snprintf(buf, len, "%s", bot->exited ? "resigned (end of input)"
						     : "is still playing");
		return;
	}
	if (!bot->reaped) {
		wait_for(bot, -1, 0, &(struct bot_deadline){
			 now_ns() + (int64_t)wait_ms * 1000000, 0 });
		peek_exit(bot);
	}
	/* bwrap exits with 128 + N when the bot was killed by signal N. */
	if (bot->limits.sandbox && bot->exit_code == CLD_EXITED &&
	    bot->exit_status > 128 && bot->exit_status < 128 + NSIG)
		snprintf(buf, len, "was killed by signal %d (%s)",
			 bot->exit_status - 128, strsignal(bot->exit_status - 128));
	else if (bot->exit_code == CLD_EXITED)
		snprintf(buf, len, "exited with status %d", bot->exit_status);
	else if (bot->exit_code == CLD_KILLED || bot->exit_code == CLD_DUMPED)
		snprintf(buf, len, "was killed by signal %d (%s)",
			 bot->exit_status, strsignal(bot->exit_status));
	else
		snprintf(buf, len, "is still running");
}

bool bot_free(struct bot *bot, int grace_ms)
{
	bool gone;

	if (!bot)
		return true;
	bot_terminate(bot, grace_ms);
	gone = !bot->outlived;
	free(bot->buf);
	free(bot);
	return gone;
}
