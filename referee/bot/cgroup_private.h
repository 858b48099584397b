/*
 * What the cgroup*.c files share and the rest of the referee does not
 * see (it sees cgroup.h): the inside of a bot's control group (struct
 * cgroup), for cgroup.c, which makes, drives and removes it, and
 * cgroup_breach.c, which tells whether it went past a limit; and what
 * cgroup_keeper.c's keeper takes of cgroup_tree.c's work on the tree.
 */
#ifndef ARENA_CGROUP_PRIVATE_H
#define ARENA_CGROUP_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "cgroup_types.h"

struct cgroup_tree;

/* The files a group is driven by through descriptors kept open (cgroup.c's
 * table names each, v2 and v1). */
enum control_file {
	FILE_FREEZE, FILE_CPU, FILE_MEMORY_EVENTS, FILE_PIDS_EVENTS, FILE_FILES
};

struct cgroup {
	int version;
	char *dir[CGROUP_HIERARCHIES];   /* in each hierarchy (v2: dir[0]) */
	bool made[CGROUP_HIERARCHIES];   /* the first of the hierarchies
					  * sharing this folder, which made it */
	int enter_fd[CGROUP_HIERARCHIES]; /* cgroup.procs, until entered */
	/* The group's "play" child, which the bot's own processes enter and
	 * which alone is frozen: not the sandbox's processes that wait on
	 * the bot (freezing wakes a process; 3 of them cost 55 us a move). */
	char *play;
	int play_fd;                     /* its cgroup.procs, until entered */
	int fd[FILE_FILES];              /* opened when first needed */
	/* Readable, or with POLLPRI, when the kernel killed a process for
	 * memory: memory.events (v2), an eventfd for memory.oom_control (v1,
	 * through cgroup.event_control); -1 where it cannot be had. */
	int oom_event;
	int64_t cpu_ns;       /* the CPU clock as last read */
	/* v1's pids.events, whose change v1 does not signal: when it was last
	 * read, and the CPU clock when a breach was last asked for
	 * (cgroup_breach_polled()). */
	struct {
		int64_t read_ns, asked_cpu_ns;
	} pids_v1;
};

/* Reads the file `which` afresh into buf (NUL-ended).  Its length, or -1. */
ssize_t cgroup_read_control(const struct cgroup *group, enum control_file which,
			    char *buf, size_t size);

/* The number after "key " at the start of a line of `text`, or -1. */
int64_t cgroup_keyed_value(const char *text, const char *key);

/* Moves the process `pid` into the group `dir`.  0, or -1 with errno. */
int cgroup_write_pid(const char *dir, pid_t pid);

/* Kills and removes every bot's group in the run's folder (not the
 * referee's leaf). */
void cgroup_tree_sweep(const struct cgroup_tree *tree);

#endif
