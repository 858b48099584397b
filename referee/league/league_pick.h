/*
 * Which versions play the next duplicate set (docs/LEAGUE.md, "The
 * policy"): the seed is the active version whose rating is least certain
 * (no rating yet counts as the least certain, then the fewest games), its
 * standard error shrunk by the sets already handed out since the last
 * refit as if each had taught what a set teaches, so that sets in flight
 * do not all go to one version; its opponents are drawn among the versions
 * nearest it in rating within a window of random width (Halite III's
 * shape: mostly near, sometimes far); no pair plays more than twice the
 * mean sets a pair plus two while another pair may.  A new version has no
 * rating, so it is the seed until it has one, then as long as its interval
 * is the widest: it plays more than its share until its interval narrows.
 * Pure but for the random draws (libsodium's).
 */
#ifndef ARENA_LEAGUE_PICK_H
#define ARENA_LEAGUE_PICK_H

#include <stdbool.h>

#include "base/ratings_types.h"

struct league_pick_entry {
	bool rated;     /* elo and se are a rating (RATINGS_RATED) */
	double elo, se;
	long games;     /* games counted at the last refit */
	long pending;   /* games handed out since */
	double half;    /* its 95% interval's half-width (league_rating_pick()),
			 * INFINITY without one: what the league rests on */
};

struct league_pick {
	int count;      /* active versions */
	int players;
	struct league_pick_entry *e;
	long *pair_sets; /* count x count: sets played or handed out together */
	long sets;       /* sets in pair_sets */
	bool luck;       /* the entries are rated from the luck-adjusted scores
			  * (league_luck.h), not the results */
};

/* A picker of `count` active versions, `players` a game (count >=
 * players). */
void league_pick_init(struct league_pick *p, int count, int players);
void league_pick_free(struct league_pick *p);

/* The next task's versions, seed first, into seats[0..players-1]
 * (indexes of the active versions), counted as handed out `sets` times
 * (a task is that many sets of the same versions). */
void league_pick_next(struct league_pick *p, int *seats, int sets);

/* The seed alone: the index of the least certain version. */
int league_pick_seed(const struct league_pick *p);

/* The widest half-width of the versions' intervals (INFINITY: one has
 * none). */
double league_pick_widest(const struct league_pick *p);

/* Whether the pair (a, b) has had its share: more than twice the mean
 * sets a pair, plus two. */
bool league_pick_capped(const struct league_pick *p, int a, int b);

#endif
