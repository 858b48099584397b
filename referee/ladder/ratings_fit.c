/*
 * Fitting one block of bots; see ratings_fit.h.
 */
#include "ratings_fit.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "elo.h"
#include "ratings_pairs.h"

/* Why a block has no ratings. */
static const char note_partners[] =
	"partners never rotate: their ratings cannot be told apart";
static const char note_separated[] =
	"the team results of its group have no finite ratings";
static const char note_outside[] =
	"every result of its group involves a bot that won or lost all of "
	"its pairs: no finite ratings";

/* The gradient of one game's log-likelihood, or of a duplicate set's, on
 * the parameters of the bots in it: room for a game's seats, or for every
 * parameter for a set (the logs of a set may seat any bots: they come
 * from whoever made them). */
struct game_score {
	int n;
	int *param;
	double *value;
};

/* Adds a pair of the fitted block, whose first side expected e, in w
 * identical games to the gradient and the information matrix, and in one
 * of them to the game's score. */
static void add_pair(const struct fit *f, const struct rating_pair *p, double e,
		     double w, double *grad, double *info, struct game_score *gs)
{
	int m = f->m;

	for (int i = 0; i < p->n; i++) {
		int a = f->param[p->who[i]], t;
		double g = ELO_C * (p->y - e) * p->coef[i];

		if (a < 0)
			continue;
		grad[a] += w * g;
		for (int j = 0; j < p->n; j++) {
			int b = f->param[p->who[j]];

			if (b >= 0)
				info[a * m + b] += w * ELO_C * ELO_C *
					e * (1 - e) * p->coef[i] * p->coef[j];
		}
		for (t = 0; t < gs->n && gs->param[t] != a; t++)
			;
		if (t == gs->n) {
			gs->param[gs->n++] = a;
			gs->value[t] = 0;
		}
		gs->value[t] += g;
	}
}

/* Adds w times the outer product of a score to the meat. */
static void add_meat(const struct game_score *gs, double w, int m, double *meat)
{
	for (int s = 0; s < gs->n; s++)
		for (int t = 0; t < gs->n; t++)
			meat[gs->param[s] * m + gs->param[t]] += w * gs->value[s] * gs->value[t];
}

/* Adds the pairs of `game` (with its `score`, NAN: none) inside the
 * fitted block at ratings r, in w identical games, to the gradient and
 * the information matrix, and in one of them to the score gs (of the
 * game, or of its set); returns their log-likelihood. */
static double add_game(const struct fit *f, const struct rating_game *game,
		       double score, const double *r, double w, double *grad,
		       double *info, struct game_score *gs)
{
	struct rating_pair pairs[RATINGS_MAX_PAIRS];
	int n = ratings_game_pairs(game, score, pairs);
	double ll = 0;

	for (int q = 0; q < n; q++) {
		const struct rating_pair *p = &pairs[q];
		double d = 0;
		bool inside = true;

		for (int i = 0; i < p->n; i++) {
			inside &= f->param[p->who[i]] != RATINGS_NOT_IN_BLOCK;
			d += p->coef[i] * r[p->who[i]];
		}
		if (!inside)
			continue;
		ll += w * (p->y * elo_log_expected(d) +
			   (1 - p->y) * elo_log_expected(-d));
		add_pair(f, p, elo_expected(d), w, grad, info, gs);
	}
	return ll;
}

/* Log-likelihood of the pairs inside the fitted block at ratings r, with
 * its gradient, its information matrix (minus the Hessian) and the meat of
 * the sandwich (the sum over games of the outer product of each game's
 * gradient): one pass over the games. */
static double likelihood(struct fit *f, const double *r, double *grad,
			 double *info, double *meat)
{
	double ll = 0;
	int m = f->m;

	f->passes++;
	memset(grad, 0, m * sizeof(*grad));
	memset(info, 0, (size_t)m * m * sizeof(*info));
	memset(meat, 0, (size_t)m * m * sizeof(*meat));
	for (size_t g = 0; g < f->kind_count; g++) {
		int param[RATINGS_MAX_SEATS];
		double value[RATINGS_MAX_SEATS];
		struct game_score gs = {0, param, value};

		ll += add_game(f, &f->kinds[g], fit_score(f, g), r, f->weight[g],
			       grad, info, &gs);
		/* Each of the w games adds its own outer product. */
		add_meat(&gs, f->weight[g], m, meat);
	}
	return ll;
}

/* qsort_r's, the games' sets its argument: the league server fits
 * ratings on several threads at once. */
static int by_set(const void *pa, const void *pb, void *arg)
{
	const uint32_t *sorting_sets = arg;
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	uint32_t x = sorting_sets[a], y = sorting_sets[b];

	return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b;
}

/* The meat of the sandwich at ratings r grouped by duplicate set
 * (f->set): the sum over sets of the outer product of each set's score,
 * the sum of its games' (a game in no set is a set of its own).  One pass
 * over the games themselves, since a set is not a kind. */
static void set_meat(struct fit *f, const double *r, double *meat)
{
	int m = f->m;
	size_t *order = xmalloc((f->count + 1) * sizeof(*order));
	double *grad = xmalloc(m * sizeof(*grad));
	double *info = xmalloc((size_t)m * m * sizeof(*info));
	struct game_score ss = {0, xmalloc(m * sizeof(int)), xmalloc(m * sizeof(double))};

	for (size_t g = 0; g < f->count; g++)
		order[g] = g;
	qsort_r(order, f->count, sizeof(*order), by_set, (void *)f->set);
	memset(meat, 0, (size_t)m * m * sizeof(*meat));
	for (size_t i = 0; i < f->count; i++) {
		size_t g = order[i];

		/* grad and info are scratch here */
		add_game(f, &f->games[g], fit_score(f, g), r, 1, grad, info, &ss);
		if (i + 1 == f->count || !f->set[g] || f->set[order[i + 1]] != f->set[g]) {
			add_meat(&ss, 1, m, meat);
			ss.n = 0;
		}
	}
	free(order), free(grad), free(info), free(ss.param), free(ss.value);
}

/* In-place Cholesky factor (lower triangle) of a positive definite
 * matrix; -1 when it is singular to working precision. */
static int cholesky(double *a, int m)
{
	for (int j = 0; j < m; j++) {
		double d = a[j * m + j];

		for (int t = 0; t < j; t++)
			d -= a[j * m + t] * a[j * m + t];
		if (!(d > 1e-12 * fabs(a[j * m + j])))
			return -1;
		a[j * m + j] = sqrt(d);
		for (int i = j + 1; i < m; i++) {
			double s = a[i * m + j];

			for (int t = 0; t < j; t++)
				s -= a[i * m + t] * a[j * m + t];
			a[i * m + j] = s / a[j * m + j];
		}
	}
	return 0;
}

/* Solves L L^T x = b in place. */
static void cholesky_solve(const double *l, int m, double *x)
{
	for (int i = 0; i < m; i++) {
		for (int t = 0; t < i; t++)
			x[i] -= l[i * m + t] * x[t];
		x[i] /= l[i * m + i];
	}
	for (int i = m - 1; i >= 0; i--) {
		for (int t = i + 1; t < m; t++)
			x[i] -= l[t * m + i] * x[t];
		x[i] /= l[i * m + i];
	}
}

/* r + step * dir on the fitted bots. */
static void move(const struct fit *f, const double *r, const double *dir,
		 double step, double *out)
{
	memcpy(out, r, f->k * sizeof(*out));
	for (int e = 0; e < f->k; e++)
		if (f->param[e] >= 0)
			out[e] += step * dir[f->param[e]];
}

/* Whether some fitted bot has no information at all: no pair inside the
 * block (every result of it involves a bot outside, one that won or lost
 * everything).  Read before cholesky() overwrites info. */
static bool idle_bot(const double *info, int m)
{
	for (int a = 0; a < m; a++)
		if (info[a * m + a] == 0)
			return true;
	return false;
}

/* A fit of scores (f->score) takes the step that showed convergence too,
 * and stands at the point it reaches: the luck-adjusted ladder's figures
 * were always those of the step under 1e-9 Elo taken (to the 10th digit,
 * where a fit of results stops a step short). */
static void take_last_step(struct fit *f, const double *dir, double *trial,
			   double *grad, double *info, double *meat)
{
	move(f, f->r, dir, 1, trial);
	memcpy(f->r, trial, f->k * sizeof(*trial));
	likelihood(f, f->r, grad, info, meat);
	/* a step under 1e-9 Elo (or 1e-3, past the likelihood's rounding)
	 * from a point where it factored keeps it positive definite */
	cholesky(info, f->m);
}

/* Newton's method with step halving on the fitted block, from r; leaves
 * the inverse information matrix and the sandwich covariance (m x m), or
 * returns why there are no finite ratings.  It stops when no rating would
 * move by 1e-9 Elo.  Once the gain a step promises (half the Newton
 * decrement g H^-1 g) is below the rounding error of the likelihood,
 * comparing two likelihoods only compares rounding errors: that step is
 * taken whole, without halving, and is the last. */
static const char *newton(struct fit *f, double *naive, double *sandwich)
{
	int m = f->m, iter;
	double *grad = xmalloc(m * sizeof(*grad));
	double *dir = xmalloc(m * sizeof(*dir));
	double *info = xmalloc((size_t)m * m * sizeof(*info));
	double *meat = xmalloc((size_t)m * m * sizeof(*meat));
	double *trial = xmalloc(f->k * sizeof(*trial));
	double ll = likelihood(f, f->r, grad, info, meat);
	const char *why = NULL;
	bool last = false;

	for (iter = 0;; iter++) {
		double step = 1, size = 0, gain = 0;
		double noise = 1e-11 * (1 + fabs(ll));
		bool idle = idle_bot(info, m);

		/* At the start (all ratings equal) the information matrix
		 * depends on who played with and against whom only: singular
		 * there means partners never rotate.  Later it can only
		 * become singular because ratings run off to infinity. */
		if (cholesky(info, m) < 0) {
			why = iter ? note_separated :
				idle ? note_outside : note_partners;
			break;
		}
		memcpy(dir, grad, m * sizeof(*dir));
		cholesky_solve(info, m, dir);
		for (int a = 0; a < m; a++) {
			size = fmax(size, fabs(dir[a]));
			gain += grad[a] * dir[a] / 2;
		}
		if (size < 1e-9 || (last && size < 1e-3)) {
			if (f->score)
				take_last_step(f, dir, trial, grad, info, meat);
			break;	/* info (factored) and meat are this point's */
		}
		/* Still far after its last step, or after 100: the ratings
		 * run off to infinity along a flat direction. */
		if (last || iter == 100) {
			why = note_separated;
			break;
		}
		last = gain < noise;
		/* halve the step while the likelihood falls; the last point
		 * tried is the one kept */
		for (int half = 0; half < 30; half++, step /= 2) {
			double tried;

			move(f, f->r, dir, step, trial);
			tried = likelihood(f, trial, grad, info, meat);
			if (last || tried >= ll || half == 29) {
				ll = tried;
				break;
			}
		}
		memcpy(f->r, trial, f->k * sizeof(*trial));
	}
	free(dir);
	if (why) {
		free(grad), free(info), free(meat), free(trial);
		return why;
	}
	if (f->set)
		set_meat(f, f->r, meat);
	/* naive = info^-1; sandwich = info^-1 meat info^-1 */
	for (int a = 0; a < m; a++) {
		for (int b = 0; b < m; b++)
			naive[a * m + b] = a == b;
		cholesky_solve(info, m, &naive[a * m]);
	}
	for (int a = 0; a < m; a++) {
		memcpy(&sandwich[a * m], &meat[a * m], m * sizeof(*meat));
		cholesky_solve(info, m, &sandwich[a * m]);
	}
	for (int a = 0; a < m; a++)
		for (int b = 0; b < a; b++) {
			double t = sandwich[a * m + b];

			sandwich[a * m + b] = sandwich[b * m + a];
			sandwich[b * m + a] = t;
		}
	for (int a = 0; a < m; a++)
		cholesky_solve(info, m, &sandwich[a * m]);
	free(grad), free(info), free(meat), free(trial);
	return NULL;
}

/* Spreads a parameter covariance (the reference bot fixed at 0) over the
 * n bots of the block into cov (k x k), centred on their mean unless there
 * is an anchor: (I - J/n) V (I - J/n). */
static void spread(const struct fit *f, const int *bots, int n,
		   const double *v, bool centre, double *cov)
{
	double *mean = xcalloc(n, sizeof(*mean)), all = 0;

	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int a = f->param[bots[i]], b = f->param[bots[j]];
			double *c = &cov[bots[i] * f->k + bots[j]];

			*c = a >= 0 && b >= 0 ? v[a * f->m + b] : 0;
			mean[i] += centre ? *c / n : 0;
		}
	for (int i = 0; i < n; i++)
		all += mean[i] / n;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			cov[bots[i] * f->k + bots[j]] +=
				all - mean[i] - mean[j];
	free(mean);
}

const char *ratings_fit_block(struct fit *f, int blk,
			      const struct ratings_options *o,
			      struct ratings *out, double *scratch)
{
	int *bots = xmalloc(f->k * sizeof(*bots)), n = 0, ref;
	double *naive, *sandwich, shift = 0;
	bool anchored = o->anchor >= 0 && f->block[o->anchor] == blk;
	const char *why = NULL;

	for (int e = 0; e < f->k; e++) {
		f->param[e] = RATINGS_NOT_IN_BLOCK;
		if (f->block[e] == blk)
			bots[n++] = e;
	}
	ref = anchored ? o->anchor : bots[0];
	f->m = 0;
	for (int i = 0; i < n; i++)
		f->param[bots[i]] = bots[i] == ref ? RATINGS_REFERENCE : f->m++;
	naive = xmalloc((size_t)f->m * f->m * sizeof(*naive));
	sandwich = xmalloc((size_t)f->m * f->m * sizeof(*sandwich));
	if (f->m && (why = newton(f, naive, sandwich))) {
		free(bots), free(naive), free(sandwich);
		return why;
	}
	for (int i = 0; i < n; i++)
		shift += anchored ? 0 : -f->r[bots[i]] / n;
	spread(f, bots, n, sandwich, !anchored, out->cov);
	spread(f, bots, n, naive, !anchored, scratch);
	for (int i = 0; i < n; i++) {
		int e = bots[i];
		struct ratings_entry *en = &out->entry[e];

		f->r[e] += shift + o->level;
		en->status = RATINGS_RATED;
		en->elo = f->r[e];
		en->se = sqrt(fmax(0, out->cov[e * f->k + e]));
		en->se_naive = sqrt(fmax(0, scratch[e * f->k + e]));
		en->lo = en->elo - RATINGS_Z95 * en->se;
		en->hi = en->elo + RATINGS_Z95 * en->se;
	}
	free(bots), free(naive), free(sandwich);
	return NULL;
}
