/*
 * Elo ratings from real-valued scores; see ratings_scores.h.  The games go
 * to the ladder's fit (ratings.c) with their scores in place of results:
 * it solves the same score equations.  Every bot must then be RATED in
 * one group: a bot with a bound or none has no finite rating.
 */
#include "ratings_scores.h"

#include <stdlib.h>

#include "base/util.h"
#include "ratings.h"

/* The fit's ratings into elo[] and se[], by the bots' own numbers (a
 * bot's number in the fit is number[] of it), or -1 unless every bot
 * that played is rated in one group. */
static int take_ratings(const struct ratings *r, const int *number, int entrants,
			double *elo, double *se, char *err)
{
	for (int e = 0; e < r->entrants; e++)
		if (r->entry[e].status != RATINGS_RATED || r->groups != 1)
			return errorf(err, "the luck-adjusted scores give no finite "
				      "ratings: every bot must be linked to every "
				      "other by games, and score neither all nor "
				      "nothing against them");
	for (int b = 0; b < entrants; b++)
		if (number[b] >= 0) {
			elo[b] = r->entry[number[b]].elo;
			se[b] = r->entry[number[b]].se;
		}
	return 0;
}

/* Bot b's number in the fit, given when it first plays: the fit's
 * entrants are the bots that played, in order of first appearance. */
static int fit_number(int *number, int *played, int b)
{
	if (number[b] < 0)
		number[b] = (*played)++;
	return number[b];
}

/* The games as the fit takes them, each game's score and set beside. */
static struct rating_game *as_rated(const struct scored_game *games, size_t count,
				    int *number, int *played, double *score, uint32_t *set)
{
	struct rating_game *rated = xcalloc(count + 1, sizeof *rated);

	for (size_t g = 0; g < count; g++) {
		int a = fit_number(number, played, games[g].a);

		/* the ranks count for places only: a draw */
		rated[g] = (struct rating_game){.seats = 2, .rank = {1, 1}, .team = {-1, -1},
			.entrant = {a, fit_number(number, played, games[g].b)}};
		score[g] = games[g].x;
		set[g] = games[g].set;
	}
	return rated;
}

int ratings_scores(const struct scored_game *games, size_t count, int entrants,
		   double *elo, double *se, char *err)
{
	double *score = xcalloc(count + 1, sizeof *score);
	uint32_t *set = xcalloc(count + 1, sizeof *set);
	int *number = xcalloc((size_t)entrants + 1, sizeof *number), played = 0, rc = 0;
	struct rating_game *rated;
	struct ratings r;

	for (int b = 0; b < entrants; b++)
		number[b] = -1;
	rated = as_rated(games, count, number, &played, score, set);
	/* a field of one bot (or none) has no one to be rated against: 0 */
	if (played < 2) {
		for (int b = 0; b < entrants; b++)
			if (number[b] >= 0)
				elo[b] = se[b] = 0;
	} else if (!(rc = ratings_compute(rated, count, played, &(struct ratings_options){
			.anchor = -1, .set = set, .score = score}, &r, err))) {
		rc = take_ratings(&r, number, entrants, elo, se, err);
		ratings_free(&r);
	}
	free(rated), free(score), free(set), free(number);
	return rc;
}
