/*
 * Maximum-likelihood Elo ratings of a field of bots from finished games,
 * the mathematics of `referee ladder` (docs/LADDER.md).  Every game is
 * split into pairs of sides by final rank (ties are draws; a team is one
 * side whose strength is the sum of its members' ratings), one logistic
 * model on the standard Elo scale (76% = +200.24) is fitted by Newton's
 * method, and the error bars are the sandwich variance grouped by game (by
 * duplicate set when games are in sets), so they stay calibrated when one
 * multiplayer game gives several pairs.  The
 * result does not depend on the order of the games.  Bots whose results
 * make the estimate infinite (a perfect or a zero score) get a one-sided
 * bound instead of a number; results in disconnected groups are rated
 * within each group only.  Pure functions: no I/O.
 */
#ifndef ARENA_RATINGS_H
#define ARENA_RATINGS_H

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

/* Rates `entrants` bots (numbered 0..entrants-1) from `count` games;
 * options may be NULL (no anchor, level 0).  -1 with a message in err
 * (ERR_LEN bytes) on a malformed game or an anchor without games.  A group
 * whose ratings do not exist (partners that never rotate, team results
 * that separate it) is left UNRATED with a note.  Free with
 * ratings_free. */
int ratings_compute(const struct rating_game *games, size_t count,
		    int entrants, const struct ratings_options *options,
		    struct ratings *out, char *err);
void ratings_free(struct ratings *ratings);

/* The ladder's order of the entrants into order[]: by group (bots in no
 * group last); inside a group the bots with a lower bound, by bound, then
 * the rated bots by rating, then the bots with an upper bound, by bound,
 * then the unrated; exact ties by names[] (byte order).  A bound is never
 * compared with a rating. */
void ratings_order(const struct ratings *ratings, const char *const *names,
		   int *order);

/* Likelihood of superiority: the probability that a is stronger than b,
 * Phi((Ra - Rb) / sqrt(var a + var b - 2 cov ab)); NAN unless both are
 * RATED in the same group. */
double ratings_los(const struct ratings *ratings, int a, int b);

#endif
