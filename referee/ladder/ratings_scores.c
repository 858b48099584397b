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

/* The fit's ratings into elo[] and se[], or -1 unless every bot is rated
 * in one group. */
static int take_ratings(const struct ratings *r, double *elo, double *se, char *err)
{
	for (int e = 0; e < r->entrants; e++) {
		if (r->entry[e].status != RATINGS_RATED || r->groups != 1)
			return errorf(err, "the luck-adjusted scores give no finite "
				      "ratings: every bot must be linked to every "
				      "other by games, and score neither all nor "
				      "nothing against them");
		elo[e] = r->entry[e].elo;
		se[e] = r->entry[e].se;
	}
	return 0;
}

/* The games as the fit takes them, each game's score and set beside. */
static struct rating_game *as_rated(const struct scored_game *games, size_t count,
				    double *score, uint32_t *set)
{
	struct rating_game *rated = xcalloc(count + 1, sizeof *rated);

	for (size_t g = 0; g < count; g++) {
		/* the ranks count for places only: a draw */
		rated[g] = (struct rating_game){.seats = 2, .rank = {1, 1},
			.team = {-1, -1}, .entrant = {games[g].a, games[g].b}};
		score[g] = games[g].x;
		set[g] = games[g].set;
	}
	return rated;
}

int ratings_scores(const struct scored_game *games, size_t count, int entrants,
		   double *elo, double *se, char *err)
{
	double *score;
	uint32_t *set;
	struct rating_game *rated;
	struct ratings r;
	int rc;

	/* a field of one bot (or none) has no one to be rated against: 0 */
	if (entrants < 2) {
		for (int e = 0; e < entrants; e++)
			elo[e] = se[e] = 0;
		return 0;
	}
	score = xcalloc(count + 1, sizeof *score);
	set = xcalloc(count + 1, sizeof *set);
	rated = as_rated(games, count, score, set);
	rc = ratings_compute(rated, count, entrants, &(struct ratings_options){
		.anchor = -1, .set = set, .score = score}, &r, err);
	if (!rc) {
		rc = take_ratings(&r, elo, se, err);
		ratings_free(&r);
	}
	free(rated), free(score), free(set);
	return rc;
}
