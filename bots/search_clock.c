/*
 * The thinking time of the bundled search bots (search_clock.h): the
 * `--ms` option and one turn's deadline in the process's CPU time, under
 * a ceiling on the wall clock.
 */
#include "search_clock.h"

#include "bot_help.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Kept back from time_left_ms for reading the turn, writing the reply,
 * the pipe and the machine's load: a quarter of the time left, at least
 * 50 ms. */
#define SEARCH_CLOCK_MARGIN_MS 50
#define SEARCH_CLOCK_MAX_MS 60000
/* How many times its thought a turn may last on the wall clock: a loaded
 * machine (a move of 100 ms of CPU took 350 ms under a load of 9 on 2
 * cores, over 1 s under a load of 22) slows a game at most this much, and
 * past it the bot thinks less.  At 2, rolit-search thought a quarter of
 * its CPU under a load of 22 and was beaten by a bot that counts CPU
 * alone; at 8 it beat its build at 2 (bench/README.md, "rolit-search
 * against its sparring partner"). */
#ifndef SEARCH_CLOCK_WALL
#define SEARCH_CLOCK_WALL 8
#endif

static double search_clock_seconds(clockid_t which)
{
	struct timespec ts;

	clock_gettime(which, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The usage line: printf format and arguments for `program`. */
#define SEARCH_CLOCK_USAGE(program) \
	"%s [--ms N] (N: milliseconds of thought per move, 1 to %d, default %d)", \
	program, SEARCH_CLOCK_MAX_MS, SEARCH_CLOCK_DEFAULT_MS

int search_clock_args(int argc, char **argv, const char *program, long *ms)
{
	*ms = SEARCH_CLOCK_DEFAULT_MS;
	if (bot_help(argc, argv, SEARCH_CLOCK_USAGE(program)))
		return 1;
	for (int i = 1; i < argc; i++) {
		char *end = NULL;

		if (strcmp(argv[i], "--ms") || i + 1 == argc) {
			fprintf(stderr, "%s: unknown argument \"%s\": usage: ",
				program, argv[i]);
			fprintf(stderr, SEARCH_CLOCK_USAGE(program));
			fputc('\n', stderr);
			return -1;
		}
		errno = 0;
		*ms = strtol(argv[++i], &end, 10);
		if (errno || *end || end == argv[i] || *ms < 1 ||
		    *ms > SEARCH_CLOCK_MAX_MS) {
			fprintf(stderr, "%s: --ms wants a whole number of milliseconds from 1 to %d, not \"%s\"\n",
				program, SEARCH_CLOCK_MAX_MS, argv[i]);
			return -1;
		}
	}
	return 0;
}

void search_clock_start(struct search_clock *clock, const cJSON *turn,
			long ms)
{
	const cJSON *left = cJSON_GetObjectItemCaseSensitive(turn,
							     "time_left_ms");
	double budget = (double)ms, wall = (double)ms * SEARCH_CLOCK_WALL;

	if (cJSON_IsNumber(left)) {
		double margin = left->valuedouble / 4, allowed;

		if (margin < SEARCH_CLOCK_MARGIN_MS)
			margin = SEARCH_CLOCK_MARGIN_MS;
		allowed = left->valuedouble - margin;
		if (allowed < 1)
			allowed = 1;
		if (allowed < budget)
			budget = allowed;
		if (allowed < wall)
			wall = allowed;
	}
	clock->deadline =
		search_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) + budget / 1000;
	clock->wall_deadline =
		search_clock_seconds(CLOCK_MONOTONIC) + wall / 1000;
}

bool search_clock_expired(const void *at)
{
	const struct search_clock *clock = at;

	return search_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) >=
		       clock->deadline ||
	       search_clock_seconds(CLOCK_MONOTONIC) >= clock->wall_deadline;
}
