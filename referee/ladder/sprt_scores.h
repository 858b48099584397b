/*
 * The SPRT of sprt.h on scores that are not counts: each pair's score any
 * real number (`referee sprt --luck-adjusted`: the mean of A's two
 * luck-adjusted scores, docs/ANALYSIS.md), so no pentanomial.  The same
 * generalized SPRT, in the form fishtest gives it for an empirical
 * distribution known by its mean and variance (M. Van den Bergh, "A
 * simple approximation of the GSPRT"): LLR = N/2 ln(r0 / r1), with r_k =
 * var + (mean - s_k)^2 the mean squared distance of the scores to the
 * hypothesis' score s_k.  As the pentanomial's empty cells count 1e-3,
 * the scores are taken with 1e-3 of a pair at each of 0, 1/4, 1/2, 3/4
 * and 1, so that a few pairs alike do not show no spread at all.
 * Logistic bounds only: a normalized Elo of these scores would be in
 * units of their own spread, not of the games'.  Pure functions: no I/O.
 */
#ifndef ARENA_SPRT_SCORES_H
#define ARENA_SPRT_SCORES_H

#include <stddef.h>

#include "base/moments.h"
#include "sprt.h"

/* A run's pairs on their scores (their plain results are counted in the
 * run's sprt_tally, sprt.h): the LLR of the scores and its verdict. */
struct sprt_scores {
	struct moments scores;
	double llr;
	enum sprt_verdict verdict;
};

/* The LLR of H1 over H0 (logistic bounds) of the scores m; 0 with none. */
double sprt_scores_llr(const struct sprt *test, const struct moments *m);

/* Counts a pair by A's two scores in it: true once there is a verdict. */
bool sprt_scores_add(struct sprt_scores *s, const struct sprt *test,
		     const double *score);

/* What the scores say of A - B: the mean score, its Elo and LOS as
 * sprt_estimate() gives them (no normalized Elo: NAN). */
void sprt_scores_estimate(const struct sprt_scores *s, struct sprt_estimate *out);

/* "9 pairs, 18 games: W-L-D 9-9-0, luck-adjusted mean 0.5123, LLR 2.951
 * [-2.944, 2.944]", the pairs and games as `plain` counted them. */
void sprt_scores_text(const struct sprt_scores *s, const struct sprt_tally *plain,
		      const struct sprt *test, char *buf, size_t len);

/* "variance a pair: plain 0.12500, luck-adjusted 0.00123, ratio 101.6"
 * ("n/a" where fewer than two pairs, or no spread, leave one undefined),
 * the plain pairs' as `plain` counted them. */
void sprt_scores_variance_text(const struct sprt_scores *s,
			       const struct sprt_tally *plain, char *buf, size_t len);

#endif
