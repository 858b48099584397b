/*
 * Which versions play the next duplicate set (docs/LEAGUE.md, "The
 * policy"): the seed is the active version whose rating is least certain
 * (no games yet counts as the least certain, then the fewest games; the
 * error as league_pick_se() counts it), its standard error shrunk by the sets already handed out since the last
 * refit as if each had taught what a set teaches, so that sets in flight
 * do not all go to one version; its opponents are drawn among the versions
 * nearest it in rating within a window of random width (Halite III's
 * shape: mostly near, sometimes far); no pair plays more than twice the
 * mean sets a pair plus two while another pair may.  A new version has no
 * rating, so it is the seed until it has one, then as long as its interval
 * is the widest: it plays more than its share until its interval narrows.
 * The workers are shared by wall time (docs/LEAGUE.md, "The policy", 6):
 * a task holds as many sets as its versions' recent sets play in
 * LEAGUE_PICK_TASK_S seconds (one while a version has none measured), and
 * the tasks that seat a version slow in wall time hold at most half the
 * workers at once (a lone worker alternates), and a version not yet
 * measured plays one task until it is, so that a bot that sleeps
 * within its clock cannot hold every worker, nor keep a new version
 * waiting behind a long task.
 * Pure but for the random draws (libsodium's).
 */
#ifndef ARENA_LEAGUE_PICK_H
#define ARENA_LEAGUE_PICK_H

#include <stdbool.h>

#include "base/ratings_types.h"

struct league_pick_entry {
	bool rated;     /* elo is a rating (RATINGS_RATED) */
	double elo;
	double se;      /* the error the league picks and rests by
			 * (league_pick_se()); INFINITY: none yet */
	long games;     /* games counted at the last refit */
	long pending;   /* games handed out since */
};

struct league_pick {
	int count;      /* active versions */
	int players;
	struct league_pick_entry *e;
	long *pair_sets; /* count x count: sets played or handed out together */
	long sets;       /* sets in pair_sets */
	bool luck;       /* the entries are rated from the luck-adjusted scores
			  * (league_luck.h), not the results */
	/* By active version, kept through refits: the median wall time (s)
	 * of its recent sets (league_wall.h), NAN while none is measured. */
	double *wall;
	bool *probing;   /* by active version: a task seating it was handed
			  * out while it had no wall time measured */
	int lanes;       /* tasks seating a slow version at once at most; 0:
			  * a lone worker, which alternates */
	int slow_tasks;  /* such tasks handed out and not ended */
	bool last_slow;  /* the last task handed out seated one */
};

/* A task holds as many sets as its versions' recent sets play in this
 * wall time: a slow task gives its worker back soon. */
#define LEAGUE_PICK_TASK_S 10.0
/* A version is slow in wall time when the median of its recent sets is
 * over this and over LEAGUE_PICK_SLOW_FACTOR times the typical version's
 * (the lower median of the measured versions' medians). */
#define LEAGUE_PICK_SLOW_S 1.0
#define LEAGUE_PICK_SLOW_FACTOR 4.0

/* A picker of `count` active versions, `players` a game (count >=
 * players), for `workers` workers: the tasks seating a slow version are
 * at most half of them at once (one of two; a lone worker alternates
 * them with the others). */
void league_pick_init(struct league_pick *p, int count, int players, int workers);

/* Whether active version `a` is slow in wall time now. */
bool league_pick_slow(const struct league_pick *p, int a);
void league_pick_free(struct league_pick *p);

/* The next task's versions, seed first, into seats[0..players-1]
 * (indexes of the active versions): while the slow tasks fill their
 * lanes, none slow (if enough others can be seated), nor with a seed
 * never measured, nor a version never measured that has a task already; its sets, `sets` at most and as many as its versions'
 * recent sets play in LEAGUE_PICK_TASK_S, returned and counted as handed
 * out; *slow says whether it seats a slow version (then
 * league_pick_ended() once it has ended). */
int league_pick_next(struct league_pick *p, int *seats, int sets, bool *slow);

/* A task handed out has ended (`slow`: as league_pick_next() said). */
void league_pick_ended(struct league_pick *p, bool slow);

/* The seed alone: the index of the least certain version (among those
 * `allowed` says, when not NULL; one at least must be). */
int league_pick_seed(const struct league_pick *p, const bool *allowed);

/* The error the league picks and rests by of a version whose fit gave
 * the error `se` over `pairs` pairwise comparisons: `se`, but no more
 * than an evenly matched version's after half as many, 800 / (ln 10
 * sqrt(pairs / 2)) Elo, so that a version whose games teach little (one
 * that forfeits most of them, or far from the field) counts as measured
 * once it has had twice the games an even one needs, and neither takes
 * every game nor keeps the league from resting.  `se` INFINITY: a bound
 * only (it won or lost every pair), which counts as an even version's. */
double league_pick_se(double se, int pairs);

/* The active version whose interval is the widest (the first of those
 * without one), or -1 without versions; its half-width is
 * RATINGS_Z95 times its se. */
int league_pick_widest(const struct league_pick *p);

/* Whether the pair (a, b) has had its share: more than twice the mean
 * sets a pair, plus two. */
bool league_pick_capped(const struct league_pick *p, int a, int b);

#endif
