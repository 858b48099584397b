/*
 * The lock of a run's output folder; see run_lock.h.
 */
#include "run_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
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

int run_lock(const char *dir, char *err)
{
	char *path = outdir_run_lock(dir), pid[24];
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	int failed = 0, rc = 0;

	if (fd < 0) {
		rc = errorf(err, "cannot open '%s': %s", path, strerror(errno));
	} else if ((failed = flock(fd, LOCK_EX | LOCK_NB)) && errno == EWOULDBLOCK) {
		holder(fd, pid, sizeof pid);
		rc = errorf(err, "%s is in use by another run (referee process "
			    "%s): wait for it to end, or stop it, before "
			    "running or resuming this tournament there", dir, pid);
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
