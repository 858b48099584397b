/*
 * The filter of sandbox_seccomp.h.  Every call is allowed but those below:
 * a file lock that is set is granted without being taken, and the others
 * are refused, each with an errno that says why; a call made as another
 * architecture than the referee's (i386's int 0x80 on x86_64, or x32),
 * whose numbers and arguments these rules do not know, kills the bot.
 *
 * Granted, not run: setting a file lock, by flock(2) or by fcntl(2)'s
 * F_SETLK, F_SETLKW, F_OFD_SETLK and F_OFD_SETLKW, returns 0 and locks
 * nothing (SCMP_ACT_ERRNO(0): the kernel skips the call and returns 0).
 * A lock on a file that every sandbox sees (/etc/passwd, or /dev/null, as
 * bwrap's --dev binds the host's device nodes) would be seen from every
 * sandbox, and seccomp cannot tell which file an fd is on.  A lock that
 * is never taken is seen from nowhere, and a program that locks a file of
 * its own goes on as if it held it; refused, a lock stops such programs:
 * a JVM prints on its stdout, the bot's protocol, that its flock() of
 * /tmp/hsperfdata_USER/PID failed.  So no lock waits (F_SETLKW, flock
 * without LOCK_NB), none is found taken (EWOULDBLOCK, EAGAIN) or would
 * deadlock (EDEADLK), and an fd that cannot be locked (a bad one, or one
 * not open for writing under F_WRLCK: EBADF) goes unnoticed.
 *
 * Refused, and why:
 * - Asking about a file lock (fcntl F_GETLK, F_OFD_GETLK, and so lockf's
 *   F_TEST): ENOLCK.  The answer is written into the caller's struct
 *   flock, which the filter cannot do: 0 would leave it as it came, the
 *   lock asked about, which reads as held by another.
 * - Leases and dnotify (fcntl F_SETLEASE, F_GETLEASE, F_NOTIFY), inotify
 *   and fanotify: EPERM.  They tell one sandbox when another opens or
 *   reads a file they share.
 * - Keyrings (add_key, keyctl, request_key): EPERM.  A key is found by its
 *   serial number from any namespace, and keys are counted per user.
 * - Page-cache residency: cachestat, mincore, and preadv2 and pwritev2
 *   with RWF_NOWAIT: EOPNOTSUPP.  One sandbox sets whether a page of a
 *   shared file is in memory (it reads it, or drops it with
 *   posix_fadvise); these calls would tell another.
 * - io_uring_setup, io_uring_enter, io_uring_register: EPERM.  What a
 *   ring does (reads with RWF_NOWAIT, futex waits, sockets) is no system
 *   call that this filter sees.
 * - perf_event_open: EPERM.  It counts events of hardware that sandboxes
 *   share (caches), and is no bot's business.
 * - syslog: EPERM.  The kernel log is one for the machine: a bot writes to
 *   it by crashing, and reads it where kernel.dmesg_restrict is 0.
 * - mq_open: EPERM.  A POSIX message queue lives in the IPC namespace, but
 *   its bytes count against one RLIMIT_MSGQUEUE for the user across all
 *   namespaces: one sandbox fills it and another's mq_open fails.
 * - New user namespaces (clone and unshare with CLONE_NEWUSER): EPERM; and
 *   clone3, whose flags the filter cannot see: ENOSYS, which sends glibc
 *   to clone.  In one, a bot could make namespaces of every kind and mount
 *   things, and those are counted per user and numbered machine-wide.
 * - Waits on a futex that is not private to the process (futex without
 *   FUTEX_PRIVATE_FLAG: FUTEX_WAIT, FUTEX_WAIT_BITSET,
 *   FUTEX_WAIT_REQUEUE_PI; futex_wait without FUTEX2_PRIVATE): EAGAIN; and
 *   futex_waitv, whose flags the filter cannot see: ENOSYS.  Such a futex
 *   on a page of a file is known by the file, even in a private mapping:
 *   a waker in one sandbox wakes, and counts, a waiter in another on the
 *   same word of libc or /etc/passwd.  EAGAIN ("the word changed") sends
 *   glibc back to look at the word again, so process-shared locks and
 *   semaphores (Python's multiprocessing) still work, but they wait by
 *   spinning, and a timed wait on one never times out.
 * - socket() of any family but AF_UNIX, AF_INET, AF_INET6 and AF_NETLINK,
 *   which the sandbox's network namespace holds: EAFNOSUPPORT.  Others are
 *   not in it (AF_VSOCK's loopback would connect two sandboxes).
 * - ptrace of pid 1, process_vm_readv and process_vm_writev,
 *   process_madvise, kcmp and pidfd_getfd: EPERM.  The PID namespace
 *   hides every other bot, but not the namespace's init (pid 1 in it),
 *   bubblewrap's: a bot that traced it could clear its parent-death
 *   signal and keep it, and so the whole namespace, alive after the
 *   referee ends the bot.  ptrace of the bot's own processes stays: a
 *   program built with AddressSanitizer traces its own threads when it
 *   exits, to look for leaks, and fails without (a process so continued
 *   while it is stopped off move is caught by procstop.h's stop).
 * - memfd_create: ENOSYS, as a kernel built without it says (a program
 *   that looks for a fallback finds one: a file in /tmp or /dev/shm,
 *   each a tmpfs of the bot's memory limit).  A memfd that no process
 *   maps is memory that no /proc file of a process counts, so the
 *   fallback (procstop.h) would not see it: a bot held 2,999 MiB in one
 *   under a limit of 1,024.  A control group would count it, but one
 *   filter serves both: a bot that ran as root and not as a user would be
 *   a surprise.
 * - System V IPC's makers, shmget, msgget and semget: ENOSYS, as a kernel
 *   built without System V IPC says.  A segment that no process attaches,
 *   a queue's messages and a set of semaphores are memory that no /proc
 *   file of a process counts, as a memfd is: under the fallback a bot held
 *   509 MiB of shared memory under a limit of 128.  The bot's IPC
 *   namespace holds up to the kernel's defaults of each (shmall: 16 TiB of
 *   pages; msgmni queues of msgmnb bytes: 500 MiB), and one filter serves
 *   both containments, as for memfd_create.  Programs that share memory
 *   between their processes use /dev/shm (POSIX shared memory, Python's
 *   multiprocessing), a tmpfs of the bot's memory limit.
 * - SIGCONT, sent by kill, tkill, tgkill, rt_sigqueueinfo,
 *   rt_tgsigqueueinfo or pidfd_send_signal: EPERM.  Without a control
 *   group, a bot off move is stopped with SIGSTOP (procstop.h); one of its
 *   processes that continued the others (kill(-1, SIGCONT)) would think,
 *   or spin, on its opponent's time.  SIGCONT is the one signal that ends
 *   a stop (SIGKILL ends the process).
 *
 * Allowed after a look: ioctl (none on a read-only file, or on the device
 * nodes of bwrap's /dev, changes what another sandbox sees), userfaultfd
 * (faults in the bot's own memory), pidfd_open, the other signals and
 * ptrace of its own processes (the PID namespace hides every other
 * process), name_to_handle_at (what stat tells; open_by_handle_at needs a capability
 * in the host's namespace), System V IPC's calls on what the bot made
 * (none can be made: its makers are refused, above) and bpf (a map is
 * reached by its fd; pinning one needs a mount).
 *
 * An int argument is compared in its low 32 bits only, the ones the kernel
 * reads: a caller that set the others would otherwise slip past.
 * The argument positions are those of 64-bit architectures other than
 * s390, where clone's flags come second.
 */
#include "sandbox_seccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"

#ifndef FUTEX2_PRIVATE
#define FUTEX2_PRIVATE FUTEX_PRIVATE_FLAG /* <linux/futex.h> of Linux 6.7 */
#endif

#define INT_BITS 0xffffffffULL
#define EVERY_CALL -1

/* The calls of `syscall` (by name: the kernel's headers may be older than
 * libseccomp's table) that fail with `err`, or with GRANTED return 0
 * unrun: every one, or those whose argument number `arg` compares with
 * `op` (masked with `a` equals `b`, or is greater than `a`). */
struct rule {
	const char *syscall;
	int err;
	int arg;
	enum scmp_compare op;
	scmp_datum_t a, b;
};

#define GRANTED 0 /* SCMP_ACT_ERRNO(0): 0, and the kernel skips the call */
#define ALL(name, err) { #name, err, EVERY_CALL, SCMP_CMP_EQ, 0, 0 }
#define MASKED(name, err, arg, mask, value) \
	{ #name, err, arg, SCMP_CMP_MASKED_EQ, mask, value }
#define FCNTL(cmd, err) MASKED(fcntl, err, 1, INT_BITS, cmd)
#define FLAG(name, arg, flag, err) MASKED(name, err, arg, flag, flag)
/* A shared futex wait: FUTEX_PRIVATE_FLAG not set, FUTEX_CLOCK_REALTIME
 * either way. */
#define SHARED_WAIT(cmd) \
	MASKED(futex, EAGAIN, 1, INT_BITS & ~(scmp_datum_t)FUTEX_CLOCK_REALTIME, cmd)

/* A call that sends SIGCONT, its signal the argument number `arg`. */
#define SIGNAL(name, arg) MASKED(name, EPERM, arg, INT_BITS, SIGCONT)

static const struct rule rules[] = {
	ALL(flock, GRANTED),
	FCNTL(F_SETLK, GRANTED), FCNTL(F_SETLKW, GRANTED),
	FCNTL(F_OFD_SETLK, GRANTED), FCNTL(F_OFD_SETLKW, GRANTED),
	FCNTL(F_GETLK, ENOLCK), FCNTL(F_OFD_GETLK, ENOLCK),
	FCNTL(F_SETLEASE, EPERM), FCNTL(F_GETLEASE, EPERM), FCNTL(F_NOTIFY, EPERM),
	ALL(inotify_init, EPERM), ALL(inotify_init1, EPERM),
	ALL(inotify_add_watch, EPERM),
	ALL(fanotify_init, EPERM), ALL(fanotify_mark, EPERM),
	ALL(add_key, EPERM), ALL(keyctl, EPERM), ALL(request_key, EPERM),
	ALL(cachestat, EOPNOTSUPP), ALL(mincore, EOPNOTSUPP),
	FLAG(preadv2, 5, RWF_NOWAIT, EOPNOTSUPP),
	FLAG(pwritev2, 5, RWF_NOWAIT, EOPNOTSUPP),
	ALL(io_uring_setup, EPERM), ALL(io_uring_enter, EPERM),
	ALL(io_uring_register, EPERM),
	ALL(perf_event_open, EPERM),
	ALL(syslog, EPERM),
	ALL(mq_open, EPERM),
	ALL(memfd_create, ENOSYS),
	ALL(shmget, ENOSYS), ALL(msgget, ENOSYS), ALL(semget, ENOSYS),
	FLAG(clone, 0, CLONE_NEWUSER, EPERM), FLAG(unshare, 0, CLONE_NEWUSER, EPERM),
	ALL(clone3, ENOSYS),
	SHARED_WAIT(FUTEX_WAIT), SHARED_WAIT(FUTEX_WAIT_BITSET),
	SHARED_WAIT(FUTEX_WAIT_REQUEUE_PI),
	MASKED(futex_wait, EAGAIN, 3, FUTEX2_PRIVATE, 0),
	ALL(futex_waitv, ENOSYS),
	MASKED(ptrace, EPERM, 1, INT_BITS, 1), ALL(process_vm_readv, EPERM),
	ALL(process_vm_writev, EPERM), ALL(process_madvise, EPERM),
	ALL(kcmp, EPERM), ALL(pidfd_getfd, EPERM),
	SIGNAL(kill, 1), SIGNAL(tkill, 1), SIGNAL(tgkill, 2),
	SIGNAL(rt_sigqueueinfo, 1), SIGNAL(rt_tgsigqueueinfo, 2),
	SIGNAL(pidfd_send_signal, 1),
};

/* The socket families a sandbox's network namespace holds, ascending. */
static const int families[] = { AF_UNIX, AF_INET, AF_INET6, AF_NETLINK };
#define LAST_FAMILY families[sizeof families / sizeof *families - 1]

/* Adds r to the filter: 0, or a negative errno (-EDOM when libseccomp
 * does not know the call: left out, it would pass) and *failed names it. */
static int add_rule(scmp_filter_ctx ctx, const struct rule *r, const char **failed)
{
	struct scmp_arg_cmp cmp = { (unsigned)r->arg, r->op, r->a, r->b };
	int nr = seccomp_syscall_resolve_name(r->syscall), rc;

	rc = nr == __NR_SCMP_ERROR ? -EDOM :
	     seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO((unsigned)r->err), nr,
				    r->arg == EVERY_CALL ? 0 : 1, &cmp);
	if (rc < 0)
		*failed = r->syscall;
	return rc;
}

/* Adds every rule, socket()'s refusals last: each family below the last of
 * families[] that is not one of them, and every one above it (all 64 bits
 * compared, so whatever sets the high ones too). */
static int add_rules(scmp_filter_ctx ctx, const char **failed)
{
	const struct rule above = { "socket", EAFNOSUPPORT, 0, SCMP_CMP_GT,
				       (scmp_datum_t)LAST_FAMILY, 0 };
	size_t next = 0;
	int rc = 0;

	for (size_t i = 0; !rc && i < sizeof rules / sizeof *rules; i++)
		rc = add_rule(ctx, &rules[i], failed);
	for (int f = 0; !rc && f < LAST_FAMILY; f++) {
		if (f == families[next])
			next++;
		else
			rc = add_rule(ctx, &(struct rule)MASKED(socket, EAFNOSUPPORT, 0,
				    INT_BITS, (scmp_datum_t)f), failed);
	}
	return rc ? rc : add_rule(ctx, &above, failed);
}

/* The filter compiled into memfd *fd (at its start), or a negative
 * errno with the call that failed in *failed. */
static int compile_filter(int *fd, const char **failed)
{
	scmp_filter_ctx ctx = NULL;
	int rc = 0;

	/* The filter is exported, not loaded here: libseccomp need not ask
	 * this kernel (or valgrind, which knows no seccomp()) what it can do.
	 * Level 3 has SCMP_ACT_KILL_PROCESS (Linux 4.14). */
	if (seccomp_api_get() < 3)
		rc = seccomp_api_set(3);
	if (!rc && !(ctx = seccomp_init(SCMP_ACT_ALLOW)))
		rc = -ENOMEM;
	/* libseccomp's default for a call of another architecture kills the
	 * thread that made it; the whole bot goes. */
	if (!rc)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
				      SCMP_ACT_KILL_PROCESS);
	if (!rc)
		rc = add_rules(ctx, failed);
	if (!rc && (*fd = memfd_create("arena-seccomp", MFD_CLOEXEC)) < 0)
		rc = -errno;
	if (!rc)
		rc = seccomp_export_bpf(ctx, *fd);
	if (ctx)
		seccomp_release(ctx);
	return rc;
}

/* The filter's bytes, compiled once a process: compiling it costs some
 * 0.2 ms, a twentieth of a sandboxed start. */
static unsigned char *filter;
static size_t filter_len;

/* Reads the compiled filter of fd into filter[]; a negative errno. */
static int keep_filter(int fd)
{
	if (lseek(fd, 0, SEEK_SET) < 0 ||
	    !(filter = (unsigned char *)files_read_fd(fd, SIZE_MAX, &filter_len)))
		return -errno;
	return 0;
}

/* A new memfd holding the kept filter, at its start; a negative errno. */
static int filter_copy(void)
{
	int fd = memfd_create("arena-seccomp", MFD_CLOEXEC);

	if (fd < 0)
		return -errno;
	errno = 0;
	if (write(fd, filter, filter_len) != (ssize_t)filter_len ||
	    lseek(fd, 0, SEEK_SET) < 0) {
		int rc = errno ? -errno : -EIO;

		close(fd);
		return rc;
	}
	return fd;
}

int sandbox_seccomp_fd(char *err)
{
	const char *failed = "";
	int fd = -1, rc = 0;

	if (!filter) {
		rc = compile_filter(&fd, &failed);
		if (!rc)
			rc = keep_filter(fd);
		if (fd >= 0)
			close(fd);
	}
	if (!rc && (rc = filter_copy()) >= 0)
		return rc;
	if (rc == -EDOM)
		return errorf(err, "the sandbox's seccomp filter needs a libseccomp "
			      "that knows the system call %s (2.5.5 or later)", failed);
	return errorf(err, "cannot build the sandbox's seccomp filter: %s%s%s",
		      failed, *failed ? ": " : "", strerror(-rc));
}
