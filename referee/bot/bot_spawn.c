/*
 * Starting one bot (see bot.h): its process, or a seat played in this
 * process.  Everything that can allocate or fail slowly comes before
 * fork(): the command is split, the program found in PATH, the
 * environment built and the stderr log opened, so the child only makes
 * async-signal-safe calls (its own process group, the sandbox's root-only
 * steps, a parent-death signal, default signals, limits, chdir, execve);
 * when a step fails it sends the step and errno back over a close-on-exec
 * pipe and bot_spawn() turns them into a message.  Once it runs, the bot
 * is bot.c's: line I/O with it, and its end.
 */
#include "base/files.h"
#include "base/util.h"
#include "bot.h"
#include "bot_env.h"
#include "bot_private.h"
#include "contain.h"
#include "sandbox.h"
#include "stderr_marks.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/close_range.h>

/* The step that failed in the child, sent back with its errno: each its
 * own, so that the message names the call the errno is of. */
enum child_step {
	STEP_REPORT = 1, STEP_LIMITS, STEP_CONTAIN, STEP_SANDBOX, STEP_CHDIR,
	STEP_EXEC, STEP_GUARD, STEP_MOVE, STEP_DEVNULL, STEP_PIPES, STEP_GROUP_FD,
	STEP_KEEP,
};

struct child_failure {
	int step;
	int err;
};

/* Everything the child needs, prepared before fork. */
struct plan {
	char **argv;
	char *path;
	char **envp;
	char *workdir;
	struct bot_limits limits;
	struct sandbox_plan sandbox; /* when limits.sandbox */
	const struct contain *group;  /* when limits.contain */
	int clone_flags;              /* contain_clone_flags() */
	pid_t parent;
	int parent_fd;                /* its pidfd, when clone_flags; or -1 */
	sigset_t empty;
};

static void __attribute__((noreturn)) child_fail(int report_fd, int step)
{
	struct child_failure f = { step, errno };

	while (write(report_fd, &f, sizeof f) < 0 && errno == EINTR)
		;
	_exit(127);
}

/* The pipes as the bot's stdin, stdout and stderr: 0, or the step that
 * failed, with errno.  fds as in child_exec().  A sandboxed bot's stdin
 * and stdout reach it on SANDBOX_STDIN_FD and SANDBOX_STDOUT_FD, and
 * bwrap its seccomp filter on SANDBOX_SECCOMP_FD (see sandbox.h);
 * bwrap's own stdin and stdout are /dev/null. */
static int dup_pipes(const int fds[4], int filter, bool sandbox)
{
	int null;

	if (!sandbox)
		return dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 ||
		       dup2(fds[2], 2) < 0 ? STEP_PIPES : 0;
	if ((null = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0)
		return STEP_DEVNULL;
	if (dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(fds[2], 2) < 0 ||
	    dup2(fds[0], SANDBOX_STDIN_FD) < 0 ||
	    dup2(fds[1], SANDBOX_STDOUT_FD) < 0 ||
	    dup2(filter, SANDBOX_SECCOMP_FD) < 0)
		return STEP_PIPES;
	close(null);
	return 0;
}

/* fd, or a copy of it above the sandbox's fixed fds when it is one of
 * them (as when the referee runs with some closed), so that no dup2()
 * onto them clobbers another; -1 on failure. */
static int above_fixed(int fd)
{
	return fd > SANDBOX_SECCOMP_FD ? fd
	       : fcntl(fd, F_DUPFD_CLOEXEC, SANDBOX_SECCOMP_FD + 1);
}

/* In the child, after its parent-death signal is set: whether the
 * referee still runs (else the signal came before it was set).  A child
 * cloned into a PID namespace of its own sees no parent (getppid() 0):
 * the referee's pidfd says. */
static bool parent_alive(const struct plan *plan)
{
	struct pollfd gone = { plan->parent_fd, POLLIN, 0 };

	if (!plan->clone_flags)
		return getppid() == plan->parent;
	return plan->parent_fd < 0 || poll(&gone, 1, 0) == 0;
}

/* The child between fork and exec: async-signal-safe calls only.  fds are
 * the ends that become its stdin, stdout and stderr, then the write end of
 * the failure report pipe. */
static void __attribute__((noreturn))
child_exec(const struct plan *plan, int fds[4])
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	bool sandbox = plan->limits.sandbox;
	/* In the sandbox, the bot's first process enters the frozen part of
	 * its group through this fd (sandbox.h); bwrap stays out of it. */
	int play = plan->group && sandbox ? contain_play_fd(plan->group) : -1;
	int filter = plan->sandbox.seccomp;
	struct rlimit rl;
	int oom, step;

	setpgid(0, 0);
	/* Before the sandbox drops root: the group's files are root's. */
	if (plan->group && contain_enter(plan->group, !sandbox) < 0)
		child_fail(fds[3], STEP_CONTAIN);
	/* The kernel's first pick when the machine runs out of memory,
	 * before the referee and other bots. */
	if ((oom = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC)) >= 0) {
		if (write(oom, "1000", 4) != 4) {
			/* Nothing lost: the bot runs all the same. */
		}
		close(oom);
	}
	/* The usual umask, whatever the verb's (the league's keeps its
	 * files private): the folders the sandbox makes as root are entered
	 * by nobody, and the bot's own files are its business. */
	umask(022);
	/* Before the parent-death signal: a change of user clears it. */
	if (sandbox_enter(&plan->sandbox) < 0)
		child_fail(fds[3], STEP_SANDBOX);
	if (plan->clone_flags && contain_guard(plan->group) < 0)
		child_fail(fds[3], STEP_GUARD);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || !parent_alive(plan))
		_exit(127);
	for (int sig = 1; sig < NSIG; sig++)
		sigaction(sig, &dfl, NULL);
	sigprocmask(SIG_SETMASK, &plan->empty, NULL);
	for (int i = 0; i < 4; i++)
		if ((fds[i] = above_fixed(fds[i])) < 0)
			child_fail(fds[3], STEP_MOVE);
	if ((play >= 0 && (play = above_fixed(play)) < 0) ||
	    (sandbox && (filter = above_fixed(filter)) < 0))
		child_fail(fds[3], STEP_MOVE);
	if ((step = dup_pipes(fds, filter, sandbox)))
		child_fail(fds[3], step);
	if (play >= 0 && dup2(play, SANDBOX_CGROUP_FD) < 0)
		child_fail(fds[3], STEP_GROUP_FD);
	if (plan->limits.cpu_seconds) {
		/* SIGXCPU at the limit, SIGKILL a second later. */
		rl.rlim_cur = plan->limits.cpu_seconds;
		rl.rlim_max = rl.rlim_cur + 1;
		if (setrlimit(RLIMIT_CPU, &rl) < 0)
			child_fail(fds[3], STEP_LIMITS);
	}
	/* In the sandbox, bot-exec sets it inside the bot's user namespace. */
	if (plan->limits.processes && !plan->limits.sandbox) {
		rl.rlim_cur = rl.rlim_max = plan->limits.processes;
		if (setrlimit(RLIMIT_NPROC, &rl) < 0)
			child_fail(fds[3], STEP_LIMITS);
	}
	if (plan->workdir && chdir(plan->workdir) < 0)
		child_fail(fds[3], STEP_CHDIR);
	/* Descriptors the referee itself inherited without close-on-exec
	 * (a make jobserver, a shell's) are not the bot's either. */
	if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) < 0)
		for (int fd = 3; fd < 1024; fd++)
			fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (sandbox &&
	    (fcntl(SANDBOX_STDIN_FD, F_SETFD, 0) < 0 ||
	     fcntl(SANDBOX_STDOUT_FD, F_SETFD, 0) < 0 ||
	     fcntl(SANDBOX_SECCOMP_FD, F_SETFD, 0) < 0 ||
	     (play >= 0 && fcntl(SANDBOX_CGROUP_FD, F_SETFD, 0) < 0)))
		child_fail(fds[3], STEP_KEEP);
	execve(plan->path, plan->argv, plan->envp);
	child_fail(fds[3], STEP_EXEC);
}

static void describe_failure(const struct child_failure *f,
			     const struct plan *plan, char *err)
{
	static const char *const doing[] = {
		[STEP_REPORT] = "cannot read the report of the failed start of",
		[STEP_MOVE] = "cannot move the pipes above the sandbox's fixed descriptors for",
		[STEP_DEVNULL] = "cannot open /dev/null as the standard input and output of",
		[STEP_PIPES] = "cannot make the pipes the standard input, output and error of",
		[STEP_GROUP_FD] = "cannot hand the descriptor of its control group to",
		[STEP_KEEP] = "cannot keep the sandbox's descriptors open across exec for",
		[STEP_LIMITS] = "cannot set resource limits for",
		[STEP_CONTAIN] = "cannot set up the containment (its control group, or its clock) of",
		[STEP_SANDBOX] = "cannot prepare the sandbox for",
		[STEP_GUARD] = "cannot make the namespace that ends every process "
			       "of the sandbox of",
		[STEP_EXEC] = "cannot run",
	};
	/* exec says ENOENT for a script whose interpreter is missing. */
	bool bad_interpreter = f->step == STEP_EXEC && f->err == ENOENT &&
			       access(plan->path, F_OK) == 0;

	if (f->step == STEP_CHDIR)
		errorf(err, "cannot enter working directory '%s': %s",
		       plan->workdir, strerror(f->err));
	else
		errorf(err, "%s '%s': %s%s", doing[f->step], plan->argv[0],
		       strerror(f->err), bad_interpreter ?
		       " (is the interpreter in its #! line installed?)" : "");
}

/* Opens the bot's stderr file to append to, its next line the referee's
 * first mark of the file (stderr_marks.h) when it does not start with
 * one, and every writer's bytes starting a line: a process that died in
 * the middle of one leaves it ended.  The fd, or -1 with err. */
static int open_stderr_log(const struct bot_spec *spec, char *err)
{
	int fd = open(spec->stderr_path, O_CREAT | O_APPEND | O_RDWR | O_CLOEXEC, 0644);
	char first = 0, last = '\n', *head;
	struct stat st;

	if (fd < 0 || fstat(fd, &st) < 0) {
		errorf(err, "cannot open the stderr log '%s': %s",
		       spec->stderr_path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (st.st_size > 0 && (pread(fd, &first, 1, 0) != 1 ||
			       pread(fd, &last, 1, st.st_size - 1) != 1))
		first = 0, last = '\n';
	head = xasprintf("%s%c%s\n", last == '\n' ? "" : "\n", STDERR_REFEREE,
			 STDERR_MARK_FILE);
	if (first != STDERR_REFEREE)
		files_write_all(fd, head, strlen(head));
	else if (last != '\n')
		files_write_all(fd, "\n", 1);
	free(head);
	if (spec->stderr_count)
		spec->stderr_count->last = '\n';
	return fd;
}

/* Pipes for the child's stdin, stdout, stderr and failure report:
 * ends[i][0] is read, ends[i][1] write; the referee's ends are
 * non-blocking.  All are close-on-exec. */
static int open_pipes(int ends[4][2], char *err)
{
	static const int ours[3] = { 1, 0, 0 };

	for (int i = 0; i < 4; i++) {
		if (pipe2(ends[i], O_CLOEXEC) < 0 ||
		    (i < 3 && fcntl(ends[i][ours[i]], F_SETFL, O_NONBLOCK) < 0))
			return errorf(err, "cannot create a pipe for the bot: %s",
				      strerror(errno));
	}
	return 0;
}

/* Forks and execs; returns the pid, or -1 with a message after the
 * child has been reaped.  Closes the child's ends of the pipes. */
static pid_t fork_child(struct plan *plan, int ends[4][2], char *err)
{
	int child_fds[4] = { ends[0][0], ends[1][1], ends[2][1], ends[3][1] };
	struct child_failure f;
	sigset_t all, old;
	ssize_t n;
	pid_t pid;

	/* No signal handler of ours may run in the child before exec. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	/* As fork(), into the namespaces the flags make; a plain fork where
	 * this user may not make them (bwrap is then set-user-ID root, or
	 * fails to make its own and says so). */
	pid = plan->clone_flags ? (pid_t)syscall(SYS_clone, SIGCHLD | plan->clone_flags,
						  NULL, NULL, NULL, NULL)
				: fork();
	if (pid < 0 && plan->clone_flags) {
		plan->clone_flags = 0;
		pid = fork();
	}
	if (pid == 0)
		child_exec(plan, child_fds);
	if (pid > 0) {
		/* The group exists and is listed before any handler of
		 * ours can run and look for it. */
		setpgid(pid, pid);
		bot_track(pid, true);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (pid < 0)
		return errorf(err, "cannot start '%s': fork: %s", plan->argv[0],
			      strerror(errno));
	bot_close_fd(&ends[0][0]);
	bot_close_fd(&ends[1][1]);
	bot_close_fd(&ends[2][1]);
	bot_close_fd(&ends[3][1]);
	do
		n = read(ends[3][0], &f, sizeof f);
	while (n < 0 && errno == EINTR);
	bot_close_fd(&ends[3][0]);
	if (n == 0)
		return pid;
	if (n != sizeof f)
		f = (struct child_failure){ STEP_REPORT, n < 0 ? errno : EIO };
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	bot_track(pid, false);
	describe_failure(&f, plan, err);
	return -1;
}

/* Whether the program at `path` is set-user-ID. */
static bool setuid_program(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && (st.st_mode & S_ISUID);
}

/* Replaces the plan's program with bwrap running it; see sandbox.h. */
static int sandbox_wrap(struct plan *plan, char *err)
{
	if (sandbox_prepare(&plan->sandbox, plan->path, plan->argv,
			    plan->workdir, &plan->limits, err) < 0)
		return -1;
	strings_free(plan->argv);
	free(plan->path);
	plan->argv = plan->sandbox.argv;
	plan->path = xstrdup(plan->sandbox.bwrap);
	plan->sandbox.argv = NULL;
	/* bwrap enters the folder itself. */
	free(plan->workdir);
	plan->workdir = NULL;
	return 0;
}

/* A seat played in this process: no process and no pipes, only the
 * buffer its replies are read from. */
static struct bot *responder_bot(const struct bot_spec *spec)
{
	struct bot *bot = xmalloc(sizeof *bot);

	*bot = (struct bot){ .responder = spec->responder, .in_fd = -1, .out_ready = -1,
			     .out_fd = -1, .err_fd = -1, .pidfd = -1,
			     .log_fd = -1, .limits = spec->limits };
	bot->count = &bot->own_count;
	bot->cap = spec->limits.max_line + 1;
	bot->buf = xmalloc(bot->cap);
	return bot;
}

struct bot *bot_spawn(const struct bot_spec *spec, char *err)
{
	struct plan plan = { .limits = spec->limits, .sandbox = { .seccomp = -1 },
			     .parent = getpid(), .parent_fd = -1 };
	int ends[4][2] = { { -1, -1 }, { -1, -1 }, { -1, -1 }, { -1, -1 } };
	int log_fd = -1;
	struct bot *bot = NULL;
	struct contain *group = NULL;
	pid_t pid = -1;

	if (spec->responder)
		return responder_bot(spec);
	sigemptyset(&plan.empty);
	if (bot_prepare_command(spec, &plan.argv, &plan.path, &plan.workdir, err) < 0)
		goto out;
	/* First: the sandbox's options depend on what contains the bot. */
	if (spec->limits.contain &&
	    !(plan.group = group = contain_new(&spec->limits, err)))
		goto out;
	if (spec->limits.sandbox && sandbox_wrap(&plan, err) < 0)
		goto out;
	/* A set-user-ID bwrap would run as the user in that namespace,
	 * without its privilege. */
	if (group && spec->limits.sandbox && !setuid_program(plan.path) &&
	    (plan.clone_flags = contain_clone_flags(group)))
		plan.parent_fd = (int)syscall(SYS_pidfd_open, plan.parent, 0);
	if (!(plan.envp = bot_env_build(spec->limits.sandbox, spec->limits.env,
					spec->env, err)))
		goto out;
	if (spec->stderr_path && (log_fd = open_stderr_log(spec, err)) < 0)
		goto out;
	/* Without the sandbox's PID namespace, this process adopts what its
	 * bots leave behind in sessions of their own (see reap_escaped() in
	 * bot.c). */
	if (!spec->limits.sandbox)
		prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (open_pipes(ends, err) < 0 || (pid = fork_child(&plan, ends, err)) < 0)
		goto out;
	bot = xmalloc(sizeof *bot);
	*bot = (struct bot){ .pid = pid, .in_fd = ends[0][1], .out_ready = -1,
			     .out_fd = ends[1][0], .err_fd = ends[2][0],
			     .pidfd = (int)syscall(SYS_pidfd_open, pid, 0),
			     .log_fd = log_fd,
			     .limits = spec->limits, .group = group,
			     .running_since = now_ns() };
	bot->count = spec->stderr_count ? spec->stderr_count : &bot->own_count;
	bot->cap = spec->limits.max_line < 4096 ? spec->limits.max_line + 1 : 4096;
	bot->buf = xmalloc(bot->cap);
	ends[0][1] = ends[1][0] = ends[2][0] = log_fd = -1;
	if (group)
		contain_started(group, pid);
	group = NULL;
out:
	contain_destroy(group, 0);
	for (int i = 0; i < 4; i++) {
		bot_close_fd(&ends[i][0]);
		bot_close_fd(&ends[i][1]);
	}
	bot_close_fd(&log_fd);
	bot_close_fd(&plan.parent_fd);
	strings_free(plan.argv);
	free(plan.path);
	free(plan.workdir);
	strings_free(plan.envp);
	sandbox_free(&plan.sandbox);
	return bot;
}

int bot_sandbox_check(char *err)
{
	struct bot_spec spec = { .command = "/bin/true",
				 .limits = { .max_line = 64, .sandbox = true } };
	int64_t deadline = now_ns() + 10 * (int64_t)1000000000;
	char said[ERR_LEN / 2], why[ERR_LEN];
	struct bot *bot = bot_spawn(&spec, why);
	size_t got = 0;
	bool ok;

	if (!bot)
		return errorf(err, "%s", why);
	/* bwrap's own words, up to the end of its stderr. */
	while (got < sizeof said - 1) {
		struct pollfd p = { bot->err_fd, POLLIN, 0 };
		int64_t left = (deadline - now_ns()) / 1000000;
		ssize_t n;

		if (left <= 0 || poll(&p, 1, (int)left) <= 0)
			break;
		n = read(bot->err_fd, said + got, sizeof said - 1 - got);
		if (n <= 0 && !(n < 0 && (errno == EINTR || errno == EAGAIN)))
			break;
		got += n > 0 ? (size_t)n : 0;
	}
	said[got] = '\0';
	said[strcspn(said, "\n")] = '\0';
	bot_describe_exit(bot, 10000, why, sizeof why);
	ok = bot->exit_code == CLD_EXITED && bot->exit_status == 0;
	bot_free(bot, 0);
	if (ok)
		return 0;
	return errorf(err, "the sandbox needs bubblewrap to create namespaces, "
		      "which it cannot do here: %s; pass --no-sandbox to run the "
		      "bots without it", got ? said : why);
}
