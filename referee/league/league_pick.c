/*
 * The league's choice of the next set; see league_pick.h.
 */
#include "league/league_pick.h"

#include <math.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void league_pick_init(struct league_pick *p, int count, int players)
{
	memset(p, 0, sizeof *p);
	p->count = count;
	p->players = players;
	p->e = xcalloc((size_t)count, sizeof *p->e);
	p->pair_sets = xcalloc((size_t)count * (size_t)count, sizeof *p->pair_sets);
}

void league_pick_free(struct league_pick *p)
{
	free(p->e);
	free(p->pair_sets);
	p->e = NULL;
	p->pair_sets = NULL;
}

/* How uncertain a version is: its standard error as if the games handed
 * out since the refit had been counted (error ~ 1/sqrt(games)); no
 * rating is infinitely uncertain. */
static double uncertainty(const struct league_pick_entry *e)
{
	if (!e->rated || e->games < 1)
		return INFINITY;
	return e->se * sqrt((double)e->games / (double)(e->games + e->pending));
}

int league_pick_seed(const struct league_pick *p)
{
	int best = 0;

	for (int i = 1; i < p->count; i++) {
		double u = uncertainty(&p->e[i]), b = uncertainty(&p->e[best]);
		long gi = p->e[i].games + p->e[i].pending;
		long gb = p->e[best].games + p->e[best].pending;

		if (u > b || (u == b && gi < gb))
			best = i;
	}
	return best;
}

double league_pick_widest(const struct league_pick *p)
{
	double widest = 0;

	for (int i = 0; i < p->count; i++)
		widest = fmax(widest, p->e[i].half);
	return widest;
}

bool league_pick_capped(const struct league_pick *p, int a, int b)
{
	double pairs = (double)p->count * (p->count - 1) / 2;
	double per_set = (double)p->players * (p->players - 1) / 2;
	double mean = pairs > 0 ? (double)p->sets * per_set / pairs : 0;

	return (double)p->pair_sets[a * p->count + b] > 2 * mean + 2;
}

/* A rating to measure nearness by: none counts as the field's middle. */
static double elo_of(const struct league_pick_entry *e)
{
	return e->rated || e->games ? e->elo : 0;
}

struct near { int index; double distance; };

static int by_distance(const void *a, const void *b)
{
	const struct near *x = a, *y = b;

	return x->distance < y->distance ? -1 : x->distance > y->distance ? 1
	       : x->index - y->index;
}

/* Whether candidate c may join the versions already seated. */
static bool may_join(const struct league_pick *p, const int *seats, int seated,
		     int c, bool caps)
{
	for (int s = 0; s < seated; s++)
		if (seats[s] == c || (caps && league_pick_capped(p, seats[s], c)))
			return false;
	return true;
}

/* One opponent for the versions seated so far: drawn among the nearest
 * `window` to the seed that may join, else among all that may, else
 * among all not seated. */
static int draw_opponent(const struct league_pick *p, const struct near *order,
			 int window, const int *seats, int seated)
{
	for (int pass = 0; pass < 3; pass++) {
		int limit = pass == 0 ? window : p->count - 1, fits = 0, pick;

		for (int i = 0; i < limit; i++)
			fits += may_join(p, seats, seated, order[i].index, pass < 2);
		if (!fits)
			continue;
		pick = (int)randombytes_uniform((uint32_t)fits);
		for (int i = 0; i < limit; i++)
			if (may_join(p, seats, seated, order[i].index, pass < 2) && pick-- == 0)
				return order[i].index;
	}
	return -1;  /* unreachable while count >= players */
}

void league_pick_next(struct league_pick *p, int *seats, int sets)
{
	struct near *order = xcalloc((size_t)p->count, sizeof *order);
	int seed = league_pick_seed(p), n = 0, window;

	for (int i = 0; i < p->count; i++)
		if (i != seed)
			order[n++] = (struct near){i, fabs(elo_of(&p->e[i]) -
							   elo_of(&p->e[seed]))};
	qsort(order, (size_t)n, sizeof *order, by_distance);
	/* At least the players a game needs, at most the whole field. */
	window = p->players - 1 + (int)randombytes_uniform((uint32_t)(n - p->players + 2));
	seats[0] = seed;
	for (int s = 1; s < p->players; s++)
		seats[s] = draw_opponent(p, order, window, seats, s);
	for (int s = 0; s < p->players; s++) {
		p->e[seats[s]].pending += (long)sets * p->players;  /* a set is a game a seat */
		for (int t = 0; t < p->players; t++)
			if (t != s)
				p->pair_sets[seats[s] * p->count + seats[t]] += sets;
	}
	p->sets += sets;
	free(order);
}
