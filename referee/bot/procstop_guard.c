/*
 * The fallback's guard (see procstop.h): bubblewrap's outer process
 * started as the init of a PID namespace of its own (in a user namespace
 * of its own, which a normal user needs to make one), so that the kernel
 * kills every process of the sandbox, which all live in that namespace,
 * when the outer process dies.  Without it, a sandbox lives on when the
 * referee is killed (kill -9) in the moment between bubblewrap's clone
 * of the sandbox's init and that init's own parent-death signal: the
 * init then waits for ever for the parent that is gone (or runs on
 * without the signal).  The child's half runs between clone and exec:
 * async-signal-safe calls only.
 */
#include "procstop.h"

#include <fcntl.h>
#include <sched.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <unistd.h>

/* Writes `len` bytes of `text` to the file at `path`; -1 on failure. */
static int write_file(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

/* "ID ID 1" in buf (64 bytes): the id mapped to itself; its length. */
static size_t id_map(char *buf, unsigned long id)
{
	char digits[24];
	size_t n = 0, len = 0;

	do
		digits[n++] = (char)('0' + id % 10);
	while (id /= 10);
	for (int twice = 0; twice < 2; twice++) {
		for (size_t i = n; i-- > 0;)
			buf[len++] = digits[i];
		buf[len++] = ' ';
	}
	buf[len++] = '1';
	return len;
}

int procstop_guard_enter(uid_t uid, gid_t gid)
{
	char map[64];
	bool ok;

	/* The referee is not dumpable (its key), which makes its files in
	 * /proc root's: its own for the maps, and not dumpable again
	 * after, until bwrap's exec. */
	prctl(PR_SET_DUMPABLE, 1);
	ok = write_file("/proc/self/setgroups", "deny", 4) == 0 &&
	     write_file("/proc/self/uid_map", map, id_map(map, uid)) == 0 &&
	     write_file("/proc/self/gid_map", map, id_map(map, gid)) == 0;
	prctl(PR_SET_DUMPABLE, 0);
	return ok ? 0 : -1;
}
