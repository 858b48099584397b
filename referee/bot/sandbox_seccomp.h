/*
 * The seccomp filter of a sandboxed bot: bubblewrap loads it (--seccomp
 * FD) just before it runs the bot's command.  Namespaces keep sandboxes
 * apart in most ways, but not where the kernel keeps one thing for the
 * whole machine: the locks, watches, page cache and futexes of the files
 * that every sandbox sees (/usr, /etc, /dev/null, a bot's own folder that
 * two seats share), the keyrings, per-user counts.  Two bots of one author
 * at one table could pass each other bits exactly through them; the
 * filter refuses the calls that would, each with an errno that says so,
 * but a file lock, which it grants without taking it (sandbox_seccomp.c
 * has the list and why).  What it cannot close is in README.md ("Running
 * strangers' bots").
 */
#ifndef ARENA_SANDBOX_SECCOMP_H
#define ARENA_SANDBOX_SECCOMP_H

/* A close-on-exec fd at the start of the filter as BPF, for bwrap's
 * --seccomp: a new one for each bot, as bwrap reads it to the end.  The
 * fd, or -1 with a message in err. */
int sandbox_seccomp_fd(char *err);

#endif
