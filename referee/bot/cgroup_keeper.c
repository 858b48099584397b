/*
 * The tree of control groups this process found (cgroup_tree_ready(),
 * once, tried with a group of every limit), and the keeper it starts for
 * it: a process of its own that, once the referee and its workers have
 * ended however they ended, kills what is left in the run's groups and
 * removes them (see cgroup.h).
 */
#include "cgroup.h"
#include "cgroup_private.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/close_range.h>

#include "base/files.h"
#include "base/paths.h"
#include "base/util.h"

/* v2, in the keeper once the referee has ended: moves out of the
 * referee's leaf into the group the referee started in, so that the leaf
 * and the run's folder can be removed (nobody can remove the group it is
 * in).  That group may hold a process only while its controllers are off
 * for its children (unless it is the root): once the bots' groups are gone
 * they are turned off again, as the referee found them. */
static void leave_leaf(const struct cgroup_tree *tree)
{
	static const char off[] = "-memory -pids -cpu";
	char *own;

	if (tree->version != 2 || !tree->leaf)
		return;
	cgroup_tree_sweep(tree);
	own = path_parent(tree->dir[0]);
	cgroup_write(tree->dir[0], "cgroup.subtree_control", off);
	if (cgroup_write_pid(own, getpid()) < 0 && errno == EBUSY &&
	    !cgroup_write(own, "cgroup.subtree_control", off))
		cgroup_write_pid(own, getpid());
	free(own);
}

/* Gives the keeper a command line of its own, as daemons retitle their
 * processes (setproctitle): it holds the referee's (argv's strings lie end
 * to end from argv[0]), so that `pkill -f "referee tournament ..."`, which
 * means the run, leaves the keeper that must clean up after it. */
static void name_keeper(void)
{
	static const char title[] = "referee: keeper of the bots' control groups";
	size_t n = 0;

	free(files_read_all("/proc/self/cmdline", &n));
	if (!n)
		return;
	memset(program_invocation_name, 0, n);
	memcpy(program_invocation_name, title, n - 1 < sizeof title - 1 ? n - 1 : sizeof title - 1);
}

/* The write end of the keeper's pipe (-1: no keeper). */
static int keeper_fd = -1;

int cgroup_keeper_fd(void)
{
	return keeper_fd;
}

/* Starts the keeper of the run's groups: a process that waits until
 * every process holding the write end of its pipe (the referee and the
 * workers it forks; close-on-exec keeps it from bots) has ended, however
 * it ended, kill -9 included, then kills what is left in the groups and
 * removes them.  Nothing else would: a frozen process of a cgroup v1 group
 * ignores even SIGKILL until it is thawed.  The keeper is forked twice,
 * so that it is nobody's child to reap, and in a process group of its
 * own, so that Ctrl-C at the terminal leaves it to do its work. */
static void start_keeper(struct cgroup_tree *tree)
{
	int pipe_fds[2];
	pid_t pid;

	if (pipe2(pipe_fds, O_CLOEXEC) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR | O_CLOEXEC);
		char c;

		close(pipe_fds[1]);
		if (fork() != 0)
			_exit(0);
		setpgid(0, 0);
		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		name_keeper();
		for (int fd = 0; fd < 3 && null >= 0; fd++)
			dup2(null, fd);
		/* It holds nothing else of the referee's (a lock, a log). */
		if (dup2(pipe_fds[0], 3) == 3)
			close_range(4, ~0U, 0);
		while (read(3, &c, 1) < 0 && errno == EINTR)
			;
		leave_leaf(tree);
		cgroup_tree_close(tree);
		_exit(0);
	}
	close(pipe_fds[0]);
	if (pid > 0)
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	else
		close(pipe_fds[1]);
	keeper_fd = pid > 0 ? pipe_fds[1] : -1;
}

/* The tree this process found, shared by the processes it forks. */
static struct cgroup_tree found;

int cgroup_tree_ready(char *err)
{
	static int answer = 1;
	static char said[ERR_LEN];
	const struct cgroup_limits probe = { 64 << 20, 8, 1 };
	struct cgroup *g;

	if (answer <= 0) {
		snprintf(err, ERR_LEN, "%s", said);
		return answer;
	}
	answer = cgroup_tree_find(&found, "/proc/self/mountinfo", "/proc/self/cgroup", said);
	if (!answer && !(g = cgroup_create(&found, &probe, said)))
		answer = -1;
	else if (!answer) {
		if (cgroup_freeze(g, false) < 0 || cgroup_cpu_ns(g) < 0)
			answer = errorf(said, "cannot drive the control group made "
					"to try them: %s", strerror(errno));
		cgroup_destroy(g, 1000);
	}
	if (!answer)
		start_keeper(&found);
	else if (found.version)
		cgroup_tree_close(&found);
	snprintf(err, ERR_LEN, "%s", said);
	return answer;
}

const struct cgroup_tree *cgroup_tree_found(void)
{
	return &found;
}
