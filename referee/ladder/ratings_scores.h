/*
 * Elo ratings from real-valued scores of two-player games: `referee
 * ladder --luck-adjusted` (docs/ANALYSIS.md, "A luck-adjusted ladder"),
 * where a game's score is a bot's luck-adjusted score, any real number.
 * The games go to the ladder's one fit (ratings.h) with their scores in
 * place of results (ratings_options.score): a expects 1 / (1 + 10^(-(Ra
 * - Rb)/400)) against b, and the ratings solve the score equations, for
 * each bot sum over its games (score - expected) = 0.  These use only the
 * scores' means, so a score outside 0..1 is counted as it is: clamping it
 * would move the mean, and the rating with it.  The error bars are the
 * sandwich covariance grouped by duplicate set (by game for a game in no
 * set), as the ladder's are; the ratings are centred on a mean of 0.
 * A bot of no game is left out of the fit, its elo and se untouched.
 * Pure functions: no I/O.
 */
#ifndef ARENA_RATINGS_SCORES_H
#define ARENA_RATINGS_SCORES_H

#include <stddef.h>
#include <stdint.h>

/* One game: bot a scored x against bot b, who scored 1 - x; `set` its
 * duplicate set, numbered from 1 (0: none). */
struct scored_game {
	int a, b;
	double x;
	uint32_t set;
};

/* Each bot's rating and its sandwich standard error into elo[] and se[]
 * (entrants each): 0, or -1 with err (ERR_LEN bytes) when the games do
 * not link every bot to every other, or a bot's scores give no finite
 * rating (its mean score against its opponents' at or past 0 or 1). */
int ratings_scores(const struct scored_game *games, size_t count, int entrants,
		   double *elo, double *se, char *err);

#endif
