/*
 * The types of the ratings (ratings.h): a finished game as rated, the
 * options, and the ratings computed, with their limits.  Apart from
 * ratings.h so that the parts of the fit (ratings_fit.h, ratings_pairs.h),
 * which ratings.c calls, need not include it.
 */
#ifndef ARENA_RATINGS_TYPES_H
#define ARENA_RATINGS_TYPES_H

#include <stddef.h>
#include <stdint.h>

#define RATINGS_MAX_SEATS 8
/* Entrants are numbered in 16 bits: a million games' results then take
 * 34 MB.  (A field of that size could not be fitted anyway: the
 * covariance alone would take gigabytes.) */
#define RATINGS_MAX_ENTRANTS INT16_MAX

/* The two-sided 95% normal quantile used for every interval. */
#define RATINGS_Z95 1.959963984540054

/* One finished game.  rank[k] is 1 for the winner(s) and equal ranks are
 * ties (up to 99), as in struct game_result; team[k] is -1 for a seat that plays
 * alone, or a team number shared by partners (who must share a rank, and
 * every team of a game must have as many seats as the others). */
struct rating_game {
	int8_t seats;
	int8_t rank[RATINGS_MAX_SEATS];
	int8_t team[RATINGS_MAX_SEATS];
	int16_t entrant[RATINGS_MAX_SEATS];
};

struct ratings_options {
	int anchor;   /* entrant held at `level`, or -1 */
	double level; /* the anchor's rating; the mean of every group
		       * without the anchor */
	/* By game (NULL: none): games that share a number other than 0,
	 * a duplicate set, are one cluster of the sandwich variance in
	 * place of one cluster each; the ratings do not change. */
	const uint32_t *set;
	/* By game (NULL: none): the score of the first seat of a two-seat
	 * game, any real number (the second's is 1 minus it), in place of
	 * its result (1, 1/2 or 0 by the ranks); the ranks then count for
	 * places only.  A luck-adjusted ladder's scores (docs/ANALYSIS.md):
	 * the fit solves the same score equations, sum (score - expected)
	 * = 0, whose solution depends on the scores' means only, so a score
	 * outside 0..1 counts as it is.  Each game is then its own kind. */
	const double *score;
};

enum ratings_status {
	RATINGS_RATED,   /* elo with an error bar */
	RATINGS_ABOVE,   /* won every point that links it to the rated bots:
			  * elo is a one-sided 95% lower bound */
	RATINGS_BELOW,   /* lost every such point: elo is an upper bound */
	RATINGS_UNRATED, /* no rating: see note */
};

struct ratings_entry {
	enum ratings_status status;
	int group;        /* connected group, numbered from the lowest
			   * entrant; -1 without a rated pair */
	double elo;       /* the rating, or the bound */
	double se;        /* sandwich standard error (RATED; 0 for the
			   * anchor) */
	double se_naive;  /* inverse-Hessian standard error, for comparison */
	double lo, hi;    /* 95% interval; a bound is open on one side */
	int games;        /* games played */
	int pairs;        /* pairwise comparisons (1 per 2-player game) */
	double points;    /* 1 per pair won, 1/2 per pair drawn */
	int wins, draws, losses; /* per pair */
	double place;     /* average finishing rank */
	const char *note; /* why an UNRATED bot has no rating, else NULL */
};

struct ratings {
	int entrants;
	int groups;
	struct ratings_entry *entry;
	double *cov;      /* entrants x entrants sandwich covariance; NAN
			   * between entrants that are not both RATED in the
			   * same group */
	int passes;       /* passes of the fit over the games, all groups */
};

#endif
