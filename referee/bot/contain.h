/*
 * A contained bot, whatever contains it: the one interface bot.c and
 * bot_spawn.c use, with two backends.  Control groups (cgroup.h) where
 * this process can have them (root, or a cgroup v2 subtree delegated to
 * its user): memory counting the bot's tmpfs, processes, CPU time read
 * from the group, frozen whole off move.  Elsewhere (a normal user on
 * cgroup v1, or on v2 without a delegated subtree), the fallback, for a
 * sandboxed bot: its processes found through its PID namespace, stopped
 * off move (procstop.h), its clock the CPU time of those processes (a
 * task clock they all inherit, task_clock.h, where the kernel allows); its
 * memory bounded per process (RLIMIT_DATA) and its /tmp and /dev/shm by
 * their size, its processes by RLIMIT_NPROC in its own user namespace,
 * which the sandbox sets (sandbox.h).  contain_ready() picks, once per
 * process.
 */
#ifndef ARENA_CONTAIN_H
#define ARENA_CONTAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "bot_types.h"
#include "cgroup.h"
#include "freeze_result.h"

enum contain_kind { CONTAIN_NONE, CONTAIN_CGROUPS, CONTAIN_FALLBACK };

struct contain;

/* Picks the backend for this process's bots, once: control groups when
 * they can be had (running this process again in a delegated systemd
 * scope when that would give one), else the fallback.  0, or -1 with a
 * message in err when the fallback was picked and the bots are not
 * `sandbox`ed, which it needs. */
int contain_ready(bool sandbox, char *err);

/* A descriptor a process forked from this one must keep open while it
 * makes and runs bots (cgroup_keeper_fd()), or -1. */
int contain_keep_fd(void);

/* The backend contain_ready() picked; CONTAIN_NONE before. */
enum contain_kind contain_kind(void);

/* One short line saying what containment bots with limits.contain
 * `contain` have here (after contain_ready()): for the log header, the
 * manifest and the documentation. */
const char *contain_summary(bool contain);

/* The line a run says first (play) or after its pre-flight (a
 * tournament) when the fallback contains bots with limits.contain
 * `contain`, naming the limits that hold and those that do not, as
 * contain_summary() does; NULL otherwise. */
const char *contain_fallback_line(bool contain);

/* Contains a bot with these limits (contain_ready() first, with
 * limits->sandbox, when nobody called it).  NULL with a message in err. */
struct contain *contain_new(const struct bot_limits *limits, char *err);

/* In the child between fork and exec, async-signal-safe: what
 * cgroup_enter() does for a control group; for the fallback, where the
 * kernel allows one, opens the bot's task clock on the child and passes
 * it to contain_started() (task_clock.h).  0, or -1 with errno. */
int contain_enter(const struct contain *c, bool play);

/* The flags to clone the child that runs bwrap with, instead of a fork:
 * the fallback's guard (PROCSTOP_GUARD_FLAGS), so that nothing of the
 * sandbox outlives bwrap's outer process; 0 for a control group (or as
 * root, where the sandbox changes user first). */
int contain_clone_flags(const struct contain *c);

/* In the child so cloned, between clone and exec, async-signal-safe:
 * maps the user and group the referee runs as to themselves in its user
 * namespace, so that bwrap runs as them; nothing when not guarded.  0,
 * or -1 with errno. */
int contain_guard(const struct contain *c);

/* cgroup_play_fd() of a control group; -1 for the fallback. */
int contain_play_fd(const struct contain *c);

/* After the child's exec, in the parent, with the child's pid. */
void contain_started(struct contain *c, pid_t pid);

/* Freezes or thaws every process of the bot: FREEZE_DONE or
 * FREEZE_FAILED; with the fallback (procstop_freeze()) also FREEZE_FOUGHT
 * and FREEZE_MEMORY_HELD, when it killed the bot. */
enum freeze_result contain_freeze(struct contain *c, bool frozen);

/* Whether the fallback found the bot's processes holding more than its
 * memory together (procstop_memory_over()): then it is killed.  False
 * for a control group, whose kernel bounds the memory itself. */
bool contain_memory_over(struct contain *c);

/* Whether its last freeze left stops pending (the fallback's:
 * procstop_pending()): a freeze again goes on with them. */
bool contain_pending(const struct contain *c);

/* CPU time the bot's processes have used, in ns; -1 when unknown. */
int64_t contain_cpu_ns(struct contain *c);

/* Whether the bot went past a limit the kernel reports (control groups
 * only): `seen` reads only when the kernel signalled a change
 * (cgroup_breach_seen()). */
enum cgroup_breach contain_breach(struct contain *c, bool seen);

/* What the bot's own wait polls to be told of a breach
 * (cgroup_event_fds(): how many pollfds in p[0..1], 0 for none), and the
 * breach after such a wait, `signalled` whether one had an event
 * (cgroup_breach_polled()): the reply's check then costs no call. */
int contain_event_fds(const struct contain *c, struct pollfd *p);
enum cgroup_breach contain_breach_polled(struct contain *c, bool signalled);

/* Kills what is left of a control group, waits up to `wait_ms` for it
 * to empty and removes it; the fallback kills the sandbox's init from
 * outside (procstop_kill()), and so all in its namespace.  Frees.  NULL
 * is fine.  False when a process of the bot outlived the wait. */
bool contain_destroy(struct contain *c, int wait_ms);

#endif
