/*
 * Reply times: a growing list of samples (nanoseconds or microseconds,
 * as the caller likes) and its summary, the median, the 95th percentile
 * and the largest, as check-bot, the match and the ladder report them.
 */
#ifndef ARENA_TIMINGS_H
#define ARENA_TIMINGS_H

#include <stddef.h>
#include <stdint.h>

struct timings {
	int64_t *values;
	size_t count, cap;
};

enum { TIMINGS_MEDIAN, TIMINGS_P95, TIMINGS_MAX, TIMINGS_SUMMARY };

void timings_add(struct timings *t, int64_t value);

/* Fills out[] with the median, the 95th percentile (nearest rank) and
 * the largest value; all 0 when there is none.  Sorts the samples. */
void timings_summarize(struct timings *t, int64_t out[TIMINGS_SUMMARY]);

/* Forgets the samples, keeping the memory. */
void timings_clear(struct timings *t);
void timings_free(struct timings *t);

#endif
