/*
 * A control group for each bot: what isolate and nsjail give every run of
 * a stranger's code.  Its memory limit counts everything the bot's
 * processes allocate, its private /tmp and /dev/shm included (tmpfs pages
 * are charged to whoever wrote them), with no swap; its process limit
 * counts the bot's own tasks; its CPU use is read from the kernel (the
 * clock of a move) and capped at a number of CPUs; it can be frozen
 * whole while the bot is not on move, and killed whole.
 *
 * Groups are made under the group the referee runs in.  With cgroup v2
 * (one hierarchy) that group must be delegated to the referee's user and
 * hold no other process: the referee moves itself into a leaf of its own
 * ("no internal processes") and enables the memory, pids and cpu
 * controllers for its bots' groups beside it.  With cgroup v1 (a hierarchy
 * per controller: memory, pids, cpu, cpuacct, freezer) a group is a folder
 * in each, which in practice only root may make.  cgroup_tree_ready()
 * finds which, once per process, before any bot starts.
 */
#ifndef ARENA_CGROUP_H
#define ARENA_CGROUP_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgroup_types.h"

/* Where this process makes its bots' groups (cgroup_tree_ready). */
struct cgroup_tree {
	int version;  /* 1 or 2; 0 while none was found */
	/* The folder each bot's group is made in: v2, dir[0] only; v1, the
	 * referee's own group in each hierarchy (hierarchies mounted
	 * together share a folder). */
	char *dir[CGROUP_HIERARCHIES];
	/* v2: the leaf the referee moved itself into, or NULL. */
	char *leaf;
};

struct cgroup_limits {
	uint64_t memory;    /* bytes, swap none; 0: no limit */
	unsigned processes; /* tasks (threads count); 0: no limit */
	unsigned cpus;      /* CPUs' worth of time at most; 0: no cap */
};

/* Why a group's bot broke a limit. */
enum cgroup_breach { CGROUP_WITHIN, CGROUP_OUT_OF_MEMORY, CGROUP_TOO_MANY_PROCESSES };

struct cgroup;

/* Finds where groups can be made and checks that one can, by making and
 * removing one with every limit set.  Once per process (a later call
 * returns the first answer).  0, or -1 with a message in err that says
 * what is missing, or -2 when a cgroup v2 group delegated to the user
 * (cgroup_delegate) would do. */
int cgroup_tree_ready(char *err);

/* When cgroup_tree_ready() said -2: runs this process again, with the
 * same arguments, in a systemd scope delegated to its user, if systemd
 * can make one here; returns when it cannot (or this process is such a
 * run already). */
void cgroup_delegate(void);

/* The command cgroup_delegate() runs: systemd-run's options, then `exe`
 * with args[1...] (args NULL-ended).  Free with strings_free(). */
char **cgroup_delegate_argv(const char *systemd_run, bool user,
			    const char *exe, char *const *args);

/* The write end of the pipe the keeper of the run's groups waits on (-1:
 * none): a process forked from this one that makes bots' groups (a
 * tournament's worker) must keep it open until it ends, or the keeper
 * could sweep the groups while that process still makes and freezes
 * them, and a bot frozen after the sweep would stay for ever. */
int cgroup_keeper_fd(void);

/* The tree cgroup_tree_ready() found. */
const struct cgroup_tree *cgroup_tree_found(void);

/* Writes `value` to the control file `name` in `dir`, as a shell's
 * "echo VALUE > FILE" does (O_CREAT | O_TRUNC, which the kernel's files
 * accept, so that tests can use a tree of plain files).  0, or -1 with
 * errno. */
int cgroup_write(const char *dir, const char *name, const char *value);

/* Finds the tree as cgroup_tree_ready() does, from the files it reads
 * (/proc/self/mountinfo and /proc/self/cgroup; others for the tests): v2
 * where its hierarchy has the memory, pids and cpu controllers, else v1
 * where every controller is mounted.  0, or -1 or -2 as
 * cgroup_tree_ready(). */
int cgroup_tree_find(struct cgroup_tree *tree, const char *mountinfo,
		     const char *self_cgroup, char *err);

/* The same on a tree given by hand, for the tests: `mount` is where the
 * v2 hierarchy (version 2) or all v1 hierarchies (version 1, each in a
 * folder named after its controller) are, `own` the referee's group in
 * it (as /proc/self/cgroup says). */
int cgroup_tree_open(struct cgroup_tree *tree, int version, const char *mount,
		     const char *own, char *err);
void cgroup_tree_close(struct cgroup_tree *tree);

/* Makes a group with these limits under `tree`.  NULL with a message
 * in err. */
struct cgroup *cgroup_create(const struct cgroup_tree *tree,
			     const struct cgroup_limits *limits, char *err);

/* The group `name` that a process made under `tree`, to destroy. */
struct cgroup *cgroup_adopt(const struct cgroup_tree *tree, const char *name);

/* In a child between fork and exec, async-signal-safe: moves the calling
 * process into the group, and with `play` into its "play" child too, the
 * part that cgroup_freeze() freezes.  0, or -1 with errno. */
int cgroup_enter(const struct cgroup *group, bool play);

/* An fd on which writing "0" moves the writer into the group's "play"
 * child: a sandbox's processes that only wait on the bot stay out of
 * it, and the bot's first process enters it through this fd. */
int cgroup_play_fd(const struct cgroup *group);

/* After fork, in the parent: closes what only the child needed. */
void cgroup_entered(struct cgroup *group);

/* Freezes or thaws every process of the group.  0, or -1. */
int cgroup_freeze(struct cgroup *group, bool frozen);

/* CPU time the group has used (user + system, every process it ever
 * held), in ns; -1 when it cannot be read. */
int64_t cgroup_cpu_ns(struct cgroup *group);

/* Whether the group went past a limit since it was made: the kernel
 * killed one of its processes for memory, or refused it a process. */
enum cgroup_breach cgroup_breach(const struct cgroup *group);

/* cgroup_breach(), read only when the kernel signalled a change that may
 * be one (a poll, not two reads): for every reply. */
enum cgroup_breach cgroup_breach_seen(struct cgroup *group);

/* The files whose change the kernel signals (v2: memory.events and
 * pids.events, POLLPRI; v1: the OOM eventfd), as pollfds in p[0..1] for
 * a caller's own wait: how many (0: none, so cgroup_breach_seen() must
 * look itself). */
int cgroup_event_fds(const struct cgroup *group, struct pollfd *p);

/* cgroup_breach_seen() after a caller's wait polled cgroup_event_fds():
 * `signalled` whether one had an event.  No call of its own unless one
 * had (but v1's pids.events, read after a move that cost the group 0.5 ms
 * of CPU by cgroup_cpu_ns()'s last reading, or each second). */
enum cgroup_breach cgroup_breach_polled(struct cgroup *group, bool signalled);

/* Kills every process of the group (frozen ones too). */
void cgroup_kill(struct cgroup *group);

/* Kills what is left, waits up to `wait_ms` for the group to empty,
 * removes it and frees it.  NULL is fine.  False when a process of it
 * was still there when the wait ran out. */
bool cgroup_destroy(struct cgroup *group, int wait_ms);

#endif
