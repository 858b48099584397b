/*
 * The containment backends behind one interface (see contain.h): a bot's
 * control group, or the fallback's stopped processes.
 */
#include "contain.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/util.h"
#include "procstop.h"
#include "task_clock.h"

struct contain {
	struct cgroup *group;    /* CONTAIN_CGROUPS */
	struct procstop *stops;  /* CONTAIN_FALLBACK, once started */
	bool guarded;            /* CONTAIN_FALLBACK: PROCSTOP_GUARD_FLAGS */
	uint64_t memory;         /* CONTAIN_FALLBACK: its bytes in all */
	uid_t uid;               /* the referee's, when guarded */
	gid_t gid;
	int clock_pass[2];       /* CONTAIN_FALLBACK with a task clock: the
				  * socket the child sends it over; -1 */
};

static enum contain_kind kind = CONTAIN_NONE;
static char no_group[ERR_LEN]; /* why there is no control group */

int contain_ready(bool sandbox, char *err)
{
	int rc;

	if (kind == CONTAIN_NONE) {
		if ((rc = cgroup_tree_ready(no_group)) == -2)
			cgroup_delegate(); /* returns when it could not */
		kind = rc == 0 ? CONTAIN_CGROUPS : CONTAIN_FALLBACK;
	}
	if (kind == CONTAIN_FALLBACK && !sandbox)
		return errorf(err, "%s; without a control group, only a sandboxed "
			      "bot can be contained (drop --no-sandbox)", no_group);
	return 0;
}

int contain_keep_fd(void)
{
	return kind == CONTAIN_CGROUPS ? cgroup_keeper_fd() : -1;
}

enum contain_kind contain_kind(void)
{
	return kind;
}

/* What the fallback holds to, and what not: the header's, the
 * manifest's and the run's first line's words.  The clock counts the
 * children the kernel reaps itself only with a task clock. */
#define FALLBACK_MEMORY "private memory per process, memory of its " \
	"processes together (read every 10 ms of a move and at each stop), " \
	"/tmp and /dev/shm by size, processes in its namespace; no bound on " \
	"memory that no process maps, no CPU cap"
#define FALLBACK_COUNTED "stopped off move, CPU time of all its processes " \
	"(a kernel counter they inherit), " FALLBACK_MEMORY
#define FALLBACK_SCANNED "stopped off move, CPU time of its processes, " \
	FALLBACK_MEMORY ", no CPU time of children the kernel reaps"

_Static_assert(BOT_MEMORY_EVERY_MS == 10, "FALLBACK_MEMORY names it");

const char *contain_summary(bool contain)
{
	if (!contain)
		return "none: no limits, for trusted bots only";
	if (kind == CONTAIN_CGROUPS)
		return "control groups: memory (tmpfs too), processes, CPU time, "
		       "frozen off move";
	return task_clock_available() ? "fallback (no control group): " FALLBACK_COUNTED
				      : "fallback (no control group): " FALLBACK_SCANNED;
}

const char *contain_fallback_line(bool contain)
{
	if (!contain || kind != CONTAIN_FALLBACK)
		return NULL;
	return task_clock_available()
	       ? "no control group can be had here: the bots are contained "
		 "without one (" FALLBACK_COUNTED ": docs/SANDBOX.md)"
	       : "no control group can be had here: the bots are contained "
		 "without one (" FALLBACK_SCANNED ": docs/SANDBOX.md)";
}

struct contain *contain_new(const struct bot_limits *limits, char *err)
{
	const struct cgroup_limits l = {
		.memory = limits->memory,
		.processes = limits->processes ? limits->processes
			     : BOT_DEFAULT_PROCESSES,
		.cpus = limits->cpus,
	};
	struct contain *c;
	struct cgroup *group = NULL;
	char why[ERR_LEN];

	if (contain_ready(limits->sandbox, why) < 0) {
		errorf(err, "no containment for the bot: %s", why);
		return NULL;
	}
	if (kind == CONTAIN_CGROUPS &&
	    !(group = cgroup_create(cgroup_tree_found(), &l, err)))
		return NULL;
	c = xcalloc(1, sizeof *c);
	c->group = group;
	c->clock_pass[0] = c->clock_pass[1] = -1;
	if (!group && task_clock_available() &&
	    socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, c->clock_pass) < 0) {
		errorf(err, "no containment for the bot: cannot make a socket "
		       "for its clock: %s", strerror(errno));
		free(c);
		return NULL;
	}
	/* As root the sandbox changes user, and bwrap runs privileged: no
	 * namespace of its own around that. */
	c->guarded = !group && geteuid() != 0;
	c->uid = geteuid();
	c->gid = getegid();
	c->memory = limits->memory;
	return c;
}

int contain_enter(const struct contain *c, bool play)
{
	if (c->group)
		return cgroup_enter(c->group, play);
	return c->clock_pass[1] >= 0 ? task_clock_pass(c->clock_pass[1]) : 0;
}

int contain_clone_flags(const struct contain *c)
{
	return c->guarded ? PROCSTOP_GUARD_FLAGS : 0;
}

/* The fallback's guard (procstop.h): bubblewrap's outer process started
 * as the init of a PID namespace of its own (in a user namespace of its
 * own, which a normal user needs to make one), so that the kernel kills
 * every process of the sandbox, which all live in that namespace, when
 * the outer process dies.  Without it, a sandbox lives on when the
 * referee is killed (kill -9) in the moment between bubblewrap's clone
 * of the sandbox's init and that init's own parent-death signal: the
 * init then waits for ever for the parent that is gone (or runs on
 * without the signal).  The child's half, below, runs between clone and
 * exec: async-signal-safe calls only. */

/* Writes `len` bytes of `text` to the file at `path`; -1 on failure. */
static int write_file(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

/* "ID ID 1" in buf (64 bytes): the id mapped to itself; its length. */
static size_t id_map(char *buf, unsigned long id)
{
	char digits[24];
	size_t n = 0, len = 0;

	do
		digits[n++] = (char)('0' + id % 10);
	while (id /= 10);
	for (int twice = 0; twice < 2; twice++) {
		for (size_t i = n; i-- > 0;)
			buf[len++] = digits[i];
		buf[len++] = ' ';
	}
	buf[len++] = '1';
	return len;
}

int contain_guard(const struct contain *c)
{
	char map[64];
	bool ok;

	if (!c->guarded)
		return 0;
	/* The referee is not dumpable (its key), which makes its files in
	 * /proc root's: its own for the maps, and not dumpable again
	 * after, until bwrap's exec. */
	prctl(PR_SET_DUMPABLE, 1);
	ok = write_file("/proc/self/setgroups", "deny", 4) == 0 &&
	     write_file("/proc/self/uid_map", map, id_map(map, c->uid)) == 0 &&
	     write_file("/proc/self/gid_map", map, id_map(map, c->gid)) == 0;
	prctl(PR_SET_DUMPABLE, 0);
	return ok ? 0 : -1;
}

int contain_play_fd(const struct contain *c)
{
	return c->group ? cgroup_play_fd(c->group) : -1;
}

static void close_pass(struct contain *c)
{
	for (int i = 0; i < 2; i++) {
		if (c->clock_pass[i] >= 0)
			close(c->clock_pass[i]);
		c->clock_pass[i] = -1;
	}
}

void contain_started(struct contain *c, pid_t pid)
{
	int clock = -1;

	if (c->group) {
		cgroup_entered(c->group);
		return;
	}
	/* Sent before the child's exec, which bot_spawn() waited for. */
	if (c->clock_pass[0] >= 0)
		clock = task_clock_take(c->clock_pass[0]);
	close_pass(c);
	c->stops = procstop_new(pid, c->memory, clock);
}

enum freeze_result contain_freeze(struct contain *c, bool frozen)
{
	if (c->group)
		return cgroup_freeze(c->group, frozen) ? FREEZE_FAILED : FREEZE_DONE;
	return c->stops ? procstop_freeze(c->stops, frozen) : FREEZE_FAILED;
}

bool contain_memory_over(struct contain *c)
{
	return c->stops && procstop_memory_over(c->stops);
}

bool contain_pending(const struct contain *c)
{
	return c->stops && procstop_pending(c->stops);
}

int64_t contain_cpu_ns(struct contain *c)
{
	if (c->group)
		return cgroup_cpu_ns(c->group);
	return c->stops ? procstop_cpu_ns(c->stops) : -1;
}

enum cgroup_breach contain_breach(struct contain *c, bool seen)
{
	if (!c->group)
		return CGROUP_WITHIN;
	return seen ? cgroup_breach_seen(c->group) : cgroup_breach(c->group);
}

int contain_event_fds(const struct contain *c, struct pollfd *p)
{
	return c->group ? cgroup_event_fds(c->group, p) : 0;
}

enum cgroup_breach contain_breach_polled(struct contain *c, bool signalled)
{
	return c->group ? cgroup_breach_polled(c->group, signalled) : CGROUP_WITHIN;
}

bool contain_destroy(struct contain *c, int wait_ms)
{
	bool gone;

	if (!c)
		return true;
	gone = cgroup_destroy(c->group, wait_ms);
	if (c->stops && !procstop_kill(c->stops, wait_ms))
		gone = false;
	procstop_free(c->stops);
	close_pass(c);
	free(c);
	return gone;
}
