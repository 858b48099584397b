/*
 * Reply times: a growing list of samples (nanoseconds or microseconds,
 * as the caller likes) and its summary, the median, the 95th percentile
 * and the largest, as check-bot reports them; and the one definition of
 * a percentile that check-bot, the ladder and the report all use (the
 * ladder's histograms, reply_times.h, read it from their buckets).
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

/* The p-th percentile is the value of nearest rank: of `count` values in
 * order, the one at this 1-based rank, ceil(percent * count / 100) (at
 * least 1).  The median (50) of an even count is thus the lower of the
 * two middle values, never their mean. */
uint64_t timings_rank(uint64_t count, int percent);

/* Fills out[] with the median, the 95th percentile (timings_rank) and
 * the largest value; all 0 when there is none.  Sorts the samples. */
void timings_summarize(struct timings *t, int64_t out[TIMINGS_SUMMARY]);

void timings_free(struct timings *t);

#endif
