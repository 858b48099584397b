/*
 * Unit tests for sandbox_seccomp.c: a child loads the filter as bwrap
 * would and makes each call that the filter answers, which must fail with
 * the filter's errno (or, a lock that is set, return 0), and the same call
 * without the filter must not (its arguments are chosen so that the kernel
 * would answer otherwise: a bad fd, a timeout), so that a rule that
 * matched nothing, or a call that the kernel still ran, would show.  A
 * lock so granted holds nothing: another process, or another open file
 * description, takes the same lock at once, which without the filter it
 * cannot.  The tricks around a rule (high bits set in an int argument,
 * another architecture's calls) fail too; what ordinary programs need
 * (private futexes, threads, the four socket families of the network
 * namespace, plain preadv2) works.  Under valgrind, which fails by itself
 * the calls it does not know, only the "build" case means anything
 * (tests/e2e/valgrind.sh).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/futex.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "bot/sandbox_seccomp.h"
#include "run_suite.h"

#define HIGH (1L << 32)  /* set in an int argument, the kernel ignores it */
/* Stand-ins for what exists only at run time. */
#define WORD -1001L      /* the address of a futex word holding 7 */
#define TIMEOUT -1002L   /* the address of a timeout of 1 ns */
#define FD -1003L        /* an fd open on /dev/zero */
#define IOV -1004L       /* an iovec of one byte */
#define NOPID 0x3ffffff0L /* above every pid_max: no process has it */

struct probe {
	const char *what;
	const char *syscall;
	long args[6];
	int want;     /* its errno under the filter; 0: it succeeds */
	bool natural; /* without the filter it cannot end as `want` does */
};

static const struct probe answered[] = {
	/* Granted: on a bad fd, 0 says the kernel never saw the call. */
	{ "flock", "flock", { -1, LOCK_SH }, 0, true },
	{ "F_SETLK", "fcntl", { -1, F_SETLK }, 0, true },
	{ "F_SETLKW", "fcntl", { -1, F_SETLKW }, 0, true },
	{ "F_OFD_SETLK", "fcntl", { -1, F_OFD_SETLK }, 0, true },
	{ "F_OFD_SETLKW", "fcntl", { -1, F_OFD_SETLKW }, 0, true },
	{ "F_OFD_SETLKW, high bits set", "fcntl", { -1, F_OFD_SETLKW | HIGH }, 0, true },
	{ "F_GETLK", "fcntl", { -1, F_GETLK }, ENOLCK, true },
	{ "F_OFD_GETLK", "fcntl", { -1, F_OFD_GETLK }, ENOLCK, true },
	{ "F_GETLK, high bits set", "fcntl", { -1, F_GETLK | HIGH }, ENOLCK, true },
	{ "F_SETLEASE", "fcntl", { -1, F_SETLEASE }, EPERM, true },
	{ "F_GETLEASE", "fcntl", { -1, F_GETLEASE }, EPERM, true },
	{ "F_NOTIFY", "fcntl", { -1, F_NOTIFY }, EPERM, true },
	{ "inotify_init", "inotify_init", { 0 }, EPERM, true },
	{ "inotify_init1", "inotify_init1", { 0 }, EPERM, true },
	{ "inotify_add_watch", "inotify_add_watch", { -1 }, EPERM, true },
	/* FAN_CLASS_NOTIF | FAN_REPORT_FID: allowed to every user. */
	{ "fanotify_init", "fanotify_init", { 0x200, O_RDONLY }, EPERM, true },
	{ "fanotify_mark", "fanotify_mark", { -1 }, EPERM, true },
	{ "add_key", "add_key", { 0 }, EPERM, true },
	{ "keyctl", "keyctl", { -1 }, EPERM, true },
	{ "request_key", "request_key", { 0 }, EPERM, true },
	{ "cachestat", "cachestat", { -1 }, EOPNOTSUPP, true },
	{ "mincore", "mincore", { 1 }, EOPNOTSUPP, true },
	{ "preadv2 RWF_NOWAIT", "preadv2", { -1, IOV, 1, 0, 0, RWF_NOWAIT }, EOPNOTSUPP, true },
	{ "preadv2 RWF_NOWAIT, high bits set", "preadv2",
	  { -1, IOV, 1, 0, 0, RWF_NOWAIT | RWF_HIPRI | HIGH }, EOPNOTSUPP, true },
	{ "pwritev2 RWF_NOWAIT", "pwritev2", { -1, 0, 0, 0, 0, RWF_NOWAIT }, EOPNOTSUPP, true },
	/* kernel.io_uring_disabled 2 refuses it with EPERM too. */
	{ "io_uring_setup", "io_uring_setup", { 0 }, EPERM, false },
	{ "io_uring_enter", "io_uring_enter", { -1 }, EPERM, true },
	{ "io_uring_register", "io_uring_register", { -1 }, EPERM, true },
	{ "perf_event_open", "perf_event_open", { 0 }, EPERM, true },
	/* A user's syslog() is refused where kernel.dmesg_restrict is 1. */
	{ "syslog", "syslog", { 10 }, EPERM, false },
	{ "mq_open", "mq_open", { 0 }, EPERM, true },
	/* Flags 0xffff are invalid: the kernel would say EINVAL. */
	{ "memfd_create", "memfd_create", { 0, 0xffff }, ENOSYS, true },
	/* Invalid with CLONE_PIDFD, or CLONE_FS: the kernel would say EINVAL. */
	{ "unshare CLONE_NEWUSER", "unshare", { CLONE_NEWUSER | CLONE_PIDFD }, EPERM, true },
	{ "clone CLONE_NEWUSER", "clone", { CLONE_NEWUSER | CLONE_FS }, EPERM, true },
	{ "clone3", "clone3", { 0 }, ENOSYS, true },
	{ "shared FUTEX_WAIT", "futex", { WORD, FUTEX_WAIT, 7, TIMEOUT }, EAGAIN, true },
	{ "shared FUTEX_WAIT, high bits set", "futex",
	  { WORD, FUTEX_WAIT | HIGH, 7, TIMEOUT }, EAGAIN, true },
	{ "shared FUTEX_WAIT_BITSET", "futex",
	  { WORD, FUTEX_WAIT_BITSET, 7, TIMEOUT, 0, -1 }, EAGAIN, true },
	{ "shared FUTEX_WAIT_BITSET, realtime", "futex",
	  { WORD, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 7, TIMEOUT, 0, -1 }, EAGAIN, true },
	{ "shared FUTEX_WAIT_REQUEUE_PI", "futex",
	  { WORD, FUTEX_WAIT_REQUEUE_PI, 7, TIMEOUT, WORD }, EAGAIN, true },
	/* futex_wait(word, 7, mask, FUTEX2_SIZE_U32, timeout, CLOCK_MONOTONIC) */
	{ "shared futex_wait", "futex_wait", { WORD, 7, -1, 2, TIMEOUT, CLOCK_MONOTONIC },
	  EAGAIN, true },
	/* A kernel before 5.16 has no futex_waitv. */
	{ "futex_waitv", "futex_waitv", { 0 }, ENOSYS, false },
	/* Other families are refused alike; this one's loopback would
	 * connect sandboxes, but a kernel may lack it. */
	{ "socket AF_VSOCK", "socket", { AF_VSOCK, SOCK_STREAM }, EAFNOSUPPORT, false },
	{ "socket AF_ALG", "socket", { AF_ALG, SOCK_SEQPACKET }, EAFNOSUPPORT, false },
	{ "socket AF_UNIX, high bits set", "socket", { AF_UNIX | HIGH, SOCK_STREAM },
	  EAFNOSUPPORT, true },
	/* On no process (pid -1 or a free one), an fd -1 or no address: the
	 * kernel would say ESRCH, EBADF or EFAULT. */
	/* Pid 1, the sandbox's init (here, the machine's, which this process
	 * does not trace: ESRCH without the filter). */
	{ "ptrace of pid 1", "ptrace", { PTRACE_PEEKDATA, 1 }, EPERM, true },
	{ "ptrace of pid 1, high bits set", "ptrace", { PTRACE_PEEKDATA, 1 | HIGH },
	  EPERM, true },
	{ "process_vm_readv", "process_vm_readv", { NOPID, IOV, 1, IOV, 1 }, EPERM, true },
	{ "process_vm_writev", "process_vm_writev", { NOPID, IOV, 1, IOV, 1 }, EPERM, true },
	{ "process_madvise", "process_madvise", { -1, IOV, 1 }, EPERM, true },
	{ "kcmp", "kcmp", { NOPID, NOPID, 0 }, EPERM, true },
	{ "pidfd_getfd", "pidfd_getfd", { -1, 0 }, EPERM, true },
	{ "kill SIGCONT", "kill", { NOPID, SIGCONT }, EPERM, true },
	{ "kill -1 SIGCONT, high bits set", "kill", { NOPID, SIGCONT | HIGH }, EPERM, true },
	{ "tkill SIGCONT", "tkill", { NOPID, SIGCONT }, EPERM, true },
	{ "tgkill SIGCONT", "tgkill", { NOPID, NOPID, SIGCONT }, EPERM, true },
	{ "rt_sigqueueinfo SIGCONT", "rt_sigqueueinfo", { NOPID, SIGCONT, 0 }, EPERM, true },
	{ "rt_tgsigqueueinfo SIGCONT", "rt_tgsigqueueinfo", { NOPID, NOPID, SIGCONT, 0 },
	  EPERM, true },
	{ "pidfd_send_signal SIGCONT", "pidfd_send_signal", { -1, SIGCONT }, EPERM, true },
};

static const struct probe allowed[] = {
	{ "F_GETFD", "fcntl", { FD, F_GETFD }, 0, false },
	{ "private FUTEX_WAIT", "futex", { WORD, FUTEX_WAIT_PRIVATE, 7, TIMEOUT }, ETIMEDOUT, false },
	{ "shared FUTEX_WAKE", "futex", { WORD, FUTEX_WAKE, 1 }, 0, false },
	{ "preadv2", "preadv2", { FD, IOV, 1, 0, 0, RWF_HIPRI }, 0, false },
	{ "socket AF_UNIX", "socket", { AF_UNIX, SOCK_STREAM }, 0, false },
	{ "socket AF_INET", "socket", { AF_INET, SOCK_DGRAM }, 0, false },
	{ "socket AF_INET6", "socket", { AF_INET6, SOCK_DGRAM }, 0, false },
	{ "socket AF_NETLINK", "socket", { AF_NETLINK, SOCK_RAW, 0 }, 0, false },
	/* ptrace of another process than pid 1 (a sanitizer's leak check
	 * traces its own threads): a free pid. */
	{ "ptrace PTRACE_SEIZE", "ptrace", { PTRACE_SEIZE, NOPID }, ESRCH, false },
	/* Every signal but SIGCONT, SIGSTOP too: to a free pid. */
	{ "kill SIGSTOP", "kill", { NOPID, SIGSTOP }, ESRCH, false },
	{ "kill SIGKILL", "kill", { NOPID, SIGKILL }, ESRCH, false },
	{ "tgkill SIGTERM", "tgkill", { NOPID, NOPID, SIGTERM }, ESRCH, false },
	{ "pidfd_send_signal SIGUSR1", "pidfd_send_signal", { -1, SIGUSR1 }, EBADF, false },
};

static uint32_t word = 7;

/* Loads the filter into this process, as bwrap does; exits 200 when it
 * cannot. */
static void enter_filter(void)
{
	static struct sock_filter code[4096];
	char err[ERR_LEN];
	int fd = sandbox_seccomp_fd(err);
	ssize_t n = fd < 0 ? -1 : read(fd, code, sizeof code);
	struct sock_fprog prog = { (unsigned short)(n / (ssize_t)sizeof *code), code };

	if (n <= 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0)
		_exit(200);
	close(fd);
}

static long arg(long a)
{
	static struct timespec tiny = { 0, 1 };
	static char byte;
	static struct iovec iov = { &byte, 1 };

	switch (a) {
	case WORD:
		return (long)&word;
	case TIMEOUT:
		return (long)&tiny;
	case FD:
		return open("/dev/zero", O_RDONLY);
	case IOV:
		return (long)&iov;
	}
	return a;
}

/* The errno of the probe's call in a child, under the filter or not (0
 * when it succeeded), or 1000 + the signal that killed the child. */
static int run(const struct probe *p, bool filtered)
{
	int nr = seccomp_syscall_resolve_name(p->syscall), status;
	pid_t pid;

	ck_assert_msg(nr != __NR_SCMP_ERROR, "%s: no such call", p->syscall);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		long a[6];

		for (int i = 0; i < 6; i++)
			a[i] = arg(p->args[i]);
		if (filtered)
			enter_filter();
		_exit(syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]) < 0 ? errno : 0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return WIFSIGNALED(status) ? 1000 + WTERMSIG(status) : WEXITSTATUS(status);
}

/* Each call gives an fd of its own, close-on-exec, at the start of a
 * whole number of BPF instructions: bwrap reads each to the end. */
START_TEST(builds)
{
	char err[ERR_LEN], a[8192], b[8192];
	int fd1 = sandbox_seccomp_fd(err), fd2 = sandbox_seccomp_fd(err);
	ssize_t n1 = read(fd1, a, sizeof a), n2 = read(fd2, b, sizeof b);

	ck_assert_int_ge(fd1, 0);
	ck_assert_int_ge(fd2, 0);
	ck_assert_int_ne(fd1, fd2);
	ck_assert_int_eq(fcntl(fd1, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	ck_assert_int_gt(n1, 0);
	ck_assert_int_eq(n1 % (ssize_t)sizeof(struct sock_filter), 0);
	ck_assert_int_eq(n1, n2);
	ck_assert_mem_eq(a, b, (size_t)n1);
	close(fd1);
	close(fd2);
}
END_TEST

START_TEST(answers)
{
	const struct probe *p = &answered[_i];
	int got = run(p, true), unfiltered = run(p, false);

	ck_assert_msg(got == p->want, "%s: errno %d under the filter, not %d",
		      p->what, got, p->want);
	ck_assert_msg(!p->natural || unfiltered != p->want,
		      "%s: errno %d without the filter too: the probe proves nothing",
		      p->what, unfiltered);
}
END_TEST

START_TEST(allows)
{
	const struct probe *p = &allowed[_i];
	int got = run(p, true);

	ck_assert_msg(got == p->want, "%s: errno %d under the filter, not %d",
		      p->what, got, p->want);
}
END_TEST

/* An exclusive lock on a whole file: flock's (`cmd` 0) with `op`, or
 * fcntl's `cmd`; `waits` while another holds it, or is refused. */
struct lock {
	const char *what;
	int cmd, op;
	bool waits;
};

static const struct lock locks[] = {
	{ "flock LOCK_NB", 0, LOCK_EX | LOCK_NB, false },
	{ "flock", 0, LOCK_EX, true },
	{ "F_SETLK", F_SETLK, 0, false },
	{ "F_SETLKW", F_SETLKW, 0, true },
	{ "F_OFD_SETLK", F_OFD_SETLK, 0, false },
	{ "F_OFD_SETLKW", F_OFD_SETLKW, 0, true },
};

/* Takes l on path through an open file description of its own (left
 * open: the process ends soon): 0, or -1. */
static int take(const struct lock *l, const char *path)
{
	struct flock whole = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd = open(path, O_RDWR);

	if (fd < 0)
		return -1;
	return l->cmd ? fcntl(fd, l->cmd, &whole) : flock(fd, l->op);
}

/* What a second taker of l on path, in a process of its own (a POSIX
 * lock does not conflict with its own process's), gets while a first,
 * under the filter or not, holds it: 0, it takes it too; 1, it is refused
 * (EWOULDBLOCK, EAGAIN); 2, it is still waiting after a second; 3, the
 * first was refused; 4, the second could not be run; or 1000 + the
 * signal that killed the first. */
static int second_taker(const struct lock *l, const char *path, bool filtered)
{
	int status;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		pid_t second;

		if (filtered)
			enter_filter();
		if (take(l, path) < 0)
			_exit(3);
		if ((second = fork()) == 0) {
			/* Under the filter no wait starts (one that did would
			 * run into Check's timeout); without it, SIGALRM ends
			 * one, by the kernel's default action, not by Check's
			 * handler, which would kill the whole test. */
			signal(SIGALRM, SIG_DFL);
			if (!filtered)
				alarm(1);
			_exit(take(l, path) < 0);
		}
		if (second < 0 || waitpid(second, &status, 0) != second)
			_exit(4);
		_exit(WIFSIGNALED(status) ? 2 : WEXITSTATUS(status));
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
}

/* A lock granted under the filter holds nothing: a bot's own locking goes
 * on, and no other sandbox can see it. */
START_TEST(locks_hold_nothing)
{
	const struct lock *l = &locks[_i];
	char path[] = "/tmp/check_sandbox_seccomp_XXXXXX";
	int fd = mkstemp(path), filtered, unfiltered;

	ck_assert_int_ge(fd, 0);
	close(fd);
	filtered = second_taker(l, path, true);
	unfiltered = second_taker(l, path, false);
	unlink(path);
	ck_assert_msg(filtered == 0, "%s: the second taker got %d under the filter, "
		      "not the lock", l->what, filtered);
	ck_assert_msg(unfiltered == (l->waits ? 2 : 1),
		      "%s: the second taker got %d without the filter: "
		      "the test proves nothing", l->what, unfiltered);
}
END_TEST

static void *thread_main(void *arg)
{
	return arg;
}

/* The wait status of a child that makes a call into x86_64's other ABIs
 * (probe 0: i386's int 0x80; 1: x32's numbers), flock(-1, LOCK_SH), under
 * the filter or not. */
static int other_abi(int probe, bool filtered)
{
	int status;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		long ret = 0;

		/* The kernel's own signal, not a sanitizer's report of it. */
		signal(SIGSEGV, SIG_DFL);
		if (filtered)
			enter_filter();
#if defined(__x86_64__)
		if (probe == 0)
			__asm__ volatile("int $0x80" : "=a"(ret)
					 : "a"(143L), "b"(-1L), "c"(1L) : "memory");
		else
			ret = syscall(0x40000000L | SYS_flock, -1, LOCK_SH);
#endif
		_exit(ret == 0 ? 0 : 1);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return status;
}

/* A call into another ABI is one the rules do not know: the process is
 * killed (SIGSYS), not let through.  Where the kernel has no such entry
 * (it kills with SIGSEGV before any filter looks), there is nothing to
 * pass, and the process dies all the same. */
START_TEST(other_abis_killed)
{
#if defined(__x86_64__)
	int unfiltered = other_abi(_i, false), filtered = other_abi(_i, true);
	int want = WIFSIGNALED(unfiltered) ? WTERMSIG(unfiltered) : SIGSYS;

	ck_assert_msg(WIFSIGNALED(filtered) && WTERMSIG(filtered) == want,
		      "ABI %d: status %#x under the filter, not killed by signal %d",
		      _i, filtered, want);
#endif
}
END_TEST

/* Threads and processes start: glibc's clone3() falls back to clone(). */
START_TEST(threads_and_processes)
{
	int status;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		pthread_t t;
		void *out = NULL;
		pid_t child;

		enter_filter();
		if (pthread_create(&t, NULL, thread_main, &word) != 0 ||
		    pthread_join(t, &out) != 0 || out != &word)
			_exit(1);
		if ((child = fork()) == 0)
			_exit(0);
		_exit(child > 0 && waitpid(child, NULL, 0) == child ? 0 : 2);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(status, 0);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("sandbox_seccomp");
	TCase *build = tcase_create("build"), *tc = tcase_create("filter");

	tcase_add_test(build, builds);
	suite_add_tcase(s, build);
	tcase_add_loop_test(tc, answers, 0, (int)(sizeof answered / sizeof *answered));
	tcase_add_loop_test(tc, allows, 0, (int)(sizeof allowed / sizeof *allowed));
	tcase_add_loop_test(tc, locks_hold_nothing, 0, (int)(sizeof locks / sizeof *locks));
	tcase_add_loop_test(tc, other_abis_killed, 0, 2);
	tcase_add_test(tc, threads_and_processes);
	suite_add_tcase(s, tc);
	return s;
}
