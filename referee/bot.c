/*
 * One bot process and line I/O with it (see bot.h).  Spawning follows
 * git's run-command discipline: the command is split, the program found
 * in PATH, the environment built and the stderr log opened before fork(),
 * so the child only makes async-signal-safe calls (its own process group,
 * the sandbox's root-only steps, a parent-death signal, default signals,
 * limits, chdir, execve); when a step fails it sends the step and errno
 * back over a close-on-exec pipe and bot_spawn() turns them into a
 * message.  All waiting goes through
 * one poll(2) on the fd of interest, the stderr pipe (drained into a
 * capped log file on every wake-up) and a pidfd, so the death of the bot
 * ends any wait at once even when a grandchild keeps its pipes open
 * (without pidfd_open(), as under valgrind 3.19, a look every 10 ms).
 * Nobody else may reap a bot: its zombie keeps the process group id from
 * being reused until bot_terminate() has killed the whole group.
 */
#include "bot.h"
#include "bot_env.h"
#include "cgroup.h"
#include "paths.h"
#include "sandbox.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/close_range.h>


/* The process groups of the bots started and not yet reaped, for
 * bot_kill_all() in a signal handler: changed only with every signal
 * blocked, so a handler always sees the list whole. */
static pid_t *live_groups;
static size_t live_count, live_cap;

struct bot {
	pid_t pid;           /* also the process group id; 0 for a responder */
	const struct bot_responder *responder;
	int in_fd, out_fd, err_fd, pidfd, log_fd;
	struct bot_limits limits;
	char *buf;           /* stdout bytes: buf[start..len) not returned yet */
	size_t cap, start, len;
	size_t scan;         /* buf[start..scan) holds no newline */
	bool out_eof, exited, reaped;
	bool outlived;       /* a process of its group outlived its end */
	struct bot_stderr_count own_count, *count; /* count: own or the spec's */
	int exit_code;       /* si_code from waitid() once known, else 0 */
	int exit_status;
	struct cgroup *group; /* limits.contain */
	int due;             /* lines written and not yet answered */
	bool frozen;
	int64_t cpu_mark;    /* the group's CPU time when work on the next
			      * reply began */
	int64_t running_since; /* now_ns() when it was thawed or last
				* replied: its CPU time since then is at
				* most this long times its CPUs */
	int64_t reply_cpu;   /* what the last reply cost */
};

/* The step that failed in the child, sent back with its errno. */
enum child_step {
	STEP_SETUP = 1, STEP_LIMITS, STEP_CGROUP, STEP_SANDBOX, STEP_CHDIR,
	STEP_EXEC,
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
	const struct cgroup *group;  /* when limits.contain */
	pid_t parent;
	sigset_t empty;
};

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void __attribute__((noreturn)) child_fail(int report_fd, int step)
{
	struct child_failure f = { step, errno };

	while (write(report_fd, &f, sizeof f) < 0 && errno == EINTR)
		;
	_exit(127);
}

/* A sandboxed bot's stdin and stdout reach it on SANDBOX_STDIN_FD and
 * SANDBOX_STDOUT_FD, and bwrap its seccomp filter on SANDBOX_SECCOMP_FD
 * (see sandbox.h); bwrap's own stdin and stdout are /dev/null.  fds as in
 * child_exec(). */
static int dup_sandboxed(const int fds[4], int filter)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (null < 0)
		return -1;
	if (dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(fds[2], 2) < 0 ||
	    dup2(fds[0], SANDBOX_STDIN_FD) < 0 ||
	    dup2(fds[1], SANDBOX_STDOUT_FD) < 0 ||
	    dup2(filter, SANDBOX_SECCOMP_FD) < 0)
		return -1;
	return close(null);
}

/* fd, or a copy of it above the sandbox's fixed fds when it is one of
 * them (as when the referee runs with some closed), so that no dup2()
 * onto them clobbers another; -1 on failure. */
static int above_fixed(int fd)
{
	return fd > SANDBOX_SECCOMP_FD ? fd
	       : fcntl(fd, F_DUPFD_CLOEXEC, SANDBOX_SECCOMP_FD + 1);
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
	int play = plan->group && sandbox ? cgroup_play_fd(plan->group) : -1;
	int filter = plan->sandbox.seccomp;
	struct rlimit rl;
	int oom;

	setpgid(0, 0);
	/* Before the sandbox drops root: the group's files are root's. */
	if (plan->group && cgroup_enter(plan->group, !sandbox) < 0)
		child_fail(fds[3], STEP_CGROUP);
	/* The kernel's first pick when the machine runs out of memory,
	 * before the referee and other bots. */
	if ((oom = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC)) >= 0) {
		if (write(oom, "1000", 4) != 4) {
			/* Nothing lost: the bot runs all the same. */
		}
		close(oom);
	}
	/* Before the parent-death signal: a change of user clears it. */
	if (sandbox_enter(&plan->sandbox) < 0)
		child_fail(fds[3], STEP_SANDBOX);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != plan->parent)
		_exit(127);
	for (int sig = 1; sig < NSIG; sig++)
		sigaction(sig, &dfl, NULL);
	sigprocmask(SIG_SETMASK, &plan->empty, NULL);
	for (int i = 0; i < 4; i++)
		if ((fds[i] = above_fixed(fds[i])) < 0)
			child_fail(fds[3], STEP_SETUP);
	if ((play >= 0 && (play = above_fixed(play)) < 0) ||
	    (sandbox && (filter = above_fixed(filter)) < 0))
		child_fail(fds[3], STEP_SETUP);
	if (sandbox ? dup_sandboxed(fds, filter) < 0 :
	    dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 || dup2(fds[2], 2) < 0)
		child_fail(fds[3], STEP_SETUP);
	if (play >= 0 && dup2(play, SANDBOX_CGROUP_FD) < 0)
		child_fail(fds[3], STEP_SETUP);
	if (plan->limits.cpu_seconds) {
		/* SIGXCPU at the limit, SIGKILL a second later. */
		rl.rlim_cur = plan->limits.cpu_seconds;
		rl.rlim_max = rl.rlim_cur + 1;
		if (setrlimit(RLIMIT_CPU, &rl) < 0)
			child_fail(fds[3], STEP_LIMITS);
	}
	/* In the sandbox, prlimit sets it inside the bot's user namespace. */
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
		child_fail(fds[3], STEP_SETUP);
	execve(plan->path, plan->argv, plan->envp);
	child_fail(fds[3], STEP_EXEC);
}

static void describe_failure(const struct child_failure *f,
			     const struct plan *plan, char *err)
{
	static const char *const doing[] = {
		[STEP_SETUP] = "cannot set up the process for",
		[STEP_LIMITS] = "cannot set resource limits for",
		[STEP_CGROUP] = "cannot set up the control group of",
		[STEP_SANDBOX] = "cannot prepare the sandbox for",
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

/* Adds or removes a bot's process group in live_groups. */
static void track(pid_t pid, bool add)
{
	sigset_t all, old;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	if (add) {
		if (live_count == live_cap) {
			live_cap = live_cap ? 2 * live_cap : 8;
			live_groups = xrealloc(live_groups,
					       live_cap * sizeof *live_groups);
		}
		live_groups[live_count++] = pid;
	} else {
		for (size_t i = 0; i < live_count; i++)
			if (live_groups[i] == pid) {
				live_groups[i] = live_groups[--live_count];
				break;
			}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* The parent of process `pid` as /proc says, or 0. */
static pid_t parent_of(pid_t pid)
{
	char *path = xasprintf("/proc/%d/stat", (int)pid), buf[512], *end;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ppid = 0;
	ssize_t n;

	free(path);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	/* "pid (comm) state ppid ...", where comm may hold anything. */
	if (n > 0 && (end = strrchr(buf, ')')) &&
	    sscanf(end + 1, " %*c %d", &ppid) != 1)
		ppid = 0;
	return (pid_t)ppid;
}

static bool is_live_bot(pid_t pid)
{
	for (size_t i = 0; i < live_count; i++)
		if (live_groups[i] == pid)
			return true;
	return false;
}

/* Kills and reaps the children of this process that are not bots: what a
 * bot started in a session of its own (setsid, out of its process group)
 * and left behind, which the kernel hands to this process, a child
 * subreaper, when their parent dies.  Again until none is left, as each
 * one killed hands over its own children. */
static void reap_escaped(void)
{
	pid_t self = getpid();

	for (int round = 0; round < 1000; round++) {
		DIR *proc = opendir("/proc");
		pid_t *found = NULL;
		size_t count = 0;
		struct dirent *d;

		if (!proc)
			return;
		while ((d = readdir(proc))) {
			pid_t pid = (pid_t)atoi(d->d_name);

			if (pid <= 0 || parent_of(pid) != self || is_live_bot(pid))
				continue;
			kill(pid, SIGKILL);
			found = xrealloc(found, (count + 1) * sizeof *found);
			found[count++] = pid;
		}
		closedir(proc);
		for (size_t i = 0; i < count; i++)
			while (waitpid(found[i], NULL, 0) < 0 && errno == EINTR)
				;
		free(found);
		if (!count)
			return;
	}
}

void bot_kill_all(void)
{
	for (size_t i = 0; i < live_count; i++)
		kill(-live_groups[i], SIGKILL);
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
static pid_t fork_child(const struct plan *plan, int ends[4][2], char *err)
{
	int child_fds[4] = { ends[0][0], ends[1][1], ends[2][1], ends[3][1] };
	struct child_failure f;
	sigset_t all, old;
	ssize_t n;
	pid_t pid;

	/* No signal handler of ours may run in the child before exec. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pid = fork();
	if (pid == 0)
		child_exec(plan, child_fds);
	if (pid > 0) {
		/* The group exists and is listed before any handler of
		 * ours can run and look for it. */
		setpgid(pid, pid);
		track(pid, true);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (pid < 0)
		return errorf(err, "cannot start '%s': fork: %s", plan->argv[0],
			      strerror(errno));
	close_fd(&ends[0][0]);
	close_fd(&ends[1][1]);
	close_fd(&ends[2][1]);
	close_fd(&ends[3][1]);
	do
		n = read(ends[3][0], &f, sizeof f);
	while (n < 0 && errno == EINTR);
	close_fd(&ends[3][0]);
	if (n == 0)
		return pid;
	if (n != sizeof f)
		f = (struct child_failure){ STEP_SETUP, n < 0 ? errno : EIO };
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	track(pid, false);
	describe_failure(&f, plan, err);
	return -1;
}

/* The control group of a bot with these limits. */
static struct cgroup *contain(const struct bot_limits *limits, char *err)
{
	const struct cgroup_limits l = {
		.memory = limits->memory,
		.processes = limits->processes ? limits->processes
			     : BOT_DEFAULT_PROCESSES,
		.cpus = limits->cpus,
	};
	char why[ERR_LEN];

	if (cgroup_tree_ready(why) < 0) {
		errorf(err, "no control group for the bot: %s", why);
		return NULL;
	}
	return cgroup_create(cgroup_tree_found(), &l, err);
}

/* Replaces the plan's program with bwrap running it; see sandbox.h. */
static int sandbox_wrap(struct plan *plan, char *err)
{
	if (sandbox_prepare(&plan->sandbox, plan->path, plan->argv,
			    plan->workdir, &plan->limits, err) < 0)
		return -1;
	bot_free_words(plan->argv);
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

	*bot = (struct bot){ .responder = spec->responder, .in_fd = -1,
			     .out_fd = -1, .err_fd = -1, .pidfd = -1,
			     .log_fd = -1, .limits = spec->limits };
	bot->count = &bot->own_count;
	bot->cap = spec->limits.max_line + 1;
	bot->buf = xmalloc(bot->cap);
	return bot;
}

static void compact(struct bot *bot);

/* Hands a line to a responder and buffers its reply; a responder that
 * gives none has left. */
static enum bot_status respond(struct bot *bot, const char *line, size_t len)
{
	char *reply = bot->out_eof ? NULL
		      : bot->responder->respond(bot->responder->ctx, line, len);
	size_t n = reply ? strlen(reply) : 0;

	if (!reply) {
		bot->out_eof = bot->exited = bot->reaped = true;
		return BOT_OK; /* the read that follows finds nothing */
	}
	compact(bot);
	if (bot->len + n + 1 > bot->cap) {
		bot->cap = bot->len + n + 1;
		bot->buf = xrealloc(bot->buf, bot->cap);
	}
	memcpy(bot->buf + bot->len, reply, n);
	bot->buf[bot->len + n] = '\n';
	bot->len += n + 1;
	free(reply);
	return BOT_OK;
}

struct bot *bot_spawn(const struct bot_spec *spec, char *err)
{
	struct plan plan = { .limits = spec->limits,
			     .sandbox = { .seccomp = -1 }, .parent = getpid() };
	int ends[4][2] = { { -1, -1 }, { -1, -1 }, { -1, -1 }, { -1, -1 } };
	int log_fd = -1;
	struct bot *bot = NULL;
	struct cgroup *group = NULL;
	pid_t pid = -1;

	if (spec->responder)
		return responder_bot(spec);
	sigemptyset(&plan.empty);
	if (bot_prepare_command(spec, &plan.argv, &plan.path, &plan.workdir, err) < 0)
		goto out;
	if (spec->limits.sandbox && sandbox_wrap(&plan, err) < 0)
		goto out;
	if (!(plan.envp = bot_env_build(spec->limits.sandbox, spec->limits.env,
					spec->env, err)))
		goto out;
	if (spec->stderr_path &&
	    (log_fd = open(spec->stderr_path, O_CREAT | O_APPEND | O_WRONLY |
			   O_CLOEXEC, 0644)) < 0) {
		errorf(err, "cannot open the stderr log '%s': %s",
		       spec->stderr_path, strerror(errno));
		goto out;
	}
	/* Without the sandbox's PID namespace, this process adopts what its
	 * bots leave behind in sessions of their own (see reap_escaped()). */
	if (!spec->limits.sandbox)
		prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (spec->limits.contain && !(plan.group = group = contain(&spec->limits, err)))
		goto out;
	if (open_pipes(ends, err) < 0 || (pid = fork_child(&plan, ends, err)) < 0)
		goto out;
	bot = xmalloc(sizeof *bot);
	*bot = (struct bot){ .pid = pid, .in_fd = ends[0][1],
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
		cgroup_entered(group);
	group = NULL;
out:
	cgroup_destroy(group, 0);
	for (int i = 0; i < 4; i++) {
		close_fd(&ends[i][0]);
		close_fd(&ends[i][1]);
	}
	close_fd(&log_fd);
	bot_free_words(plan.argv);
	free(plan.path);
	free(plan.workdir);
	bot_free_words(plan.envp);
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

static void write_log(int fd, const char *data, size_t n)
{
	while (n) {
		ssize_t w = write(fd, data, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		data += w;
		n -= (size_t)w;
	}
}

/* Reads and drops what a bot writes to stderr past its limit (or with
 * no log): splice(2) to /dev/null, so that a flood costs no copy.  As
 * read(2) returns. */
static ssize_t drop_stderr(int fd)
{
	static int null_fd = -1;
	char chunk[16384];
	ssize_t n;

	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	n = null_fd < 0 ? -1 : splice(fd, NULL, null_fd, NULL, 1 << 20,
				      SPLICE_F_NONBLOCK);
	if (n < 0 && (errno == EINVAL || errno == EBADF))
		n = read(fd, chunk, sizeof chunk);
	return n;
}

/* Reads one chunk of stderr into the log, keeping at most max_stderr
 * bytes for the bot across its processes.  Returns false when there was
 * nothing to read. */
static bool drain_stderr(struct bot *bot)
{
	struct bot_stderr_count *c = bot->count;
	bool dropping = bot->log_fd < 0 || c->cut;
	char chunk[16384];
	size_t keep;
	ssize_t n;

	if (bot->err_fd < 0)
		return false;
	n = dropping ? drop_stderr(bot->err_fd)
		     : read(bot->err_fd, chunk, sizeof chunk);
	if (n < 0 && errno == EINTR)
		return true;
	if (n <= 0) {
		if (n == 0 || errno != EAGAIN)
			close_fd(&bot->err_fd);
		return false;
	}
	if (dropping)
		return true;
	keep = bot->limits.max_stderr - c->kept;
	if (keep > (size_t)n)
		keep = (size_t)n;
	if (keep) {
		write_log(bot->log_fd, chunk, keep);
		c->kept += keep;
		c->last = chunk[keep - 1];
	}
	if (keep < (size_t)n) {
		char marker[80];
		int m = snprintf(marker, sizeof marker,
				 "%s[stderr truncated after %zu bytes]\n",
				 c->kept && c->last != '\n' ? "\n" : "", c->kept);

		write_log(bot->log_fd, marker, (size_t)m);
		c->cut = true;
	}
	return true;
}

void bot_stderr_note(struct bot *bot, const char *line, bool after)
{
	struct bot_stderr_count *c = bot->count;

	for (int i = 0; after && i < 64 && drain_stderr(bot); i++)
		;
	if (bot->log_fd < 0 || c->cut)
		return;
	if (c->kept && c->last != '\n')
		write_log(bot->log_fd, "\n", 1);
	write_log(bot->log_fd, line, strlen(line));
	write_log(bot->log_fd, "\n", 1);
	c->last = '\n';
}

/* Records how the bot ended, if it has, without reaping it. */
static bool peek_exit(struct bot *bot)
{
	siginfo_t si = { 0 };

	if (waitid(P_PID, (id_t)bot->pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0 ||
	    si.si_pid != bot->pid)
		return false;
	bot->exit_code = si.si_code;
	bot->exit_status = si.si_status;
	return true;
}

/* How long the deadline cannot pass yet, in ns; 0 with *late set to the
 * timeout when it has passed.  A group given `cpus` CPUs (all of them
 * when 0) uses at most that many seconds of CPU a second, so its budget
 * cannot run out before what is left of it divided by them: the wait is
 * that long (at least a millisecond) and the clock is read again then. */
static int64_t time_left(struct bot *bot, const struct bot_deadline *d,
			 enum bot_status *late)
{
	int64_t now = now_ns(), left = d->wall_ns - now, cpu_left, bound;
	long cpus;

	if (left <= 0) {
		*late = BOT_TIMEOUT;
		return 0;
	}
	if (!d->cpu_ns || !bot->group)
		return left;
	cpus = bot->limits.cpus ? (long)bot->limits.cpus : sysconf(_SC_NPROCESSORS_ONLN);
	cpus = cpus > 0 ? cpus : 1;
	/* The kernel is asked only when it could be late. */
	bound = (now - bot->running_since) * cpus;
	cpu_left = d->cpu_ns - (bound < d->cpu_ns ? bound : cgroup_cpu_ns(bot->group) -
							   bot->cpu_mark);
	if (cpu_left <= 0) {
		*late = BOT_CPU_TIMEOUT;
		return 0;
	}
	cpu_left /= cpus;
	cpu_left = cpu_left < 1000000 ? 1000000 : cpu_left;
	return cpu_left < left ? cpu_left : left;
}

/* Waits until fd (may be -1) has `events`, the bot exits (BOT_CLOSED) or
 * the deadline passes (BOT_TIMEOUT or BOT_CPU_TIMEOUT), draining stderr
 * meanwhile.  Polls at least once, so a past deadline still sees what is
 * ready now.  Without a pidfd (Linux < 5.3, or valgrind 3.19) it looks at
 * the process every 10 ms. */
static enum bot_status wait_for(struct bot *bot, int fd, short events,
				const struct bot_deadline *d)
{
	for (;;) {
		struct pollfd p[3] = { { fd, events, 0 },
				       { bot->err_fd, POLLIN, 0 },
				       { bot->pidfd, POLLIN, 0 } };
		enum bot_status late = BOT_OK;
		int64_t left = time_left(bot, d, &late);
		int64_t ms = left <= 0 ? 0 : left / 1000000 + (left % 1000000 != 0);
		int n;

		if (bot->pidfd < 0 && ms > 10)
			ms = 10;
		n = poll(p, 3, ms > INT_MAX ? INT_MAX : (int)ms);
		if (n < 0 && errno != EINTR)
			return BOT_IO_ERROR;
		if (n > 0 && p[1].revents)
			drain_stderr(bot);
		if ((n > 0 && p[2].revents) ||
		    (bot->pidfd < 0 && !bot->exited && peek_exit(bot)))
			bot->exited = true;
		if (n > 0 && p[0].revents)
			return BOT_OK;
		if (bot->exited)
			return BOT_CLOSED;
		if (late != BOT_OK)
			return late;
	}
}

static void set_frozen(struct bot *bot, bool frozen)
{
	if (bot->group && bot->frozen != frozen && !cgroup_freeze(bot->group, frozen))
		bot->frozen = frozen;
}

/* `status`, unless the bot's group went past a limit: then that. */
static enum bot_status over_limit(struct bot *bot, enum bot_status status)
{
	/* A fault is looked into; a reply only when the kernel said. */
	switch (!bot->group ? CGROUP_WITHIN : status == BOT_OK ?
		cgroup_breach_seen(bot->group) : cgroup_breach(bot->group)) {
	case CGROUP_OUT_OF_MEMORY:
		return BOT_OUT_OF_MEMORY;
	case CGROUP_TOO_MANY_PROCESSES:
		return BOT_TOO_MANY_PROCESSES;
	case CGROUP_WITHIN:
		break;
	}
	return status;
}

/* A reply line was read: what it cost is read from the group's clock. */
static enum bot_status replied(struct bot *bot)
{
	int64_t cpu;

	if (!bot->group)
		return BOT_OK;
	bot->due -= bot->due > 0;
	cpu = cgroup_cpu_ns(bot->group);
	bot->reply_cpu = cpu > bot->cpu_mark ? cpu - bot->cpu_mark : 0;
	bot->cpu_mark = cpu > bot->cpu_mark ? cpu : bot->cpu_mark;
	bot->running_since = now_ns();
	return over_limit(bot, BOT_OK);
}

enum bot_status bot_write_line(struct bot *bot, const char *line, size_t len,
			       int64_t deadline_ns)
{
	struct iovec iov[2] = { { (void *)line, len }, { "\n", 1 } };
	const struct bot_deadline d = { deadline_ns, 0 };
	int i = 0;

	if (bot->responder)
		return respond(bot, line, len);
	if (bot->in_fd < 0)
		return BOT_CLOSED;
	/* A pondering bot's thoughts between moves are its own. */
	if (bot->group && !bot->due && bot->limits.ponder)
		bot->cpu_mark = cgroup_cpu_ns(bot->group);
	while (i < 2) {
		ssize_t n = writev(bot->in_fd, iov + i, 2 - i);

		if (n < 0 && errno == EAGAIN) {
			enum bot_status st;

			set_frozen(bot, false); /* to drain its pipe */
			if ((st = wait_for(bot, bot->in_fd, POLLOUT, &d)) != BOT_OK)
				return over_limit(bot, st);
		} else if (n < 0 && errno != EINTR) {
			return over_limit(bot, errno == EPIPE ? BOT_CLOSED
							      : BOT_IO_ERROR);
		} else if (n >= 0) {
			for (; i < 2 && (size_t)n >= iov[i].iov_len; i++)
				n -= (ssize_t)iov[i].iov_len;
			if (i < 2) {
				iov[i].iov_base = (char *)iov[i].iov_base + n;
				iov[i].iov_len -= (size_t)n;
			}
		}
	}
	/* Thawed after the write, so that it wakes once, to a line. */
	if (bot->group && bot->due++ == 0) {
		set_frozen(bot, false);
		bot->running_since = now_ns();
	}
	return BOT_OK;
}

/* Drops the bytes of lines already returned. */
static void compact(struct bot *bot)
{
	memmove(bot->buf, bot->buf + bot->start, bot->len - bot->start);
	bot->len -= bot->start;
	bot->scan -= bot->start;
	bot->start = 0;
}

/* One non-blocking read of stdout into the buffer, grown up to
 * max_line + 1 bytes.  Returns read(2)'s result. */
static ssize_t fill(struct bot *bot)
{
	ssize_t n;

	if (bot->len == bot->cap) {
		size_t most = bot->limits.max_line + 1;

		bot->cap = bot->cap > most / 2 ? most : 2 * bot->cap;
		bot->buf = xrealloc(bot->buf, bot->cap);
	}
	do
		n = read(bot->out_fd, bot->buf + bot->len, bot->cap - bot->len);
	while (n < 0 && errno == EINTR);
	if (n > 0)
		bot->len += (size_t)n;
	else if (n == 0)
		bot->out_eof = true;
	return n;
}

enum bot_status bot_read_line(struct bot *bot, const struct bot_deadline *deadline,
			      const char **line, size_t *len)
{
	enum bot_status st;

	compact(bot);
	for (;;) {
		char *nl = memchr(bot->buf + bot->scan, '\n', bot->len - bot->scan);

		if (nl) {
			*nl = '\0';
			*line = bot->buf;
			*len = (size_t)(nl - bot->buf);
			bot->start = bot->scan = *len + 1;
			return replied(bot);
		}
		bot->scan = bot->len;
		if (bot->len > bot->limits.max_line)
			return BOT_TOO_LONG;
		if (bot->out_eof || bot->responder)
			return over_limit(bot, BOT_CLOSED);
		if (fill(bot) >= 0)
			continue;
		if (errno != EAGAIN)
			return BOT_IO_ERROR;
		/* The pipe is empty: if the bot is gone, no line will come. */
		if (bot->exited)
			return over_limit(bot, BOT_CLOSED);
		st = wait_for(bot, bot->out_fd, POLLIN, deadline);
		if (st != BOT_OK && st != BOT_CLOSED)
			return over_limit(bot, st);
	}
}

bool bot_line_ready(struct bot *bot, int64_t wall_ns)
{
	const struct bot_deadline d = { wall_ns, 0 };

	if (bot->responder)
		return true;
	compact(bot);
	for (;;) {
		if (memchr(bot->buf + bot->scan, '\n', bot->len - bot->scan) ||
		    bot->len > bot->limits.max_line || bot->out_eof || bot->exited)
			return true;
		bot->scan = bot->len;
		if (fill(bot) >= 0)
			continue;
		if (errno != EAGAIN)
			return true;
		if (wait_for(bot, bot->out_fd, POLLIN, &d) == BOT_TIMEOUT)
			return false;
	}
}

int64_t bot_reply_cpu_ns(const struct bot *bot)
{
	return bot->reply_cpu;
}

void bot_idle(struct bot *bot)
{
	if (bot->group && !bot->due && !bot->limits.ponder)
		set_frozen(bot, true);
}

bool bot_has_unsolicited_output(struct bot *bot)
{
	compact(bot);
	return bot->len > 0 || (!bot->out_eof && !bot->responder && fill(bot) > 0);
}

pid_t bot_pid(const struct bot *bot)
{
	return bot->pid;
}

void bot_terminate(struct bot *bot, int grace_ms)
{
	if (bot->responder) {
		bot->out_eof = true;
		return;
	}
	if (!bot->reaped) {
		siginfo_t si = { 0 };

		close_fd(&bot->in_fd);
		close_fd(&bot->out_fd);
		bot->out_eof = true;
		set_frozen(bot, false); /* a frozen process takes no signal */
		if (!bot->exited) {
			kill(-bot->pid, SIGTERM);
			wait_for(bot, -1, 0, &(struct bot_deadline){
				 now_ns() + (int64_t)grace_ms * 1000000, 0 });
		}
		/* Even when the leader is gone: its group may live on. */
		kill(-bot->pid, SIGKILL);
		track(bot->pid, false);
		while (waitid(P_PID, (id_t)bot->pid, &si, WEXITED) < 0 &&
		       errno == EINTR)
			;
		if (si.si_pid == bot->pid) {
			bot->exit_code = si.si_code;
			bot->exit_status = si.si_status;
		}
		bot->exited = bot->reaped = true;
		if (!bot->limits.sandbox)
			reap_escaped();
		/* Whatever is left of it; gone before the next game starts. */
		bot->outlived = !cgroup_destroy(bot->group, 2000);
		bot->group = NULL;
	}
	/* What the bot said last matters most; bounded, as something
	 * outside the group may still be writing. */
	for (int i = 0; i < 64 && drain_stderr(bot); i++)
		;
	close_fd(&bot->err_fd);
	close_fd(&bot->pidfd);
	close_fd(&bot->log_fd);
}

void bot_describe_exit(struct bot *bot, int wait_ms, char *buf, size_t len)
{
	if (bot->responder) {
		snprintf(buf, len, "%s", bot->exited ? "resigned (end of input)"
						     : "is still playing");
		return;
	}
	if (!bot->reaped) {
		wait_for(bot, -1, 0, &(struct bot_deadline){
			 now_ns() + (int64_t)wait_ms * 1000000, 0 });
		peek_exit(bot);
	}
	/* bwrap exits with 128 + N when the bot was killed by signal N. */
	if (bot->limits.sandbox && bot->exit_code == CLD_EXITED &&
	    bot->exit_status > 128 && bot->exit_status < 128 + NSIG)
		snprintf(buf, len, "was killed by signal %d (%s)",
			 bot->exit_status - 128, strsignal(bot->exit_status - 128));
	else if (bot->exit_code == CLD_EXITED)
		snprintf(buf, len, "exited with status %d", bot->exit_status);
	else if (bot->exit_code == CLD_KILLED || bot->exit_code == CLD_DUMPED)
		snprintf(buf, len, "was killed by signal %d (%s)",
			 bot->exit_status, strsignal(bot->exit_status));
	else
		snprintf(buf, len, "is still running");
}

bool bot_free(struct bot *bot, int grace_ms)
{
	bool gone;

	if (!bot)
		return true;
	bot_terminate(bot, grace_ms);
	gone = !bot->outlived;
	free(bot->buf);
	free(bot);
	return gone;
}
