/*
 * Pentanomial counts of duplicate sets (ladder_pentanomial.h).  A set
 * counts only when it is whole: its two games, both between the same two
 * bots; a set cut short by a run not yet finished waits.
 */
#include "ladder_pentanomial.h"

#include <stdlib.h>

#include "base/util.h"
#include "sprt.h"

/* The points of entrant `who` in the 2-player game `g`: 1, 1/2 or 0. */
static double points_of(const struct rating_game *g, int who)
{
	int k = g->entrant[0] == who ? 0 : 1;

	return g->rank[k] < g->rank[1 - k] ? 1 : g->rank[k] == g->rank[1 - k] ? 0.5 : 0;
}

/* Whether games x and y are a set's two games between the same two bots. */
static bool same_pair(const struct rating_game *x, const struct rating_game *y)
{
	return x->seats == 2 && y->seats == 2 && x->entrant[0] != x->entrant[1] &&
	       ((x->entrant[0] == y->entrant[0] && x->entrant[1] == y->entrant[1]) ||
		(x->entrant[0] == y->entrant[1] && x->entrant[1] == y->entrant[0]));
}

void ladder_pentanomial_count(const struct ladder_data *data,
			      struct ladder_pentanomial *out)
{
	size_t n = (size_t)data->entrants, sets = (size_t)data->set_count + 1;
	long *first = xmalloc(sets * sizeof *first), *games = xcalloc(sets, sizeof *games);
	long *second = xmalloc(sets * sizeof *second);

	out->entrants = data->entrants;
	out->sets = 0;
	out->counts = xcalloc(n * n * 5, sizeof *out->counts);
	for (size_t g = 0; data->set_count && g < data->count; g++) {
		uint32_t s = data->sets[g];

		if (!s)
			continue;
		if (games[s] == 0)
			first[s] = (long)g;
		else
			second[s] = (long)g;
		games[s]++;
	}
	for (size_t s = 1; s < sets; s++) {
		const struct rating_game *x, *y;
		int a, b, i;

		if (games[s] != 2)
			continue;
		x = &data->games[first[s]];
		y = &data->games[second[s]];
		if (!same_pair(x, y))
			continue;
		a = x->entrant[0];
		b = x->entrant[1];
		i = sprt_pair_outcome(points_of(x, a), points_of(y, a));
		out->counts[((size_t)a * n + (size_t)b) * 5 + (size_t)i]++;
		out->counts[((size_t)b * n + (size_t)a) * 5 + (size_t)(4 - i)]++;
		out->sets++;
	}
	free(first);
	free(second);
	free(games);
}

void ladder_pentanomial_free(struct ladder_pentanomial *p)
{
	free(p->counts);
	p->counts = NULL;
}

const long *ladder_pentanomial_of(const struct ladder_pentanomial *p, int a,
				  int b)
{
	return &p->counts[((size_t)a * (size_t)p->entrants + (size_t)b) * 5];
}
