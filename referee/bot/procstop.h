/*
 * Containment without a control group (contain.h's fallback): a
 * sandboxed bot's processes found through its PID namespace, stopped
 * with SIGSTOP while it is not on move and continued with SIGCONT, and
 * its CPU time read from their /proc/PID/stat.
 *
 * bubblewrap makes the sandbox's PID namespace in a child of the process
 * the referee started (the "outer" bwrap): that child is the namespace's
 * init, which reaps every orphan of the namespace, so every process of
 * the bot is a descendant of it and is found by following
 * /proc/PID/task/TID/children from there; the memory they hold together
 * is read from the same scans.  A stop is made safe against a
 * fork racing it by scanning again after each round of SIGSTOPs until two
 * scans in a row find no process that was not stopped: the kernel aborts
 * a fork whose parent has a signal pending, and lists a child it made
 * before the signal in its parent's children at once; a child whose
 * parent is exiting moves to the init's children, maybe while a scan
 * reads both, and is found by the next.  The namespace's init,
 * bubblewrap's, is stopped too: a bot can write its memory through
 * /proc/1/mem (it runs as the same user), and so run code of its own in
 * a process without the seccomp filter; it is killed from outside when
 * the bot ends, which kills everything in the namespace.  The outer
 * bwrap is itself the init of a PID namespace around all that (a guard,
 * PROCSTOP_GUARD_FLAGS): when it dies, the kernel kills the whole
 * sandbox, whatever state bubblewrap's own init is in.
 */
#ifndef ARENA_PROCSTOP_H
#define ARENA_PROCSTOP_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "freeze_result.h"

struct procstop;

/* The processes of the sandbox started as the process `outer` (bwrap),
 * which may hold `memory` bytes together (0: no bound), their CPU time
 * counted by the task clock `clock` (task_clock.h; procstop_free()
 * closes it), or, -1, read from their /proc files. */
struct procstop *procstop_new(pid_t outer, uint64_t memory, int clock);

/* The clone flags that start the outer bwrap as the init of a user and
 * a PID namespace of its own, so that the kernel kills every process of
 * the sandbox when the outer bwrap dies (the referee killed, say), even
 * one that would not die with it.  Its getppid() is then 0. */
#define PROCSTOP_GUARD_FLAGS (CLONE_NEWUSER | CLONE_NEWPID)

/* How long a stop waits, at most, for every process of the sandbox to
 * be stopped, in ms: the referee never waits longer, whatever the bot
 * does, and goes on with what is left pending (docs/SANDBOX.md says
 * what was measured: most stops land well within it). */
#define PROCSTOP_BOUND_MS 5

/* The same for a stop again after one left stops pending: shorter, as
 * the referee goes on with it, again and again, while it waits for
 * another bot, whose reply it reads only after. */
#define PROCSTOP_RETRY_MS 1

/* How much CPU time the processes of a stop left pending may use until
 * the thaw or the stop again, in ms: what a process needs to take its
 * stop (a system call finished), with room to spare; more is a bot
 * running while it should be stopped (docs/SANDBOX.md). */
#define PROCSTOP_RUN_MS 20

/* Stops (SIGSTOP) or continues (SIGCONT) every process of the sandbox
 * and its init.  0, also when stops are still pending after
 * PROCSTOP_BOUND_MS (a process the scheduler has not run yet): a stop
 * again goes on with them; -1 when the sandbox is not there (yet, or any
 * more): then none is left stopped; -2 when the bot fought its stop: a
 * process was found running again after it was stopped, while the stop
 * scans or, at the thaw or the stop again, one the stop left halted; or
 * its processes used more than PROCSTOP_RUN_MS of CPU time after a stop
 * left pending; then they are all killed (procstop_kill()); -3 when,
 * stopped, they held more than their memory together
 * (procstop_memory_over()): killed too. */
enum freeze_result procstop_freeze(struct procstop *p, bool frozen);

/* Whether the sandbox's processes hold more than their memory together,
 * by their resident pages and, over that, their proportional share
 * (/proc/PID/smaps_rollup's Pss: a page shared between them counted
 * once); when they do, they are all killed.  Reads only their stat when
 * the kernel gave out no pid since the last scan: some microseconds a
 * process. */
bool procstop_memory_over(struct procstop *p);

/* Whether the last stop left stops pending at its bound (its processes
 * not all seen stopped yet, a process in vfork counted as stopped when
 * its child is), and no thaw came since. */
bool procstop_pending(const struct procstop *p);

/* Kills the sandbox's init from outside, and so every process in its
 * namespace, whatever they did to the init; waits up to `wait_ms` for
 * them to be gone.  False when they were not gone by then. */
bool procstop_kill(struct procstop *p, int wait_ms);

/* CPU time (user + system) the sandbox's processes have used, in ns:
 * the task clock's, which counts every process of the sandbox, those the
 * kernel reaped included; without one, that of the processes a scan
 * finds and of the children they reaped.  Never less than a previous
 * answer; -1 when it cannot be read. */
int64_t procstop_cpu_ns(struct procstop *p);

/* Continues what is stopped and frees.  NULL is fine. */
void procstop_free(struct procstop *p);

#endif
