/*
 * How finished games enter the rating model of ratings.h: each game is
 * checked, then split into pairs of sides by final rank (ties are draws, a
 * team is one side), each pair a design row of +1/-1 coefficients and the
 * first side's score.  Shared by the fit (ratings_fit.c) and the tallies
 * and bounds (ratings.c).
 */
#ifndef ARENA_RATINGS_PAIRS_H
#define ARENA_RATINGS_PAIRS_H

#include "base/ratings_types.h"

#define RATINGS_MAX_PAIRS (RATINGS_MAX_SEATS * (RATINGS_MAX_SEATS - 1) / 2)

/* Two sides of a game: the bots with a non-zero net coefficient (+1 per
 * seat on the first side, -1 per seat on the second; a bot holding seats
 * on both sides cancels out) and the first side's score. */
struct rating_pair {
	int n;
	int who[RATINGS_MAX_SEATS];
	int coef[RATINGS_MAX_SEATS];
	double y;
};

/* 0, or -1 with err naming what is wrong with game number index; a
 * game with a score (not NAN: ratings_options.score) must have two seats
 * and the score be finite. */
int ratings_check_game(const struct rating_game *g, size_t index,
		       int entrants, double score, char *err);

/* Every pair of sides of a (checked) game into out (RATINGS_MAX_PAIRS),
 * ties as draws, or the first seat's `score` when it is not NAN; a pair
 * in which everything cancels (a bot against itself) is left out.
 * Returns how many. */
int ratings_game_pairs(const struct rating_game *g, double score,
		       struct rating_pair *out);

#endif
