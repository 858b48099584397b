/*
 * A mean and a variance from sums; see moments.h.
 */
#include "moments.h"

#include <math.h>

void moments_add(struct moments *m, double score)
{
	m->n++;
	m->sum += score;
	m->squares += score * score;
}

double moments_mean(const struct moments *m)
{
	return m->n ? m->sum / m->n : NAN;
}

double moments_variance(const struct moments *m)
{
	double mean = moments_mean(m);

	if (m->n < 2)
		return NAN;
	/* rounding must not make it negative */
	return fmax(0, (m->squares - m->n * mean * mean) / (m->n - 1));
}
