/*
 * The lock of a run's output folder; see run_lock.h.
 */
#include "run_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "base/outdir.h"
#include "base/util.h"

/* The process id the holder wrote, as text ("unknown" when it has not
 * written it yet). */
static void holder(int fd, char *pid, size_t size)
{
	ssize_t n = pread(fd, pid, size - 1, 0);

	pid[n > 0 ? n : 0] = '\0';
	pid[strspn(pid, "0123456789")] = '\0';
	if (!*pid)
		snprintf(pid, size, "unknown");
}

/* Whether the process `pid` names has ended (not merely belongs to
 * another user). */
static int holder_ended(const char *pid)
{
	char *end;
	long n = strtol(pid, &end, 10);

	return end != pid && !*end && n > 0 && kill((pid_t)n, 0) < 0 && errno == ESRCH;
}

/* Takes the lock: 0, or -1 with errno (EWOULDBLOCK: held, its holder's
 * id in `pid`).  A referee killed with -9 leaves its workers holding the
 * lock while they stop their bots (its death reaches them as SIGTERM),
 * so while the referee that wrote its id has ended the lock is awaited,
 * up to ORPHANS_WAIT_MS, rather than refused: a resume typed at once
 * goes on. */
#define ORPHANS_WAIT_MS 15000
static int take_lock(int fd, char *pid, size_t size)
{
	for (int waited_ms = 0; flock(fd, LOCK_EX | LOCK_NB); waited_ms += 10) {
		if (errno != EWOULDBLOCK)
			return -1;
		holder(fd, pid, size);
		if (waited_ms >= ORPHANS_WAIT_MS || !holder_ended(pid)) {
			errno = EWOULDBLOCK;
			return -1;
		}
		nanosleep(&(struct timespec){0, 10000000}, NULL);
	}
	return 0;
}

int run_lock(const char *dir, char *err)
{
	char *path = outdir_run_lock(dir), pid[24];
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	int failed = 0, rc = 0;

	if (fd < 0) {
		rc = errorf(err, "cannot open '%s': %s", path, strerror(errno));
	} else if ((failed = take_lock(fd, pid, sizeof pid)) && errno == EWOULDBLOCK) {
		rc = errorf(err, "%s is in use by another run (referee process "
			    "%s%s): wait for it to end, or stop it, before "
			    "running or resuming this tournament there", dir, pid,
			    holder_ended(pid) ? ", ended: its workers are still stopping" : "");
	} else if (failed) {
		rc = errorf(err, "cannot lock '%s': %s", path, strerror(errno));
	} else if (ftruncate(fd, 0) || dprintf(fd, "%ld\n", (long)getpid()) < 0) {
		rc = errorf(err, "cannot write '%s': %s", path, strerror(errno));
	}
	if (rc && fd >= 0)
		close(fd);
	free(path);
	return rc ? -1 : fd;
}

bool run_lock_held(const char *dir)
{
	char *path = outdir_run_lock(dir);
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	bool held = fd >= 0 && flock(fd, LOCK_SH | LOCK_NB) && errno == EWOULDBLOCK;

	if (fd >= 0)
		close(fd);
	free(path);
	return held;
}
