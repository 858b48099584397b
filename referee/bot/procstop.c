/*
 * A sandbox's processes stopped, continued and timed through /proc (see
 * procstop.h): a scan follows the children files down from the PID
 * namespace's init, reading each process's stat on the way (its threads,
 * to know whose children to read, its CPU times and its resident
 * pages).  The files stay open from one scan to the next and are read
 * again from their start (an open of a /proc path costs more than the
 * read): an fd of a
 * process's file names that process, so a pid used again by another
 * process after the first is gone is read from a new fd, never the old.
 */
#include "procstop.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "task_clock.h"

struct pids {
	pid_t *list;
	size_t count, cap;
};

/* An open file of a process: its stat (tid 0), the children of its
 * thread tid, or the stat of its thread -tid. */
struct open_file {
	pid_t pid, tid;
	int fd;
	unsigned scan; /* the last scan that read it */
};

/* A process a scan found: its parent, and whether it runs no more. */
struct seen {
	pid_t pid, parent;
	bool halted, vfork; /* vfork: waiting in vfork for its child */
	bool threads;       /* it has more than one */
};

/* A process the last scan found, for the clock between scans. */
struct known {
	pid_t pid;
	clockid_t clock;  /* its CPU clock */
	int64_t reaped;   /* the clock ticks of the children it reaped */
	int64_t rss;      /* its resident pages */
	long threads;
	int64_t ran;      /* its CPU clock before its stat and children were
			   * last read, ns; -1 when not read before them */
};

struct procstop {
	pid_t outer, init;  /* init: 0 until found, -1 when gone */
	struct pids stopped;
	struct pids queue;  /* the processes a scan has found, in its order */
	struct pids halted; /* those the last stop saw all halted at its end */
	bool pending;       /* the last stop left stops pending */
	int64_t pending_cpu; /* then, the CPU time of its processes, ns; else -1 */
	struct seen *seen;  /* what the last stop's scan found, init first */
	size_t seen_count, seen_cap;
	int64_t cpu_max;    /* the largest CPU time answered, ns */
	struct open_file *files;
	size_t file_count, file_cap;
	unsigned scan;      /* scans made */
	char *buf;          /* what a file said */
	size_t buf_cap;
	struct known *known;
	size_t known_count, known_cap;
	int clock;          /* the sandbox's task clock (task_clock.h), or -1 */
	long last_pid;      /* ns_last_pid before the last scan; -1 */
	int last_pid_fd;
	uint64_t memory;    /* the bytes its processes may hold together; 0 */
	int64_t pss;        /* their share (Pss) when last read, bytes; -1 */
	int64_t pss_rss;    /* their resident bytes then */
	int64_t pss_at;     /* now_ns() from which it may be read again */
};

static void pids_add(struct pids *s, pid_t pid)
{
	s->list = xgrow(s->list, s->count, &s->cap, sizeof *s->list);
	s->list[s->count++] = pid;
}

static bool pids_has(const struct pids *s, pid_t pid)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->list[i] == pid)
			return true;
	return false;
}

static void file_drop(struct procstop *p, size_t i)
{
	close(p->files[i].fd);
	p->files[i] = p->files[--p->file_count];
}

/* The open file of (pid, tid), opened when it is not yet; -1 when the
 * process or thread is gone. */
static int file_fd(struct procstop *p, pid_t pid, pid_t tid)
{
	char path[64];
	int fd;

	for (size_t i = 0; i < p->file_count; i++)
		if (p->files[i].pid == pid && p->files[i].tid == tid) {
			p->files[i].scan = p->scan;
			return p->files[i].fd;
		}
	if (tid > 0)
		snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid,
			 (int)tid);
	else if (tid < 0)
		snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)pid,
			 (int)-tid);
	else
		snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	p->files = xgrow(p->files, p->file_count, &p->file_cap, sizeof *p->files);
	p->files[p->file_count++] = (struct open_file){ pid, tid, fd, p->scan };
	return fd;
}

/* Reads the file of (pid, tid) whole from its start into p->buf
 * (NUL-ended): its length, or -1 when the process or thread is gone (the
 * file is then closed, so that a new one of that pid is opened anew). */
static ssize_t file_read(struct procstop *p, pid_t pid, pid_t tid)
{
	int fd = file_fd(p, pid, tid);
	size_t len = 0, want;
	ssize_t n;

	if (fd < 0)
		return -1;
	do {
		if (p->buf_cap - len < 1024) {
			p->buf_cap = p->buf_cap ? 2 * p->buf_cap : 4096;
			p->buf = xrealloc(p->buf, p->buf_cap);
		}
		want = p->buf_cap - len - 1;
		n = pread(fd, p->buf + len, want, (off_t)len);
		len += n > 0 ? (size_t)n : 0;
		/* A file of /proc gives all it has to a read big enough. */
	} while ((size_t)n == want || (n < 0 && errno == EINTR));
	p->buf[len] = '\0';
	if (n < 0) {
		for (size_t i = 0; i < p->file_count; i++)
			if (p->files[i].fd == fd)
				file_drop(p, i);
		return -1;
	}
	return (ssize_t)len;
}

/* Adds the pids of the children of thread `tid` of `pid` to `out`. */
static void add_children(struct procstop *p, pid_t pid, pid_t tid,
			 struct pids *out)
{
	char *at, *end;

	if (file_read(p, pid, tid) <= 0)
		return;
	at = p->buf;
	for (long kid; (kid = strtol(at, &end, 10)) > 0 && end != at; at = end)
		pids_add(out, (pid_t)kid);
}

/* What a stat says of a process (or of a thread: state only). */
struct stat_of {
	char state;     /* R, S, D, T, t, Z, X... */
	pid_t parent;
	long threads;
	int64_t reaped; /* CPU clock ticks of the children it reaped */
	int64_t rss;    /* resident pages (a process's, not a thread's) */
};

/* Whether process `pid`, in state D, waits in vfork (or clone with
 * CLONE_VFORK, as posix_spawn calls it) for its child to exec or exit:
 * what /proc/PID/syscall says of the call it is blocked in. */
static bool in_vfork(pid_t pid)
{
	char *path = xasprintf("/proc/%d/syscall", (int)pid);
	char *text = files_read_all(path, NULL);
	unsigned long long flags = 0;
	long nr = -1;
	bool said = text && sscanf(text, "%ld %llx", &nr, &flags) >= 1;

	free(path);
	free(text);
	if (!said)
		return false;
#ifdef SYS_vfork
	if (nr == SYS_vfork)
		return true;
#endif
	return nr == SYS_clone && (flags & CLONE_VFORK);
}

/* The stat of process `pid` (its thread -tid when tid < 0); false when
 * it is gone. */
static bool read_stat(struct procstop *p, pid_t pid, pid_t tid,
		      struct stat_of *st)
{
	long long cutime, cstime, rss;
	char *at;
	int ppid;

	/* The command's name, in parentheses, may hold anything. */
	if (file_read(p, pid, tid) <= 0 || !(at = strrchr(p->buf, ')')))
		return false;
	if (sscanf(at + 1, " %c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u "
		   "%lld %lld %*d %*d %ld %*d %*u %*u %lld", &st->state, &ppid,
		   &cutime, &cstime, &st->threads, &rss) != 6)
		return false;
	st->parent = (pid_t)ppid;
	st->reaped = cutime + cstime;
	st->rss = rss;
	return true;
}

/* Stopped for good: a process (or thread) that is stopped or dead runs
 * no more and is in no fork; one with a SIGSTOP pending may still be in
 * one, and finish it (the kernel no longer restarts a fork for a signal
 * sent to one process). */
static bool halted(char state)
{
	return strchr("tTZXx", state) != NULL;
}

/* Adds the children of every thread of `pid` to `out`; false when one of
 * its threads is not halted(). */
static bool add_descendants(struct procstop *p, pid_t pid, long threads,
			    struct pids *out)
{
	char path[64];
	struct dirent *e;
	struct stat_of st;
	bool all = true;
	DIR *dir;

	if (threads == 1) {
		add_children(p, pid, pid, out);
		return true;
	}
	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	if (!(dir = opendir(path)))
		return true;
	while ((e = readdir(dir)))
		if (e->d_name[0] != '.') {
			pid_t tid = (pid_t)atoi(e->d_name);

			add_children(p, pid, tid, out);
			all = all && (!read_stat(p, pid, -tid, &st) ||
				      halted(st.state));
		}
	closedir(dir);
	return all;
}

/* The namespace's init, the outer bwrap's child, once it is there:
 * its stat is opened then, and names it from then on. */
static bool find_init(struct procstop *p)
{
	struct pids kids = { 0 };
	struct stat_of st;

	if (!p->init) {
		add_children(p, p->outer, p->outer, &kids);
		p->init = kids.count ? kids.list[0] : 0;
		free(kids.list);
		/* Not the outer bwrap's child any more: gone. */
		if (p->init && (!read_stat(p, p->init, 0, &st) ||
				st.parent != p->outer))
			p->init = -1;
	}
	return p->init > 0;
}

static void known_add(struct procstop *p, pid_t pid, const struct stat_of *st)
{
	clockid_t clock;

	if (clock_getcpuclockid(pid, &clock))
		return; /* gone: reaped, its time is its parent's */
	p->known = xgrow(p->known, p->known_count, &p->known_cap, sizeof *p->known);
	p->known[p->known_count++] = (struct known){ pid, clock, st->reaped,
						     st->rss, st->threads, -1 };
}

static void seen_add(struct procstop *p, pid_t pid, const struct stat_of *st,
		     bool halted_now)
{
	p->seen = xgrow(p->seen, p->seen_count, &p->seen_cap, sizeof *p->seen);
	p->seen[p->seen_count++] = (struct seen){
		pid, st->parent, halted_now,
		!halted_now && st->state == 'D' && st->threads == 1 && in_vfork(pid),
		st->threads > 1,
	};
}

/* A process waiting in vfork runs no more while its child does not: it
 * is counted as halted when every child it has is (the vfork child among
 * them).  Children follow their parents in p->seen, so a chain of vforks
 * is settled from its end. */
static void settle_vforks(struct procstop *p)
{
	for (size_t i = p->seen_count; i-- > 1;) {
		bool kids_halted = true;

		if (!p->seen[i].vfork)
			continue;
		for (size_t j = i + 1; j < p->seen_count; j++)
			if (p->seen[j].parent == p->seen[i].pid && !p->seen[j].halted)
				kids_halted = false;
		p->seen[i].halted = kids_halted;
	}
}

/* Every process of the sandbox, init first, into p->seen, and
 * into p->known with the children each reaped; *halted_all (may be
 * NULL): whether all, and their threads, were halted() (a
 * process in vfork counted by settle_vforks()).  False when init is gone.
 * Closes the files of what the scan did not find. */
static bool scan(struct procstop *p, bool *halted_all)
{
	struct pids *out = &p->queue;
	bool found, all = true;

	out->count = 0;
	p->seen_count = 0;
	p->known_count = 0;
	p->scan++;
	if ((found = find_init(p)))
		pids_add(out, p->init);
	for (size_t i = 0; i < out->count; i++) {
		struct stat_of st;
		bool threads;

		if (!read_stat(p, out->list[i], 0, &st)) {
			if (i == 0)
				found = false;
			continue;
		}
		known_add(p, out->list[i], &st);
		threads = add_descendants(p, out->list[i], st.threads, out);
		seen_add(p, out->list[i], &st, threads && halted(st.state));
	}
	settle_vforks(p);
	for (size_t i = 0; i < p->seen_count; i++)
		all = all && p->seen[i].halted;
	for (size_t i = p->file_count; i-- > 0;)
		if (p->files[i].scan != p->scan)
			file_drop(p, i);
	if (!found)
		p->known_count = 0;
	if (halted_all)
		*halted_all = all;
	return found;
}

struct procstop *procstop_new(pid_t outer, uint64_t memory, int clock)
{
	struct procstop *p = xcalloc(1, sizeof *p);

	p->outer = outer;
	p->clock = clock;
	p->memory = memory;
	p->pss = -1;
	p->last_pid = -1;
	p->pending_cpu = -1;
	p->last_pid_fd = open("/proc/sys/kernel/ns_last_pid", O_RDONLY | O_CLOEXEC);
	return p;
}

/* The last pid the kernel gave a process or thread, anywhere below this
 * process's PID namespace (the sandbox's included); -1 when unknown. */
static long last_pid(struct procstop *p)
{
	char buf[32];
	ssize_t n;

	if (p->last_pid_fd < 0)
		return -1;
	do
		n = pread(p->last_pid_fd, buf, sizeof buf - 1, 0);
	while (n < 0 && errno == EINTR);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return strtol(buf, NULL, 10);
}

static bool known_cpu_ns(const struct procstop *p, bool all, int64_t *ns);

/* The CPU time of the sandbox's processes for the rule on a stop left
 * pending (PROCSTOP_RUN_MS): the task clock's, which counts the
 * children the kernel reaped too, or that of those the last scan
 * found. */
static bool pending_cpu_ns(const struct procstop *p, int64_t *ns)
{
	if (p->clock >= 0 && (*ns = task_clock_ns(p->clock)) >= 0)
		return true;
	return known_cpu_ns(p, false, ns);
}

static bool ran_off_move(struct procstop *p);
static bool held_over(struct procstop *p);

/* Sends SIGSTOP to process `pid`, to each of its threads when it has
 * several: the kernel hands a process's signal to its main thread
 * first, and one waiting in vfork takes it but can neither stop nor
 * tell the others to until it returns: its other threads ran on, every
 * stop.  False when it is gone. */
static bool stop_process(pid_t pid, bool threads)
{
	char path[64];
	struct dirent *e;
	bool sent = false;
	DIR *dir;

	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	if (!threads || !(dir = opendir(path)))
		return kill(pid, SIGSTOP) == 0;
	while ((e = readdir(dir)))
		if (e->d_name[0] != '.' &&
		    syscall(SYS_tgkill, pid, atoi(e->d_name), SIGSTOP) == 0)
			sent = true;
	closedir(dir);
	return sent;
}

/* The first and the longest sleep between looks at stops still to land:
 * doubled from one to the next.  A loaded machine lands a stop in a
 * millisecond or so, and a scan costs some 20 us of the referee's CPU
 * (two stat files for a bot of one process): scanned every 50 us, a
 * stop took 9 scans. */
#define LAND_FIRST_NS 50000
#define LAND_MOST_NS 1000000

/* Waits until every process the last scan found not halted() is seen
 * halted, the sleep *wait (LAND_FIRST_NS at first) has grown to
 * LAND_MOST_NS, or `give_up`: one stat a process and no children, where
 * a scan reads both for all.  Only a wait: the scans after it decide (a
 * process of threads, say, is seen by its first thread's state, and one
 * in vfork is left to its children), and one that never stops (a
 * thread in D) leaves them a scan every LAND_MOST_NS. */
static void wait_landed(struct procstop *p, int64_t give_up, long *wait)
{
	for (;;) {
		struct timespec t = { 0, *wait };
		bool all = true, longest = *wait == LAND_MOST_NS;

		nanosleep(&t, NULL);
		*wait = 2 * *wait > LAND_MOST_NS ? LAND_MOST_NS : 2 * *wait;
		for (size_t i = 0; all && i < p->seen_count; i++) {
			struct seen *s = &p->seen[i];
			struct stat_of st;

			if (!s->halted && !s->vfork)
				s->halted = !read_stat(p, s->pid, 0, &st) ||
					    halted(st.state);
			all = s->halted || s->vfork;
		}
		if (all || longest || now_ns() >= give_up)
			return;
	}
}

/* Stops every process a scan finds running, until two scans in a row
 * find nothing new and every process halted(), or the bound passes (why
 * that holds against a fork: procstop.h), waiting between scans for the
 * stops to land (wait_landed()).  A process found running after its
 * SIGSTOP is sent another; one found stopped and then running again was
 * continued by something (nothing of the bot may send SIGCONT): the bot
 * fights its stop, FREEZE_FOUGHT.  The bound passed with stops still
 * pending is FREEZE_DONE: a process the scheduler has not run since its
 * SIGSTOP stops when it next runs, which on a busy machine can take
 * longer, and waiting would stall every table (a stop again goes on with
 * it).  FREEZE_FAILED when the init is gone. */
static enum freeze_result stop_all(struct procstop *p)
{
	int64_t give_up = now_ns() + (p->pending ? PROCSTOP_RETRY_MS
					: PROCSTOP_BOUND_MS) * 1000000LL;
	struct pids was_halted = { 0 };
	long wait = LAND_FIRST_NS;
	int quiet = 0;
	enum freeze_result rc = FREEZE_DONE;

	/* Again, after a stop left pending: first whether they ran since. */
	if (p->pending && ran_off_move(p))
		return FREEZE_FOUGHT;

	do { /* scanned once at least, whatever the time */
		size_t fresh = 0;
		bool all;

		if (!scan(p, &all))
			rc = FREEZE_FAILED;
		for (size_t i = 0; !rc && i < p->seen_count; i++) {
			pid_t pid = p->seen[i].pid;

			if (p->seen[i].halted) {
				if (!pids_has(&was_halted, pid))
					pids_add(&was_halted, pid);
			} else if (pids_has(&was_halted, pid)) {
				rc = FREEZE_FOUGHT;
			}
			/* Stopped again when found running. */
			if (!pids_has(&p->stopped, pid)) {
				if (stop_process(pid, p->seen[i].threads)) {
					pids_add(&p->stopped, pid);
					fresh++;
				}
			} else if (!p->seen[i].halted) {
				stop_process(pid, p->seen[i].threads);
			}
		}
		quiet = !fresh && all ? quiet + 1 : 0;
		/* What the thaw (or a stop again) checks: that those the last
		 * scan saw halted did not run again; and, the stop left
		 * pending, that the others used no more than it takes to stop
		 * (PROCSTOP_RUN_MS). */
		p->halted.count = 0;
		for (size_t i = 0; !rc && i < p->seen_count; i++)
			if (p->seen[i].halted)
				pids_add(&p->halted, p->seen[i].pid);
		if (!all && !rc)
			wait_landed(p, give_up, &wait);
	} while (quiet < 2 && !rc && now_ns() < give_up);
	free(was_halted.list);
	p->last_pid = -1; /* the clock scans again */
	p->pending = rc == 0 && quiet < 2;
	if (rc)
		p->halted.count = 0;
	if (!p->pending || !pending_cpu_ns(p, &p->pending_cpu))
		p->pending_cpu = -1;
	return rc;
}

/* Before a thaw (or a stop again, after one left pending): whether a
 * process the stop left halted runs again, continued off move by
 * something (a stop inside a scan sees only what happens while it
 * scans; this sees the whole time off move); or, the stop left pending,
 * whether its processes used more than PROCSTOP_RUN_MS of CPU since (a
 * child a fork finished after the stop, which runs free until the next
 * stop finds it, counted too). */
static bool ran_off_move(struct procstop *p)
{
	bool ran = false;
	int64_t ns;

	if (!p->halted.count && p->pending_cpu < 0)
		return false;
	/* The scan serves the clock too, as procstop_cpu_ns()'s own does:
	 * its first read after the thaw need not scan again. */
	p->last_pid = last_pid(p);
	scan(p, NULL);
	for (size_t i = 0; !ran && i < p->seen_count; i++)
		ran = !p->seen[i].halted && pids_has(&p->halted, p->seen[i].pid);
	if (!ran && p->pending_cpu >= 0 && pending_cpu_ns(p, &ns))
		ran = ns - p->pending_cpu > PROCSTOP_RUN_MS * 1000000LL;
	p->halted.count = 0;
	p->pending_cpu = -1;
	return ran;
}

enum freeze_result procstop_freeze(struct procstop *p, bool frozen)
{
	enum freeze_result rc = frozen ? stop_all(p)
				: ran_off_move(p) ? FREEZE_FOUGHT : FREEZE_DONE;

	/* What they hold, by the stop's own last scan. */
	if (frozen && rc == FREEZE_DONE && held_over(p))
		rc = FREEZE_MEMORY_HELD;
	if (rc == FREEZE_FOUGHT || rc == FREEZE_MEMORY_HELD) {
		procstop_kill(p, 0);
		return rc;
	}
	/* A stop that failed continues what it stopped: the bot is not
	 * frozen, whole, and its next thaw will not be asked for. */
	if (frozen && rc == FREEZE_DONE)
		return FREEZE_DONE;
	for (size_t i = 0; i < p->stopped.count; i++)
		kill(p->stopped.list[i], SIGCONT);
	p->stopped.count = 0;
	/* Continued, nothing is pending: the next stop is a first one, with
	 * the whole bound. */
	p->pending = false;
	return rc;
}

/* Waits up to `wait_ms` for the init, killed, to be gone or a zombie,
 * reading its stat every millisecond (without a pidfd: Linux < 5.3, or
 * valgrind). */
static bool init_gone(struct procstop *p, int wait_ms)
{
	const struct timespec tick = { 0, 1000000 };
	int64_t give_up = now_ns() + (int64_t)wait_ms * 1000000;
	struct stat_of st;

	for (;;) {
		if (!read_stat(p, p->init, 0, &st) || strchr("ZXx", st.state))
			return true;
		if (now_ns() >= give_up)
			return false;
		nanosleep(&tick, NULL);
	}
}

bool procstop_kill(struct procstop *p, int wait_ms)
{
	struct pollfd ended = { -1, POLLIN, 0 };
	int n;

	if (!find_init(p))
		return true;
	/* The namespace's init gone, the kernel kills every process in it;
	 * the init's pidfd is readable, and the init a zombie, only once
	 * they are all gone. */
	ended.fd = (int)syscall(SYS_pidfd_open, p->init, 0);
	if (ended.fd < 0 && errno == ESRCH)
		return true;
	kill(p->init, SIGKILL);
	if (ended.fd < 0)
		return init_gone(p, wait_ms);
	do
		n = poll(&ended, 1, wait_ms);
	while (n < 0 && errno == EINTR);
	close(ended.fd);
	return n == 1;
}

bool procstop_pending(const struct procstop *p)
{
	return p->pending;
}

/* The CPU time of the processes the last scan found, in ns, with what
 * they had reaped then.  A process gone since is left out when `all` is
 * false (its time is its reaper's, read by a later scan); else it makes
 * the answer false. */
static bool known_cpu_ns(const struct procstop *p, bool all, int64_t *ns)
{
	static long hz;
	struct timespec t;

	if (!hz && (hz = sysconf(_SC_CLK_TCK)) <= 0)
		hz = 100;
	*ns = 0;
	for (size_t i = 0; i < p->known_count; i++) {
		if (clock_gettime(p->known[i].clock, &t)) {
			if (all)
				return false;
			continue;
		}
		*ns += (int64_t)t.tv_sec * 1000000000 + t.tv_nsec +
		       p->known[i].reaped * (1000000000 / hz);
	}
	return p->known_count > 0;
}

/* Whether the processes the last scan found are still all there is,
 * without a scan: the kernel gave out pids since, maybe to other
 * processes of the machine (ns_last_pid counts the referee's PID
 * namespace: the bot's own counter can be read only from inside it).
 * A process whose CPU clock has not moved since its stat was read ran
 * no code: it forked and reaped nothing, so only the stat of those that
 * ran is read again (the children each reaped); the children files of
 * all, where an orphan lands, must list no process but known ones.
 * False (a scan is due) when one is gone, has threads, or has a child
 * the scan did not find. */
static bool known_refresh(struct procstop *p)
{
	struct pids kids = { 0 };
	bool same = p->known_count > 0;

	for (size_t i = 0; same && i < p->known_count; i++) {
		struct known *k = &p->known[i];
		struct stat_of st;
		struct timespec t;
		int64_t ran;

		if (!(same = k->threads == 1 && !clock_gettime(k->clock, &t)))
			continue;
		if ((ran = (int64_t)t.tv_sec * 1000000000 + t.tv_nsec) == k->ran)
			continue;
		same = read_stat(p, k->pid, 0, &st) && st.threads == 1;
		k->reaped = same ? st.reaped : k->reaped;
		k->rss = same ? st.rss : k->rss;
		k->ran = ran;
	}
	for (size_t i = 0; same && i < p->known_count; i++) {
		same = p->known[i].threads == 1 && p->known[i].ran >= 0;
		kids.count = 0;
		if (same)
			add_children(p, p->known[i].pid, p->known[i].pid, &kids);
		for (size_t j = 0; same && j < kids.count; j++) {
			same = false;
			for (size_t k = 0; !same && k < p->known_count; k++)
				same = p->known[k].pid == kids.list[j];
		}
	}
	free(kids.list);
	return same;
}

int64_t procstop_cpu_ns(struct procstop *p)
{
	long last;
	int64_t ns = p->clock >= 0 ? task_clock_ns(p->clock) : -1;
	bool ok;

	if (ns >= 0) {
		p->cpu_max = ns > p->cpu_max ? ns : p->cpu_max;
		return p->cpu_max;
	}
	/* Nothing born since the last scan, nothing of it gone: what it
	 * found is all there is. */
	last = last_pid(p);
	ok = last >= 0 && last == p->last_pid && known_cpu_ns(p, true, &ns);
	if (!ok && last >= 0 && known_refresh(p)) {
		p->last_pid = last;
		ok = known_cpu_ns(p, true, &ns);
	}
	if (!ok) {
		p->last_pid = last;
		ok = scan(p, NULL) && known_cpu_ns(p, false, &ns);
	}
	if (!ok)
		return p->cpu_max ? p->cpu_max : -1;
	p->cpu_max = ns > p->cpu_max ? ns : p->cpu_max;
	return p->cpu_max;
}

/* The proportional share of memory (Pss, in bytes) of the processes
 * the last scan found, from their smaps_rollup: a page that n processes
 * map counts 1/n in each, so each page counts once in all (the pages a
 * fork shares too); -1 when no process's could be read.  Read only when
 * their resident pages, which count a shared page in each, are over
 * the limit: the kernel walks a process's page tables to make it. */
static int64_t known_pss_bytes(const struct procstop *p)
{
	int64_t sum = -1;

	for (size_t i = 0; i < p->known_count; i++) {
		char *path = xasprintf("/proc/%d/smaps_rollup", (int)p->known[i].pid);
		char *text = files_read_all(path, NULL), *at;
		long long kb;

		/* A process gone (no file) took its memory with it. */
		if (text && (at = strstr(text, "\nPss:")) && sscanf(at + 5, "%lld", &kb) == 1)
			sum = (sum < 0 ? 0 : sum) + kb * 1024;
		free(path);
		free(text);
	}
	return sum;
}

/* How many times the time its last read took the share waits to be read
 * again: it costs the referee 1/PSS_SPACING of its time at most. */
#define PSS_SPACING 20

/* Whether the processes the last scan found hold more than p->memory
 * together: their resident pages first, a bound read with the stat the
 * scan reads anyway; over it, their proportional share, which counts a
 * page shared between them once.  The share costs a walk of their page
 * tables (milliseconds for 100 MiB): until PSS_SPACING times its last
 * read's time has passed, the last share stands while their resident
 * pages have grown by no more than the room it left. */
static bool held_over(struct procstop *p)
{
	static long page;
	int64_t pages = 0, rss, start;

	if (!p->memory || !p->known_count)
		return false;
	if (!page && (page = sysconf(_SC_PAGESIZE)) <= 0)
		page = 4096;
	for (size_t i = 0; i < p->known_count; i++)
		pages += p->known[i].rss;
	if ((uint64_t)(rss = pages * page) <= p->memory)
		return false;
	start = now_ns();
	if (p->pss >= 0 && start < p->pss_at &&
	    rss - p->pss_rss <= (int64_t)p->memory - p->pss)
		return false;
	p->pss = known_pss_bytes(p);
	p->pss_rss = rss;
	p->pss_at = now_ns() + PSS_SPACING * (now_ns() - start);
	return p->pss < 0 || (uint64_t)p->pss > p->memory;
}

bool procstop_memory_over(struct procstop *p)
{
	long last = last_pid(p);
	bool same = last >= 0 && last == p->last_pid && p->known_count;

	if (!p->memory)
		return false;
	/* Nothing born since the last scan: its processes' stat alone. */
	for (size_t i = 0; same && i < p->known_count; i++) {
		struct stat_of st;

		if ((same = read_stat(p, p->known[i].pid, 0, &st))) {
			p->known[i].rss = st.rss;
			p->known[i].reaped = st.reaped;
		}
	}
	if (!same) {
		p->last_pid = last;
		scan(p, NULL);
	}
	if (!held_over(p))
		return false;
	procstop_kill(p, 0);
	return true;
}

void procstop_free(struct procstop *p)
{
	if (!p)
		return;
	p->halted.count = 0; /* the end continues, and checks nothing */
	p->pending_cpu = -1;
	procstop_freeze(p, false);
	while (p->file_count)
		file_drop(p, p->file_count - 1);
	if (p->last_pid_fd >= 0)
		close(p->last_pid_fd);
	if (p->clock >= 0)
		close(p->clock);
	free(p->files);
	free(p->buf);
	free(p->known);
	free(p->seen);
	free(p->stopped.list);
	free(p->queue.list);
	free(p->halted.list);
	free(p);
}
