/*
 * An inherited perf task-clock counter (see task_clock.h).
 */
#include "task_clock.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Opens the counter on the calling process: as counted by the kernel
 * for any user first, else with the kernel's side excluded, which is
 * all perf_event_paranoid 2 allows a normal user.  A task clock counts
 * the time a task is on a CPU whatever it runs: measured on Linux 6.18,
 * children that spent 400 ms in their own code and 400 ms in read()
 * counted 800 ms with either.  -1 with errno. */
static int open_counter(void)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.inherit = 1;
	fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0 || (errno != EACCES && errno != EPERM))
		return fd;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

bool task_clock_available(void)
{
	static int known = -1;
	int fd;

	if (known < 0) {
		fd = open_counter();
		known = fd >= 0 && task_clock_ns(fd) >= 0;
		if (fd >= 0)
			close(fd);
	}
	return known;
}

int task_clock_pass(int sock)
{
	char cmsg_space[CMSG_SPACE(sizeof(int))] = { 0 };
	char byte = 'c';
	struct iovec iov = { &byte, 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = cmsg_space,
			      .msg_controllen = sizeof cmsg_space };
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
	int fd = open_counter(), saved;
	ssize_t n;

	if (fd < 0)
		return -1;
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &fd, sizeof fd);
	do
		n = sendmsg(sock, &msg, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	saved = errno;
	close(fd);
	errno = saved;
	return n == 1 ? 0 : -1;
}

int task_clock_take(int sock)
{
	char cmsg_space[CMSG_SPACE(sizeof(int))], byte;
	struct iovec iov = { &byte, 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = cmsg_space,
			      .msg_controllen = sizeof cmsg_space };
	struct cmsghdr *cmsg;
	ssize_t n;
	int fd;

	do
		n = recvmsg(sock, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	cmsg = n == 1 ? CMSG_FIRSTHDR(&msg) : NULL;
	if (!cmsg || cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS ||
	    cmsg->cmsg_len != CMSG_LEN(sizeof(int)))
		return -1;
	memcpy(&fd, CMSG_DATA(cmsg), sizeof fd);
	return fd;
}

int64_t task_clock_ns(int fd)
{
	uint64_t ns;
	ssize_t n;

	do
		n = read(fd, &ns, sizeof ns);
	while (n < 0 && errno == EINTR);
	return n == (ssize_t)sizeof ns && ns <= INT64_MAX ? (int64_t)ns : -1;
}
