/*
 * The versions' recent sets' wall times; see league_wall.h.
 */
#include "league/league_wall.h"

#include <math.h>
#include <stdlib.h>

#include "base/util.h"

static struct league_wall *find(const struct league_walls *w, long version)
{
	for (int i = 0; i < w->count; i++)
		if (w->v[i].version == version)
			return &w->v[i];
	return NULL;
}

void league_walls_charge(struct league_walls *w, long version, double seconds)
{
	struct league_wall *v = find(w, version);

	if (!v) {
		w->v = xrealloc(w->v, (size_t)(w->count + 1) * sizeof *w->v);
		v = &w->v[w->count++];
		*v = (struct league_wall){.version = version};
	}
	v->seconds[v->next] = seconds;
	v->next = (v->next + 1) % LEAGUE_WALL_SETS;
	if (v->count < LEAGUE_WALL_SETS)
		v->count++;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double league_lower_median(double *values, int n)
{
	if (n < 1)
		return NAN;
	qsort(values, (size_t)n, sizeof *values, by_value);
	return values[(n - 1) / 2];
}

double league_walls_median(const struct league_walls *w, long version)
{
	const struct league_wall *v = find(w, version);
	double sorted[LEAGUE_WALL_SETS];

	if (!v)
		return NAN;
	for (int i = 0; i < v->count; i++)
		sorted[i] = v->seconds[i];
	/* The lower median: a quick version's set against a slow one among
	 * its quick ones does not make it slow. */
	return league_lower_median(sorted, v->count);
}

void league_walls_free(struct league_walls *w)
{
	free(w->v);
	w->v = NULL;
	w->count = 0;
}
