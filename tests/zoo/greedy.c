/*
 * greedy-c MODE [N]: tests/zoo/greedy.py's modes that tests/e2e/vm_cgroup2.sh
 * runs in its virtual machine, in C, so that the guest needs no Python.  A
 * good bot (the first legal action) that takes more than its share:
 *   tmp     at its first turn, fills its private /tmp until a write fails
 *   bomb    at its first turn, forks until a fork fails (the children sleep)
 *   spin    at its first turn, burns CPU for ever instead of answering
 *   burn N  burns N ms of CPU time (its own) before each answer to a turn
 *   sleep N sleeps N ms before each answer to a turn (thinks, with no CPU),
 *           and says so first ("greedy-c: asleep N ms")
 *   watch   at its first turn, starts a process that burns CPU for ever, and
 *           says at each turn how much CPU it has had ("greedy-c: helper
 *           CPU N ms"); it runs during watch's own turns, and while
 *           others move only if not frozen
 * Each says on stderr what it got, as greedy.py does.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena_bot.h"

struct greedy {
	const char *mode;
	long n;
	int turns;
	pid_t helper;
};

static void fill_tmp(void)
{
	static char mib[1 << 20];
	int fd = open("/tmp/hoard", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	long n = 0;

	memset(mib, 0xa5, sizeof mib);
	while (fd >= 0 && write(fd, mib, sizeof mib) == (ssize_t)sizeof mib)
		n++;
	fprintf(stderr, "greedy-c: /tmp full after %ld MiB: %s\n", n, strerror(errno));
}

static void bomb(void)
{
	long n = 0;
	pid_t pid;

	while ((pid = fork()) >= 0) {
		if (pid == 0) {
			pause();
			_exit(0);
		}
		n++;
	}
	fprintf(stderr, "greedy-c: fork failed after %ld: %s\n", n, strerror(errno));
}

static long cpu_ms(clockid_t clock)
{
	struct timespec t;

	return clock_gettime(clock, &t) < 0 ? -1 : t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void burn(long ms)
{
	long end = cpu_ms(CLOCK_PROCESS_CPUTIME_ID) + ms;

	while (cpu_ms(CLOCK_PROCESS_CPUTIME_ID) < end)
		;
}

static void spin(void)
{
	for (volatile unsigned long i = 0;; i++)
		;
}

/* The helper's CPU time so far, from the parent (its CPU clock). */
static long helper_ms(pid_t helper)
{
	clockid_t clock;

	return clock_getcpuclockid(helper, &clock) ? -1 : cpu_ms(clock);
}

static cJSON *decide(const cJSON *turn, void *ctx)
{
	struct greedy *g = ctx;
	bool first = ++g->turns == 1;

	if (first && !strcmp(g->mode, "tmp"))
		fill_tmp();
	else if (first && !strcmp(g->mode, "bomb"))
		bomb();
	else if (!strcmp(g->mode, "spin"))
		spin();
	else if (!strcmp(g->mode, "burn"))
		burn(g->n);
	else if (!strcmp(g->mode, "sleep")) {
		fprintf(stderr, "greedy-c: asleep %ld ms\n", g->n);
		nanosleep(&(struct timespec){ g->n / 1000, g->n % 1000 * 1000000 }, NULL);
	}
	else if (first && !strcmp(g->mode, "watch") && (g->helper = fork()) == 0)
		spin();
	/* The helper is read as it runs: a bot may not continue a process
	 * it stopped (its seccomp filter refuses SIGCONT). */
	if (!strcmp(g->mode, "watch") && g->helper > 0)
		fprintf(stderr, "greedy-c: helper CPU %ld ms\n", helper_ms(g->helper));
	return cJSON_Duplicate(cJSON_GetArrayItem(arena_legal(turn), 0), 1);
}

int main(int argc, char **argv)
{
	struct greedy g = { argc > 1 ? argv[1] : "", argc > 2 ? atol(argv[2]) : 0, 0, 0 };
	const struct arena_bot_callbacks cb = { .decide = decide, .ctx = &g };
	int rc;

	rc = arena_bot_run("greedy-c", "1", &cb);
	if (g.helper > 0)
		kill(g.helper, SIGKILL);
	return rc ? EXIT_FAILURE : EXIT_SUCCESS;
}
