/*
 * The league's choice of the next set; see league_pick.h.
 */
#include "league/league_pick.h"

#include <math.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "league/league_wall.h"

void league_pick_init(struct league_pick *p, int count, int players, int workers)
{
	memset(p, 0, sizeof *p);
	p->count = count;
	p->players = players;
	p->e = xcalloc((size_t)count, sizeof *p->e);
	p->pair_sets = xcalloc((size_t)count * (size_t)count, sizeof *p->pair_sets);
	p->wall = xcalloc((size_t)count, sizeof *p->wall);
	p->probing = xcalloc((size_t)count, sizeof *p->probing);
	for (int i = 0; i < count; i++)
		p->wall[i] = NAN;
	p->lanes = workers / 2;
}

void league_pick_free(struct league_pick *p)
{
	free(p->e);
	free(p->pair_sets);
	free(p->wall);
	free(p->probing);
	p->e = NULL;
	p->pair_sets = NULL;
	p->wall = NULL;
	p->probing = NULL;
}

/* How uncertain a version is: its standard error as if the games handed
 * out since the refit had been counted (error ~ 1/sqrt(games)); no
 * error yet (league_pick_se(): no game) is infinitely uncertain. */
static double uncertainty(const struct league_pick_entry *e)
{
	if (!isfinite(e->se) || e->games < 1)
		return INFINITY;
	return e->se * sqrt((double)e->games / (double)(e->games + e->pending));
}

/* Whether version i is a better seed than version b: less certain, or
 * as uncertain with fewer games. */
static bool better_seed(const struct league_pick *p, int i, int b)
{
	double ui = uncertainty(&p->e[i]), ub = uncertainty(&p->e[b]);
	long gi = p->e[i].games + p->e[i].pending;
	long gb = p->e[b].games + p->e[b].pending;

	return ui > ub || (ui == ub && gi < gb);
}

int league_pick_seed(const struct league_pick *p, const bool *allowed)
{
	int best = -1;

	for (int i = 0; i < p->count; i++)
		if ((!allowed || allowed[i]) && (best < 0 || better_seed(p, i, best)))
			best = i;
	return best;
}

/* The typical version's set: the lower median of the measured versions'
 * medians (NAN: none is measured), so that half the field slow does not
 * make the slow typical. */
static double typical_wall(const struct league_pick *p)
{
	double *m = xcalloc((size_t)p->count, sizeof *m), typical;
	int n = 0;

	for (int i = 0; i < p->count; i++)
		if (!isnan(p->wall[i]))
			m[n++] = p->wall[i];
	typical = league_lower_median(m, n);
	free(m);
	return typical;
}

/* Whether a version whose recent sets' median is `wall` is slow in a
 * field whose typical set takes `typical`. */
static bool slow_wall(double wall, double typical)
{
	return !isnan(wall) && wall > LEAGUE_PICK_SLOW_S && wall > LEAGUE_PICK_SLOW_FACTOR * typical;
}

bool league_pick_slow(const struct league_pick *p, int a)
{
	return slow_wall(p->wall[a], typical_wall(p));
}

double league_pick_se(double se, int pairs)
{
	double even = pairs > 0 ? 800 / (M_LN10 * sqrt(pairs / (isfinite(se) ? 2.0 : 1.0)))
			: INFINITY;

	return fmin(se, even);
}

int league_pick_widest(const struct league_pick *p)
{
	int widest = -1;

	for (int i = 0; i < p->count; i++)
		if (widest < 0 || p->e[i].se > p->e[widest].se)
			widest = i;
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
static bool may_join(const struct league_pick *p, const bool *allowed, const int *seats,
		     int seated, int c, bool caps)
{
	if (!allowed[c])
		return false;
	for (int s = 0; s < seated; s++)
		if (seats[s] == c || (caps && league_pick_capped(p, seats[s], c)))
			return false;
	return true;
}

/* One opponent for the versions seated so far: drawn among the nearest
 * `window` to the seed that may join, else among all that may, else
 * among all not seated. */
static int draw_opponent(const struct league_pick *p, const bool *allowed,
			 const struct near *order, int window, const int *seats, int seated)
{
	for (int pass = 0; pass < 3; pass++) {
		int limit = pass == 0 ? window : p->count - 1, fits = 0, pick;

		for (int i = 0; i < limit; i++)
			fits += may_join(p, allowed, seats, seated, order[i].index, pass < 2);
		if (!fits)
			continue;
		pick = (int)randombytes_uniform((uint32_t)fits);
		for (int i = 0; i < limit; i++)
			if (may_join(p, allowed, seats, seated, order[i].index, pass < 2) &&
			    pick-- == 0)
				return order[i].index;
	}
	return -1;  /* unreachable while `players` versions are allowed */
}

/* The versions `out` says left out of `allowed` when as many others as
 * a game seats are left there. */
static void leave_out(const struct league_pick *p, const bool *out, bool *allowed)
{
	int others = 0;

	for (int i = 0; i < p->count; i++)
		others += allowed[i] && !out[i];
	for (int i = 0; others >= p->players && i < p->count; i++)
		allowed[i] = allowed[i] && !out[i];
}

/* A task's sets: as many as its slowest version's recent sets play in
 * LEAGUE_PICK_TASK_S (its processes' start and hello included), one
 * while a version has none measured, `sets` at most. */
static int task_sets(const struct league_pick *p, const int *seats, int sets)
{
	double slowest = 0;

	for (int s = 0; s < p->players; s++) {
		if (isnan(p->wall[seats[s]]))
			return 1;
		slowest = fmax(slowest, p->wall[seats[s]]);
	}
	if (slowest * sets > LEAGUE_PICK_TASK_S)
		sets = slowest < LEAGUE_PICK_TASK_S ? (int)(LEAGUE_PICK_TASK_S / slowest) : 1;
	return sets;
}

/* The seats of the next task from `allowed` (which it may narrow), seed
 * first: a seed never measured is not seated with slow versions, so that
 * a new version's first set is not a slow one. */
static void seat_task(struct league_pick *p, const bool *slow, bool *allowed, int *seats)
{
	struct near *order = xcalloc((size_t)p->count, sizeof *order);
	int seed = league_pick_seed(p, allowed), n = 0, window;

	if (isnan(p->wall[seed]))
		leave_out(p, slow, allowed);
	for (int i = 0; i < p->count; i++)
		if (i != seed)
			order[n++] = (struct near){i, fabs(elo_of(&p->e[i]) -
							   elo_of(&p->e[seed]))};
	qsort(order, (size_t)n, sizeof *order, by_distance);
	/* At least the players a game needs, at most the whole field. */
	window = p->players - 1 + (int)randombytes_uniform((uint32_t)(n - p->players + 2));
	seats[0] = seed;
	for (int s = 1; s < p->players; s++)
		seats[s] = draw_opponent(p, allowed, order, window, seats, s);
	free(order);
}

int league_pick_next(struct league_pick *p, int *seats, int sets, bool *slow_task)
{
	bool *slow = xcalloc((size_t)p->count, sizeof *slow);
	bool *allowed = xcalloc((size_t)p->count, sizeof *allowed);
	bool *probed = xcalloc((size_t)p->count, sizeof *probed);
	bool full = p->lanes ? p->slow_tasks >= p->lanes : p->last_slow;
	double typical = typical_wall(p);

	for (int i = 0; i < p->count; i++) {
		slow[i] = slow_wall(p->wall[i], typical);
		probed[i] = isnan(p->wall[i]) && p->probing[i];
		allowed[i] = true;
	}
	if (full)
		leave_out(p, slow, allowed);
	/* A version not yet measured plays one task until it is: its first
	 * may be slow. */
	leave_out(p, probed, allowed);
	seat_task(p, slow, allowed, seats);
	sets = task_sets(p, seats, sets);
	*slow_task = false;
	for (int s = 0; s < p->players; s++) {
		*slow_task = *slow_task || slow[seats[s]];
		p->probing[seats[s]] = p->probing[seats[s]] || isnan(p->wall[seats[s]]);
		p->e[seats[s]].pending += (long)sets * p->players;  /* a set is a game a seat */
		for (int t = 0; t < p->players; t++)
			if (t != s)
				p->pair_sets[seats[s] * p->count + seats[t]] += sets;
	}
	p->sets += sets;
	p->slow_tasks += *slow_task;
	p->last_slow = *slow_task;
	free(slow);
	free(allowed);
	free(probed);
	return sets;
}

void league_pick_ended(struct league_pick *p, bool slow)
{
	if (slow && p->slow_tasks > 0)
		p->slow_tasks--;
}
