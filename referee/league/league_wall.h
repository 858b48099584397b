/*
 * What each version's recent sets took in wall time (docs/LEAGUE.md,
 * "The policy", 6): the picker shares the workers by it (league_pick.h).
 * Kept by the version's id for as long as `league run` goes on, across
 * its runs: a change of the roster begins a new run, and a bot slow in
 * wall time must not be taken for new at each.
 */
#ifndef ARENA_LEAGUE_WALL_H
#define ARENA_LEAGUE_WALL_H

/* A version's figure is the median of its last sets this many. */
#define LEAGUE_WALL_SETS 8

struct league_wall {
	long version;                      /* its id in the index */
	int count, next;                   /* sets kept; where the next goes */
	double seconds[LEAGUE_WALL_SETS];
};

struct league_walls {
	struct league_wall *v;
	int count;
};

/* A set of `version` took `seconds` of a worker's wall time. */
void league_walls_charge(struct league_walls *w, long version, double seconds);

/* The median wall time of `version`'s recent sets, or NAN: none yet. */
double league_walls_median(const struct league_walls *w, long version);

/* The lower median of `n` values (sorted in place), NAN when n is 0. */
double league_lower_median(double *values, int n);

void league_walls_free(struct league_walls *w);

#endif
