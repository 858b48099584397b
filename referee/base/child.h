/*
 * A program run as a child: the one runner of every place that starts
 * another program and reads what it did (league add from the server's
 * workers, check-bot from league add, Slurm's commands) or keeps it going
 * (the server's player).  Not for bots: they start through bot_spawn.c,
 * in their sandbox.
 */
#ifndef ARENA_CHILD_H
#define ARENA_CHILD_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

struct child {
	/* The program and its words (argv[0] first, NULL last); `path`
	 * found in PATH when `search`, else run as named. */
	const char *path;
	char *const *argv;
	bool search;
	/* The folder it runs in (NULL: this one) and TMPDIR (NULL: as is). */
	const char *dir, *tmpdir;
	/* Its output read by the runner (child_run()'s *out), or into the
	 * file `output`, made anew (mode `output_mode`, 0600 when 0), stderr
	 * too unless `errors` names a file of its own; neither: this
	 * process's. */
	bool capture;
	const char *output, *errors;
	unsigned output_mode;
	/* In a process group of its own (so that it can be stopped whole). */
	bool own_group;
	/* SIGTERM to it when this process dies. */
	bool parent_death;
	/* Signals unblocked in it (those this process blocks to wait). */
	const sigset_t *unblock;
};

/* Starts the child: its pid, or -1 with err.  With c->capture, its output
 * goes to a pipe whose reading end is *from (-1 otherwise). */
pid_t child_start(const struct child *c, int *from, char *err);

/* Starts the child, reads its output into *out (new, NUL-ended, "" when
 * it could not run; NULL without c->capture) and waits for it: its exit
 * status, 128 + the signal that ended it, or -1 with err.  `started`,
 * when not NULL, is told the pid first (to stop the child from another
 * thread). */
int child_run(const struct child *c, char **out,
	      void (*started)(pid_t pid, void *ctx), void *ctx, char *err);

/* child_run() of a child whose output is not captured, with a wall time:
 * its process group killed once it has run `seconds`, and *overdue then
 * true (the server's pre-flights and what-ifs). */
int child_run_within(const struct child *c, unsigned seconds,
		     void (*started)(pid_t pid, void *ctx), void *ctx, bool *overdue, char *err);

#endif
