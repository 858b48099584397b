/*
 * Elo ratings from real-valued scores; see ratings_scores.h.  The last
 * bot is held at 0 while Newton's method runs on the others' ratings
 * (the equations fix differences only); the ratings and their covariance
 * are centred after.
 */
#include "ratings_scores.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "elo.h"

#define MAX_STEPS 200
#define FAR 4000   /* Elo: a rating past it is no finite rating */

/* Inverts the n x n matrix m in place (Gauss-Jordan, partial pivoting):
 * false when it is singular. */
static bool invert(double *m, int n)
{
	double *inv = xcalloc((size_t)n * (size_t)n, sizeof *inv);

	for (int i = 0; i < n; i++)
		inv[i * n + i] = 1;
	for (int c = 0; c < n; c++) {
		int p = c;
		double pivot;

		for (int r = c + 1; r < n; r++)
			if (fabs(m[r * n + c]) > fabs(m[p * n + c]))
				p = r;
		if (!(fabs(m[p * n + c]) > 1e-12)) {
			free(inv);
			return false;
		}
		for (int j = 0; j < n; j++) {
			double t = m[c * n + j], u = inv[c * n + j];

			m[c * n + j] = m[p * n + j];
			m[p * n + j] = t;
			inv[c * n + j] = inv[p * n + j];
			inv[p * n + j] = u;
		}
		pivot = m[c * n + c];
		for (int j = 0; j < n; j++) {
			m[c * n + j] /= pivot;
			inv[c * n + j] /= pivot;
		}
		for (int r = 0; r < n; r++) {
			double f = m[r * n + c];

			if (r == c || f == 0)
				continue;
			for (int j = 0; j < n; j++) {
				m[r * n + j] -= f * m[c * n + j];
				inv[r * n + j] -= f * inv[c * n + j];
			}
		}
	}
	memcpy(m, inv, (size_t)n * (size_t)n * sizeof *m);
	free(inv);
	return true;
}

/* Adds u (u_a = +d, u_b = -d, the held bot left out) times v's
 * coefficients times w into the n x n matrix h. */
static void add_pair(double *h, int n, int a, int b, double w)
{
	if (a < n)
		h[a * n + a] += w;
	if (b < n)
		h[b * n + b] += w;
	if (a < n && b < n) {
		h[a * n + b] -= w;
		h[b * n + a] -= w;
	}
}

/* One Newton step from r: the information matrix inverted into h (n =
 * entrants - 1), and the step taken; the largest change, or NAN when the
 * matrix is singular. */
static double newton_step(const struct scored_game *games, size_t count, int n,
			  double *r, double *h, double *grad)
{
	double change = 0;

	memset(h, 0, (size_t)n * (size_t)n * sizeof *h);
	memset(grad, 0, (size_t)(n + 1) * sizeof *grad);
	for (size_t g = 0; g < count; g++) {
		const struct scored_game *s = &games[g];
		double p = elo_expected(r[s->a] - r[s->b]);

		grad[s->a] += s->x - p;
		grad[s->b] -= s->x - p;
		add_pair(h, n, s->a, s->b, ELO_C * p * (1 - p));
	}
	if (!invert(h, n))
		return NAN;
	for (int i = 0; i < n; i++) {
		double step = 0;

		for (int j = 0; j < n; j++)
			step += h[i * n + j] * grad[j];
		r[i] += step;
		change = fmax(change, fabs(step));
	}
	return change;
}

/* qsort_r's, the games its argument: by duplicate set, then as given,
 * so that a set's games are together and the sums in a fixed order. */
static int by_set(const void *pa, const void *pb, void *arg)
{
	const struct scored_game *games = arg;
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	uint32_t x = games[a].set, y = games[b].set;

	return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b;
}

/* A set's score vector: the bots it touched (those but the held one) and
 * its sum over the set's games for each, in a bot-indexed array. */
struct set_score {
	int *touched, count;
	double *value;
};

static void set_score_add(struct set_score *s, int n, int bot, double d)
{
	int t;

	if (bot >= n)
		return;
	for (t = 0; t < s->count && s->touched[t] != bot; t++)
		;
	if (t == s->count)
		s->touched[s->count++] = bot;
	s->value[bot] += d;
}

/* Adds the set's outer product to the meat, and empties the set. */
static void set_score_flush(struct set_score *s, int n, double *meat)
{
	for (int i = 0; i < s->count; i++)
		for (int j = 0; j < s->count; j++)
			meat[s->touched[i] * n + s->touched[j]] +=
				s->value[s->touched[i]] * s->value[s->touched[j]];
	for (int i = 0; i < s->count; i++)
		s->value[s->touched[i]] = 0;
	s->count = 0;
}

/* The sandwich covariance h B h into cov, the n x n of the bots but the
 * held one; B is the sum over duplicate sets of the outer product of each
 * set's score vector (a game in no set is a set of its own): the games of
 * a set share their dice, so their scores are not independent. */
static void sandwich(const struct scored_game *games, size_t count, int n,
		     const double *r, const double *h, double *cov)
{
	double *meat = xcalloc((size_t)n * (size_t)n + 1, sizeof *meat);
	size_t *order = xcalloc(count + 1, sizeof *order);
	struct set_score set = {xcalloc((size_t)n + 1, sizeof(int)), 0,
				xcalloc((size_t)n + 1, sizeof(double))};

	for (size_t g = 0; g < count; g++)
		order[g] = g;
	qsort_r(order, count, sizeof *order, by_set, (void *)games);
	for (size_t i = 0; i < count; i++) {
		const struct scored_game *s = &games[order[i]];
		double d = s->x - elo_expected(r[s->a] - r[s->b]);

		set_score_add(&set, n, s->a, d);
		set_score_add(&set, n, s->b, -d);
		if (i + 1 == count || !s->set || games[order[i + 1]].set != s->set)
			set_score_flush(&set, n, meat);
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			double v = 0;

			for (int k = 0; k < n; k++)
				for (int l = 0; l < n; l++)
					v += h[i * n + k] * meat[k * n + l] * h[l * n + j];
			cov[i * n + j] = v;
		}
	free(meat);
	free(order);
	free(set.touched);
	free(set.value);
}

/* The ratings centred on their mean, the covariance with them: var(r_i -
 * mean) from the covariance of the free ratings (the held one 0). */
static void centre(int k, const double *cov, double *elo, double *se)
{
	int n = k - 1;
	double mean = 0, total = 0, *row = xcalloc((size_t)k, sizeof *row);

	for (int i = 0; i < k; i++)
		mean += elo[i] / k;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			row[i] += cov[i * n + j] / k;
			total += cov[i * n + j] / k / k;
		}
	for (int i = 0; i < k; i++) {
		double own = i < n ? cov[i * n + i] : 0;

		elo[i] -= mean;
		se[i] = sqrt(fmax(0, own - 2 * (i < n ? row[i] : 0) + total));
	}
	free(row);
}

int ratings_scores(const struct scored_game *games, size_t count, int entrants,
		   double *elo, double *se, char *err)
{
	int n = entrants - 1;
	double *h = xcalloc((size_t)n * (size_t)n + 1, sizeof *h);
	double *grad = xcalloc((size_t)entrants, sizeof *grad);
	double *cov = xcalloc((size_t)n * (size_t)n + 1, sizeof *cov);
	double change = INFINITY;
	int step, rc = 0;

	memset(elo, 0, (size_t)entrants * sizeof *elo);
	for (step = 0; step < MAX_STEPS && change > 1e-9; step++) {
		change = newton_step(games, count, n, elo, h, grad);
		for (int i = 0; i < entrants && isfinite(change); i++)
			if (fabs(elo[i]) > FAR)
				change = NAN;
		if (!isfinite(change))
			break;
	}
	if (isnan(change) && n > 0)
		rc = errorf(err, "the luck-adjusted scores give no finite ratings: "
			    "every bot must be linked to every other by games, "
			    "and score neither all nor nothing against them");
	else if (change > 1e-9)
		rc = errorf(err, "the luck-adjusted ratings did not converge in %d "
			    "steps", MAX_STEPS);
	if (!rc) {
		sandwich(games, count, n, elo, h, cov);
		centre(entrants, cov, elo, se);
	}
	free(h);
	free(grad);
	free(cov);
	return rc;
}
