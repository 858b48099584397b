/*
 * Whether a bot's control group went past a limit (see cgroup.h): the
 * kernel's counters of OOM kills and refused processes read, and read
 * only when the kernel signals a change that may be one (v2's
 * memory.events and pids.events, v1's OOM eventfd) or, for v1's
 * pids.events, whose change it does not signal, every so often.
 */
#include "cgroup.h"
#include "cgroup_private.h"

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/util.h"

/* Whether the kernel killed a process of the group for memory, or
 * refused it a process (as the file's counter says). */
static bool counted(const struct cgroup *group, enum control_file which,
		    const char *key)
{
	char buf[512];

	return cgroup_read_control(group, which, buf, sizeof buf) > 0 &&
	       cgroup_keyed_value(buf, key) > 0;
}

enum cgroup_breach cgroup_breach(const struct cgroup *group)
{
	if (counted(group, FILE_MEMORY_EVENTS, "oom_kill"))
		return CGROUP_OUT_OF_MEMORY;
	if (counted(group, FILE_PIDS_EVENTS, "max"))
		return CGROUP_TOO_MANY_PROCESSES;
	return CGROUP_WITHIN;
}

enum cgroup_breach cgroup_breach_seen(struct cgroup *group)
{
	/* v2 signals a change of memory.events and pids.events (POLLPRI);
	 * v1 an OOM kill through the eventfd, but not a change of pids.events,
	 * which is read as cgroup_breach_polled() says.  Without a way to be
	 * told, both are read. */
	struct pollfd p[2];
	int watched = cgroup_event_fds(group, p);

	return cgroup_breach_polled(group, !watched || poll(p, (nfds_t)watched, 0) != 0);
}

int cgroup_event_fds(const struct cgroup *group, struct pollfd *p)
{
	if (group->oom_event < 0 || group->fd[FILE_PIDS_EVENTS] < 0)
		return 0;
	/* v1: an eventfd, readable once the OOM killer struck.  v2: the file
	 * memory.events, which like every cgroup file is always readable: a
	 * change is POLLPRI (asking POLLIN made every poll return at once,
	 * the referee spinning while its bots thought). */
	p[0] = (struct pollfd){ group->oom_event,
				group->version == 2 ? POLLPRI : POLLIN | POLLPRI, 0 };
	p[1] = (struct pollfd){ group->fd[FILE_PIDS_EVENTS], POLLPRI, 0 };
	return group->version == 2 ? 2 : 1;
}

/* When v1's pids.events, whose change v1 does not signal, is read again:
 * after a move (the time since a breach was last asked for) that cost the
 * group CPU_MOVE_NS, for forking costs CPU (64 forks of even a small C
 * program take more than 1 ms of it) and a bomb's move has forked; else
 * once EVERY_NS has passed (forks too cheap to be seen so, one a move).  A
 * fast bot replies thousands of times a second without a read, and a
 * refused fork is no harm until then: the kernel refused it. */
#define CGROUP_PIDS_CPU_MOVE_NS (500 * 1000LL)
#define CGROUP_PIDS_EVERY_NS (1000 * 1000000LL)

enum cgroup_breach cgroup_breach_polled(struct cgroup *group, bool signalled)
{
	int64_t move_cpu = group->cpu_ns - group->pids_v1.asked_cpu_ns;

	group->pids_v1.asked_cpu_ns = group->cpu_ns;
	if (signalled)
		return cgroup_breach(group);
	if (group->version == 2 ||
	    (move_cpu < CGROUP_PIDS_CPU_MOVE_NS &&
	     now_ns() - group->pids_v1.read_ns < CGROUP_PIDS_EVERY_NS))
		return CGROUP_WITHIN;
	group->pids_v1.read_ns = now_ns();
	return counted(group, FILE_PIDS_EVENTS, "max") ? CGROUP_TOO_MANY_PROCESSES
							 : CGROUP_WITHIN;
}
