/*
 * A program run as a child; see child.h.
 */
#include "child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "files.h"
#include "util.h"

/* In the child: `path` on descriptor `to` (and on `also` when it is not
 * -1), made anew; false when it cannot be. */
static bool output_to(const char *path, unsigned mode, int to, int also)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);

	return fd >= 0 && dup2(fd, to) >= 0 && (also < 0 || dup2(fd, also) >= 0);
}

/* In the child, after fork: everything c asks, then the program.  Never
 * returns. */
static void become(const struct child *c, int pipe_end)
{
	unsigned mode = c->output_mode ? c->output_mode : 0600;

	if ((c->own_group && setpgid(0, 0)) ||
	    (c->parent_death && (prctl(PR_SET_PDEATHSIG, SIGTERM) || getppid() == 1)) ||
	    (c->unblock && sigprocmask(SIG_UNBLOCK, c->unblock, NULL)) ||
	    (c->dir && chdir(c->dir)) || (c->tmpdir && setenv("TMPDIR", c->tmpdir, 1)))
		_exit(127);
	if (c->output &&
	    !output_to(c->output, mode, STDOUT_FILENO, c->errors ? -1 : STDERR_FILENO))
		_exit(127);
	if (c->capture && (dup2(pipe_end, STDOUT_FILENO) < 0 ||
			   (!c->errors && dup2(pipe_end, STDERR_FILENO) < 0)))
		_exit(127);
	if (c->errors && !output_to(c->errors, mode, STDERR_FILENO, -1))
		_exit(127);
	if (c->search)
		execvp(c->path, c->argv);
	else
		execv(c->path, c->argv);
	fprintf(stderr, "cannot run %s: %s\n", c->path, strerror(errno));
	_exit(127);
}

pid_t child_start(const struct child *c, int *from, char *err)
{
	int fds[2] = {-1, -1};
	pid_t pid;

	*from = -1;
	if (c->capture && pipe2(fds, O_CLOEXEC))
		return errorf(err, "cannot run %s: %s", c->path, strerror(errno));
	fflush(NULL); /* nothing buffered is written twice */
	if ((pid = fork()) == 0)
		become(c, fds[1]);
	if (fds[1] >= 0)
		close(fds[1]);
	if (pid < 0) {
		if (fds[0] >= 0)
			close(fds[0]);
		return errorf(err, "cannot run %s: %s", c->path, strerror(errno));
	}
	*from = fds[0];
	return pid;
}

/* Waits for child `pid` (again when a signal interrupts the wait). */
static int child_wait(pid_t pid, const char *name, char *err)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return errorf(err, "cannot wait for %s: %s", name, strerror(errno));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int child_run(const struct child *c, char **out,
	      void (*started)(pid_t pid, void *ctx), void *ctx, char *err)
{
	int from;
	pid_t pid = child_start(c, &from, err);

	if (out)
		*out = c->capture ? xstrdup("") : NULL;
	if (pid < 0)
		return -1;
	if (started)
		started(pid, ctx);
	if (from >= 0) {
		char *text = files_read_fd(from, SIZE_MAX, NULL);

		close(from);
		if (out && text) {
			free(*out);
			*out = text;
		} else {
			free(text);
		}
	}
	return child_wait(pid, c->path, err);
}

int child_run_within(const struct child *c, unsigned seconds,
		     void (*started)(pid_t pid, void *ctx), void *ctx, bool *overdue, char *err)
{
	int64_t until = now_ns() + (int64_t)seconds * 1000000000;
	int status = 0, from;
	pid_t pid = child_start(c, &from, err), got;

	*overdue = false;
	if (pid < 0)
		return -1;
	if (started)
		started(pid, ctx);
	/* Polled: a thread of the server's has no signal of its own to
	 * wait for it with. */
	while ((got = waitpid(pid, &status, WNOHANG)) == 0 || (got < 0 && errno == EINTR)) {
		if (!*overdue && now_ns() > until) {
			*overdue = true;
			kill(-pid, SIGKILL);
		}
		usleep(20000);
	}
	if (got < 0)
		return errorf(err, "cannot wait for %s: %s", c->path, strerror(errno));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
