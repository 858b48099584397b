/*
 * The GSPRT of sprt.h.  Both hypotheses are tested at the outcome
 * distribution p that is most likely given the observed frequencies q
 * while meeting the hypothesis: sum p_i phi_i = 0, where phi_i is a_i - s
 * for a logistic bound (mean score s) and, for a normalized bound t =
 * (mean - 1/2) / sigma, the linearisation a_i - 1/2 - t sigma (1 + ((a_i -
 * mean) / sigma)^2) / 2 around the current p, iterated to a fixed point
 * (M. Van den Bergh, "Comments on normalized Elo").  Lagrange gives p_i =
 * q_i / (1 + theta phi_i) with theta the root of sum q_i phi_i / (1 +
 * theta phi_i), which is decreasing in theta: bisection finds it.
 */
#include "sprt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "elo.h"
#include "ratings.h"

#define MAX_OUTCOMES 5
/* Normalized Elo per unit of t = (mean - 1/2) / sigma. */
#define NELO_PER_T (800 / M_LN10)

int sprt_init(struct sprt *test, double elo0, double elo1, double alpha,
	      double beta, enum sprt_model model, char *err)
{
	if (!(elo0 < elo1))
		return errorf(err, "elo0 (%g) must be below elo1 (%g)", elo0,
			      elo1);
	if (!(alpha > 0 && beta > 0 && alpha + beta < 1))
		return errorf(err, "alpha (%g) and beta (%g) must be above 0 "
			      "with a sum below 1", alpha, beta);
	test->elo0 = elo0;
	test->elo1 = elo1;
	test->alpha = alpha;
	test->beta = beta;
	test->model = model;
	test->lower = log(beta / (1 - alpha));
	test->upper = log((1 - beta) / alpha);
	return 0;
}

/* p_i = q_i / (1 + theta phi_i) with sum p_i phi_i = 0. */
static void closest(const double *q, const double *phi, int n, double *p)
{
	double lo = -INFINITY, hi = INFINITY;

	for (int i = 0; i < n; i++) {
		/* 1 + theta phi_i > 0 for every i */
		if (phi[i] > 0)
			lo = fmax(lo, -1 / phi[i]);
		if (phi[i] < 0)
			hi = fmin(hi, -1 / phi[i]);
	}
	for (;;) {
		double mid = (lo + hi) / 2, f = 0;

		if (mid <= lo || mid >= hi)
			break;
		for (int i = 0; i < n; i++)
			f += q[i] * phi[i] / (1 + mid * phi[i]);
		if (f > 0)
			lo = mid;
		else
			hi = mid;
	}
	for (int i = 0; i < n; i++)
		p[i] = q[i] / (1 + (lo + hi) / 2 * phi[i]);
}

/* The closest distribution with mean score s. */
static void closest_mean(const double *q, const double *a, int n, double s,
			 double *p)
{
	double phi[MAX_OUTCOMES];

	for (int i = 0; i < n; i++)
		phi[i] = a[i] - s;
	closest(q, phi, n, p);
}

/* The closest distribution with (mean - 1/2) / sigma = t, by fixed-point
 * iteration from the uniform distribution. */
static void closest_t(const double *q, const double *a, int n, double t,
		      double *p)
{
	double next[MAX_OUTCOMES], phi[MAX_OUTCOMES] = {0};

	for (int i = 0; i < n; i++)
		p[i] = 1.0 / n;
	for (int iter = 0; iter < 1000; iter++) {
		double mu = 0, var = 0, sigma, change = 0;

		for (int i = 0; i < n; i++)
			mu += p[i] * a[i];
		for (int i = 0; i < n; i++)
			var += p[i] * (a[i] - mu) * (a[i] - mu);
		sigma = sqrt(var);
		for (int i = 0; i < n; i++) {
			double z = (a[i] - mu) / sigma;

			phi[i] = a[i] - 0.5 - t * sigma * (1 + z * z) / 2;
		}
		closest(q, phi, n, next);
		for (int i = 0; i < n; i++) {
			change = fmax(change, fabs(next[i] - p[i]));
			p[i] = next[i];
		}
		if (change < 1e-14)
			break;
	}
}

double sprt_llr(const struct sprt *test, const long *counts, int n)
{
	double q[MAX_OUTCOMES], a[MAX_OUTCOMES], p0[MAX_OUTCOMES];
	double p1[MAX_OUTCOMES], total = 0, llr = 0;
	long games = 0;

	for (int i = 0; i < n; i++) {
		games += counts[i];
		q[i] = counts[i] ? counts[i] : 1e-3;
		a[i] = (double)i / (n - 1);
		total += q[i];
	}
	if (!games)
		return 0;
	for (int i = 0; i < n; i++)
		q[i] /= total;
	if (test->model == SPRT_LOGISTIC) {
		closest_mean(q, a, n, elo_expected(test->elo0), p0);
		closest_mean(q, a, n, elo_expected(test->elo1), p1);
	} else {
		/* a pair's sigma is that of a game over sqrt 2 */
		double unit = (n == 5 ? M_SQRT2 : 1) / NELO_PER_T;

		closest_t(q, a, n, test->elo0 * unit, p0);
		closest_t(q, a, n, test->elo1 * unit, p1);
	}
	for (int i = 0; i < n; i++)
		llr += q[i] * log(p1[i] / p0[i]);
	return total * llr;
}

enum sprt_verdict sprt_verdict(const struct sprt *test, double llr)
{
	if (llr >= test->upper)
		return SPRT_H1;
	if (llr <= test->lower)
		return SPRT_H0;
	return SPRT_CONTINUE;
}

const char *sprt_verdict_name(enum sprt_verdict v)
{
	return v == SPRT_H1 ? "H1" : v == SPRT_H0 ? "H0" : "none";
}

int sprt_pair_outcome(double first, double second)
{
	return (int)lround(2 * (first + second));
}

void sprt_pentanomial_text(const long *counts, char *buf, size_t len)
{
	snprintf(buf, len, "LL %ld LD %ld DD/WL %ld WD %ld WW %ld", counts[0],
		 counts[1], counts[2], counts[3], counts[4]);
}

void sprt_estimate(const long *counts, int n, struct sprt_estimate *out)
{
	double mu = 0, var = 0, total = 0, sd, game_sd;

	for (int i = 0; i < n; i++)
		total += counts[i];
	for (int i = 0; i < n; i++)
		mu += counts[i] / total * i / (n - 1);
	for (int i = 0; i < n; i++) {
		double d = (double)i / (n - 1) - mu;

		var += counts[i] / total * d * d;
	}
	sd = sqrt(var / total);
	game_sd = sqrt(n == 5 ? 2 * var : var);
	sprt_estimate_mean(mu, sd, game_sd, out);
}

void sprt_estimate_mean(double mu, double sd, double game_sd,
			struct sprt_estimate *out)
{
	out->score = mu;
	out->elo = elo_diff(mu);
	out->elo_margin = (elo_diff(mu + RATINGS_Z95 * sd) -
			   elo_diff(mu - RATINGS_Z95 * sd)) / 2;
	out->nelo = (mu - 0.5) / game_sd * NELO_PER_T;
	out->nelo_margin = RATINGS_Z95 * sd / game_sd * NELO_PER_T;
	out->los = 0.5 * erfc(-(mu - 0.5) / sd / M_SQRT2);
}

bool sprt_tally_add(struct sprt_tally *tally, const struct sprt *test, long pair,
		    const double *score)
{
	tally->counts[sprt_pair_outcome(score[0], score[1])]++;
	for (int g = 0; g < 2; g++)
		tally->wld[score[g] == 1 ? 0 : score[g] == 0 ? 1 : 2]++;
	tally->pairs = pair;
	tally->llr = sprt_llr(test, tally->counts, 5);
	tally->verdict = sprt_verdict(test, tally->llr);
	return tally->verdict != SPRT_CONTINUE;
}

void sprt_tally_text(const struct sprt_tally *tally, const struct sprt *test,
		     char *buf, size_t len)
{
	char penta[SPRT_PENTANOMIAL_LEN];

	sprt_pentanomial_text(tally->counts, penta, sizeof penta);
	snprintf(buf, len, "%ld pair%s, %ld games: W-L-D %ld-%ld-%ld, %s, LLR %.3f "
		 "[%.3f, %.3f]", tally->pairs, tally->pairs == 1 ? "" : "s",
		 2 * tally->pairs, tally->wld[0], tally->wld[1], tally->wld[2], penta,
		 tally->llr, test->lower, test->upper);
}

/* "at least +50 Elo stronger", "at most 20 Elo weaker". */
static void bound_text(char *buf, size_t len, const char *which, double elo)
{
	snprintf(buf, len, "%s %g Elo %s", which, fabs(elo), elo < 0 ? "weaker" : "stronger");
}

void sprt_hypotheses_text(char *buf, size_t len, const char *a, const char *b,
			  double elo0, double elo1)
{
	char h0[64], h1[64];

	bound_text(h1, sizeof h1, "at least", elo1);
	bound_text(h0, sizeof h0, "at most", elo0);
	snprintf(buf, len, "H1: %s is %s than %s; H0: %s is %s than %s", a, h1, b,
		 a, h0, b);
}

void sprt_between_text(char *buf, size_t len, double elo, double elo0, double elo1)
{
	buf[0] = '\0';
	if (isfinite(elo) && elo > elo0 && elo < elo1)
		snprintf(buf, len, "the estimate, %+.1f Elo, lies between the bounds "
			 "%+g and %+g: runs of this test may accept H0 one time and "
			 "H1 the next, and either only says the gap is not far past "
			 "the other bound", elo, elo0, elo1);
}
