/*
 * A sandbox's processes stopped, continued and timed through /proc (see
 * procstop.h): a scan follows the children files down from the PID
 * namespace's init, reading each process's stat on the way (its threads,
 * to know whose children to read, and its CPU times).
 */
#include "procstop.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

struct pids {
	pid_t *list;
	size_t count, cap;
};

struct procstop {
	pid_t outer, init;  /* init: 0 until found */
	struct pids stopped;
	int64_t cpu_max;    /* the largest CPU time answered, ns */
};

static void pids_add(struct pids *s, pid_t pid)
{
	if (s->count == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->list = xrealloc(s->list, s->cap * sizeof *s->list);
	}
	s->list[s->count++] = pid;
}

static bool pids_has(const struct pids *s, pid_t pid)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->list[i] == pid)
			return true;
	return false;
}

/* Reads the small file `path` into buf (NUL-ended); its length, or -1. */
static ssize_t read_small(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	do
		n = read(fd, buf, size - 1);
	while (n < 0 && errno == EINTR);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

/* Adds the pids listed in a children file to `out`. */
static void add_children(const char *path, struct pids *out)
{
	char buf[4096], *p = buf, *end;

	if (read_small(path, buf, sizeof buf) <= 0)
		return;
	for (long pid; (pid = strtol(p, &end, 10)) > 0 && end != p; p = end)
		pids_add(out, (pid_t)pid);
}

/* The parent, threads and CPU clock ticks (its own and its reaped
 * children's) of process `pid`, from its stat; false when it is gone. */
static bool read_stat(pid_t pid, pid_t *parent, long *threads, int64_t *ticks)
{
	char path[64], buf[1024], *p;
	unsigned long long utime, stime;
	long long cutime, cstime;
	int ppid;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	/* The command's name, in parentheses, may hold anything. */
	if (read_small(path, buf, sizeof buf) <= 0 || !(p = strrchr(buf, ')')))
		return false;
	if (sscanf(p + 1, " %*c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu "
		   "%lld %lld %*d %*d %ld", &ppid, &utime, &stime, &cutime, &cstime,
		   threads) != 6)
		return false;
	*parent = (pid_t)ppid;
	*ticks = (int64_t)(utime + stime) + cutime + cstime;
	return true;
}

/* Adds the children of every thread of `pid` to `out`. */
static void add_descendants(pid_t pid, long threads, struct pids *out)
{
	char path[96];
	struct dirent *e;
	DIR *dir;

	if (threads == 1) {
		snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid,
			 (int)pid);
		add_children(path, out);
		return;
	}
	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	if (!(dir = opendir(path)))
		return;
	while ((e = readdir(dir)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof path, "/proc/%d/task/%.16s/children",
				 (int)pid, e->d_name);
			add_children(path, out);
		}
	closedir(dir);
}

/* The namespace's init, the outer bwrap's child, once it is there. */
static bool find_init(struct procstop *p)
{
	struct pids kids = { 0 };
	char path[64];

	if (!p->init) {
		snprintf(path, sizeof path, "/proc/%d/task/%d/children",
			 (int)p->outer, (int)p->outer);
		add_children(path, &kids);
		p->init = kids.count ? kids.list[0] : 0;
		free(kids.list);
	}
	return p->init != 0;
}

/* Every process of the sandbox, init first, into `out`; their CPU ticks
 * summed into *ticks.  False when init is gone: a process that is not
 * the outer bwrap's child (which stays unreaped, so its pid is not
 * reused) is not the init any more, whatever its pid. */
static bool scan(struct procstop *p, struct pids *out, int64_t *ticks)
{
	*ticks = 0;
	out->count = 0;
	if (!find_init(p))
		return false;
	pids_add(out, p->init);
	for (size_t i = 0; i < out->count; i++) {
		pid_t parent;
		long threads;
		int64_t t;

		if (!read_stat(out->list[i], &parent, &threads, &t) ||
		    (i == 0 && parent != p->outer)) {
			if (i == 0)
				return false;
			continue;
		}
		*ticks += t;
		add_descendants(out->list[i], threads, out);
	}
	return true;
}

struct procstop *procstop_new(pid_t outer)
{
	struct procstop *p = xcalloc(1, sizeof *p);

	p->outer = outer;
	return p;
}

/* Stops what a scan finds unstopped until a scan finds nothing new: a
 * process stopped (or with SIGSTOP pending) forks no more, and what it
 * forked before is in its children by the next scan. */
static int stop_all(struct procstop *p)
{
	struct pids found = { 0 };
	int64_t ticks;
	int rc = -1;

	for (int round = 0; round < 10000; round++) {
		size_t fresh = 0;

		if (!scan(p, &found, &ticks))
			break;
		for (size_t i = 1; i < found.count; i++)
			if (!pids_has(&p->stopped, found.list[i]) &&
			    kill(found.list[i], SIGSTOP) == 0) {
				pids_add(&p->stopped, found.list[i]);
				fresh++;
			}
		if (!fresh) {
			rc = 0;
			break;
		}
	}
	free(found.list);
	return rc;
}

int procstop_freeze(struct procstop *p, bool frozen)
{
	if (frozen)
		return stop_all(p);
	for (size_t i = 0; i < p->stopped.count; i++)
		kill(p->stopped.list[i], SIGCONT);
	p->stopped.count = 0;
	return 0;
}

int64_t procstop_cpu_ns(struct procstop *p)
{
	static long hz;
	struct pids found = { 0 };
	int64_t ticks, ns;
	bool ok = scan(p, &found, &ticks);

	free(found.list);
	if (!ok)
		return p->cpu_max ? p->cpu_max : -1;
	if (!hz && (hz = sysconf(_SC_CLK_TCK)) <= 0)
		hz = 100;
	ns = ticks * (1000000000 / hz);
	p->cpu_max = ns > p->cpu_max ? ns : p->cpu_max;
	return p->cpu_max;
}

void procstop_free(struct procstop *p)
{
	if (!p)
		return;
	procstop_freeze(p, false);
	free(p->stopped.list);
	free(p);
}
