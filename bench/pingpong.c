/*
 * The physical limit of the referee's lockstep protocol: a parent and a
 * child process exchanging one short line (about the size of a JSON
 * message) back and forth over two pipes, with nothing else in between.
 * bench/run.sh sets the referee's decisions per second against the round
 * trips per second measured here on the same machine in the same run.
 *
 * usage: pingpong [N [CHILDREN]]
 * N round trips (default 200000). With CHILDREN > 1 (at most 8) the parent
 * talks to that many children in turn, as the referee does with the bots
 * of one game, so each round trip wakes a process that has been asleep.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CHILDREN 8

struct child {
	pid_t pid;
	int to;         /* the parent writes requests here */
	int from;       /* and reads replies here */
};

/* About the length of a short request or a reply. */
static const char line[] =
	"{\"type\":\"turn\",\"seat\":0,\"legal\":[\"D3\",\"C4\"],\"t\":1000}\n";

/* Writes all of buf or exits. */
static void write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			perror("pingpong: write");
			exit(1);
		}
		buf += n;
		len -= (size_t)n;
	}
}

/*
 * Reads until what has been read ends with a newline (one line, since the
 * other side sends the next only after it got a reply). Returns 0 at end
 * of file.
 */
static int read_line(int fd, char *buf, size_t cap)
{
	size_t got = 0;

	for (;;) {
		ssize_t n = read(fd, buf + got, cap - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			perror("pingpong: read");
			exit(1);
		}
		if (n == 0)
			return 0;
		got += (size_t)n;
		if (buf[got - 1] == '\n')
			return 1;
		if (got == cap) {
			fprintf(stderr, "pingpong: line too long\n");
			exit(1);
		}
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Starts child k, which answers every line it reads with one line until
 * end of file. It first closes the parent's ends of the earlier children's
 * pipes, so that each child sees end of file when the parent closes.
 */
static void start_child(struct child *kids, int k)
{
	int down[2], up[2];
	char buf[256];

	if (pipe(down) < 0 || pipe(up) < 0) {
		perror("pingpong: pipe");
		exit(1);
	}
	kids[k].pid = fork();
	if (kids[k].pid < 0) {
		perror("pingpong: fork");
		exit(1);
	}
	if (kids[k].pid == 0) {
		for (int j = 0; j < k; j++) {
			close(kids[j].to);
			close(kids[j].from);
		}
		close(down[1]);
		close(up[0]);
		while (read_line(down[0], buf, sizeof buf))
			write_all(up[1], line, sizeof line - 1);
		_exit(0);
	}
	close(down[0]);
	close(up[1]);
	kids[k].to = down[1];
	kids[k].from = up[0];
}

int main(int argc, char **argv)
{
	struct child kids[MAX_CHILDREN];
	long n = 200000, children = 1;
	char buf[256];
	double t0, t1;

	if (argc > 1)
		n = strtol(argv[1], NULL, 10);
	if (argc > 2)
		children = strtol(argv[2], NULL, 10);
	if (argc > 3 || n <= 0 || children < 1 || children > MAX_CHILDREN) {
		fprintf(stderr, "usage: pingpong [ROUND_TRIPS [CHILDREN]]\n");
		return 2;
	}
	for (int k = 0; k < children; k++)
		start_child(kids, k);
	t0 = now();
	for (long i = 0; i < n; i++) {
		const struct child *c = &kids[i % children];

		write_all(c->to, line, sizeof line - 1);
		if (!read_line(c->from, buf, sizeof buf)) {
			fprintf(stderr, "pingpong: a child went away\n");
			return 1;
		}
	}
	t1 = now();
	for (int k = 0; k < children; k++) {
		close(kids[k].to);
		close(kids[k].from);
		waitpid(kids[k].pid, NULL, 0);
	}
	printf("%ld round trips of %zu bytes with %ld child%s in %.3f s: "
	    "%.0f round trips/s, %.2f us per round trip\n", n, sizeof line - 1,
	    children, children == 1 ? "" : "ren", t1 - t0,
	    (double)n / (t1 - t0), (t1 - t0) * 1e6 / (double)n);
	return 0;
}
