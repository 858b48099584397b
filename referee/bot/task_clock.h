/*
 * The CPU time of a process and of every process and thread it starts
 * from then on, as one kernel counter: a perf "task-clock" event that
 * each fork inherits and that each exiting task adds its time to, those
 * the kernel reaps itself included (the children of a parent that
 * ignores SIGCHLD, whose time is counted nowhere else a normal user can
 * read).  The fallback's clock (procstop.h) when the kernel lets this
 * user count its own processes (kernel.perf_event_paranoid 2 or less,
 * or CAP_PERFMON).
 *
 * The bot's first process opens the counter on itself between fork and
 * exec, before it starts anything, and passes it to the referee over a
 * Unix socket: no process of the bot ever holds it, and none can leave
 * it (a task's inherited events are not its own to disable).
 */
#ifndef ARENA_TASK_CLOCK_H
#define ARENA_TASK_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

/* Whether this process may open such a counter on a child of its own:
 * tried once, on this process. */
bool task_clock_available(void);

/* In the child between fork and exec (async-signal-safe): opens the
 * counter on the calling process and sends it over the Unix socket
 * `sock`.  0, or -1 with errno. */
int task_clock_pass(int sock);

/* In the parent: the counter the child sent over `sock`, or -1. */
int task_clock_take(int sock);

/* The CPU time the counter `fd` has counted, in ns; -1 when it cannot
 * be read. */
int64_t task_clock_ns(int fd);

#endif
