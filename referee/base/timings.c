/*
 * Reply-time samples and their summary; see timings.h.
 */
#include "timings.h"

#include <stdlib.h>

#include "util.h"

void timings_add(struct timings *t, int64_t value)
{
	t->values = xgrow(t->values, t->count, &t->cap, sizeof *t->values);
	t->values[t->count++] = value;
}

static int compare(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

uint64_t timings_rank(uint64_t count, int percent)
{
	uint64_t rank = (count * (uint64_t)percent + 99) / 100;

	return rank ? rank : 1;
}

/* The percentile of the sorted samples. */
static int64_t nearest_rank(const struct timings *t, int percent)
{
	return t->values[timings_rank(t->count, percent) - 1];
}

void timings_summarize(struct timings *t, int64_t out[TIMINGS_SUMMARY])
{
	if (!t->count) {
		out[TIMINGS_MEDIAN] = out[TIMINGS_P95] = out[TIMINGS_MAX] = 0;
		return;
	}
	qsort(t->values, t->count, sizeof *t->values, compare);
	out[TIMINGS_MEDIAN] = nearest_rank(t, 50);
	out[TIMINGS_P95] = nearest_rank(t, 95);
	out[TIMINGS_MAX] = t->values[t->count - 1];
}

void timings_free(struct timings *t)
{
	free(t->values);
	*t = (struct timings){0};
}
