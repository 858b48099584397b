/*
 * The fixed numbers of the sandbox (sandbox.h): the user a bot runs as,
 * the descriptors bwrap and bot-exec (bot_exec.c) are given.  Apart from
 * sandbox.h so that bot-exec, a program of its own, need not include it.
 */
#ifndef ARENA_SANDBOX_IDS_H
#define ARENA_SANDBOX_IDS_H

/* The user a bot runs as when the referee runs as root: nobody. */
#define SANDBOX_UID 65534

/* bwrap keeps its own stdin, stdout and stderr open in the processes that
 * watch over the sandbox, so a bot that closed its stdout would not be
 * seen to: bwrap gets the bot's stdin and stdout on these fds instead,
 * which it closes in those processes and bot-exec moves to 0 and 1 for the
 * bot. */
#define SANDBOX_STDIN_FD 3
#define SANDBOX_STDOUT_FD 4
/* With a control group, bot-exec moves itself, and so the bot, into the
 * part of it that is frozen between moves, by writing "0" to this fd
 * (cgroup_play_fd()), then closes it. */
#define SANDBOX_CGROUP_FD 5
/* bwrap reads the seccomp filter (sandbox_seccomp.h) from this fd, the
 * last of the fixed ones, and closes it. */
#define SANDBOX_SECCOMP_FD 6

#endif
