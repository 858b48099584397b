/*
 * The thinking time of the bundled search bots (search_clock.h): the
 * `--ms` option and one turn's deadline on the monotonic clock.
 */
#include "search_clock.h"

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

static double search_clock_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int search_clock_args(int argc, char **argv, const char *program, long *ms)
{
	*ms = SEARCH_CLOCK_DEFAULT_MS;
	for (int i = 1; i < argc; i++) {
		char *end = NULL;

		if (strcmp(argv[i], "--ms") || i + 1 == argc) {
			fprintf(stderr, "%s: unknown argument \"%s\": usage: %s [--ms N] (N: milliseconds of thought per move, 1 to %d, default %d)\n",
				program, argv[i], program, SEARCH_CLOCK_MAX_MS,
				SEARCH_CLOCK_DEFAULT_MS);
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
	double budget = (double)ms;

	if (cJSON_IsNumber(left)) {
		double margin = left->valuedouble / 4;
		double allowed;

		if (margin < SEARCH_CLOCK_MARGIN_MS)
			margin = SEARCH_CLOCK_MARGIN_MS;
		allowed = left->valuedouble - margin;
		if (allowed < budget)
			budget = allowed > 1 ? allowed : 1;
	}
	clock->deadline = search_clock_now() + budget / 1000;
}

bool search_clock_expired(const struct search_clock *clock)
{
	return search_clock_now() >= clock->deadline;
}
