/*
 * The rating fit of ratings.h.  Games are turned into pairs of sides on the
 * fly (never stored: a ladder may hold many games), tallied, and joined
 * into groups (who met whom) and, inside a group, into blocks of the
 * directed graph "i scored against j": without teams the maximum-likelihood
 * ratings are finite exactly within such a strongly connected block
 * (Zermelo, Ford).  One block per group, the anchor's or else the largest,
 * is fitted by Newton's method; bots in blocks that beat it (or lost to it)
 * outright get a one-sided bound, computed level by level away from it.
 * Team results the fit cannot rate leave their group unrated, with a note.
 */
#include "ratings.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* d(natural logit)/d(Elo): the logistic's argument is C * difference. */
#define C (M_LN10 / 400)
#define MAX_PAIRS (RATINGS_MAX_SEATS * (RATINGS_MAX_SEATS - 1) / 2)
#define NOT_IN_BLOCK (-2)
#define REFERENCE (-1)

/* Why a bot is unrated. */
static const char note_no_games[] = "no game";
static const char note_unplaced[] =
	"no result places it against the rated bots";
static const char note_partners[] =
	"partners never rotate: their ratings cannot be told apart";
static const char note_separated[] =
	"the team results of its group have no finite ratings";

/* Two sides of a game: the bots with a non-zero net coefficient (+1 per
 * seat on the first side, -1 per seat on the second; a bot holding seats
 * on both sides cancels out) and the first side's score. */
struct pair {
	int n;
	int who[RATINGS_MAX_SEATS];
	int coef[RATINGS_MAX_SEATS];
	double y;
};

/* Working state of one ratings_compute call. */
struct fit {
	const struct rating_game *games;
	size_t count;
	int k;               /* entrants */
	unsigned char *beat; /* k x k: row scored at least a draw against col */
	int *block;          /* strongly connected block of each entrant */
	int *param;          /* parameter of a fitted bot, REFERENCE, or
			      * NOT_IN_BLOCK */
	int m;               /* parameters: the fitted block's bots but one */
	double *r;           /* ratings */
};

double ratings_expected(double diff)
{
	return 1 / (1 + exp(-C * diff));
}

double ratings_diff(double score)
{
	return 400 * log10(score / (1 - score));
}

/* ln ratings_expected(d) without overflow at either end. */
static double log_expected(double d)
{
	return d >= 0 ? -log1p(exp(-C * d)) : C * d - log1p(exp(C * d));
}

/* unit[k] is the side of seat k: its team's, or its own. */
static int game_units(const struct rating_game *g, int unit[])
{
	int units = 0;

	for (int k = 0; k < g->seats; k++) {
		unit[k] = units;
		for (int j = 0; j < k && g->team[k] >= 0; j++)
			if (g->team[j] == g->team[k]) {
				unit[k] = unit[j];
				break;
			}
		if (unit[k] == units)
			units++;
	}
	return units;
}

static int check_game(const struct rating_game *g, size_t index,
		      int entrants, char *err)
{
	int unit[RATINGS_MAX_SEATS], size[RATINGS_MAX_SEATS] = {0};
	int rank[RATINGS_MAX_SEATS], units;

	if (g->seats < 2 || g->seats > RATINGS_MAX_SEATS)
		return errorf(err, "game %zu has %d seats; 2 to %d are allowed",
			      index + 1, g->seats, RATINGS_MAX_SEATS);
	for (int k = 0; k < g->seats; k++) {
		if (g->entrant[k] < 0 || g->entrant[k] >= entrants)
			return errorf(err, "game %zu, seat %d: no entrant %d",
				      index + 1, k, g->entrant[k]);
		if (g->rank[k] < 1 || g->team[k] < -1)
			return errorf(err, "game %zu, seat %d: bad rank %d or "
				      "team %d", index + 1, k, g->rank[k],
				      g->team[k]);
	}
	units = game_units(g, unit);
	if (units < 2)
		return errorf(err, "game %zu: every seat is on one team",
			      index + 1);
	for (int k = 0; k < g->seats; k++) {
		if (size[unit[k]]++ == 0)
			rank[unit[k]] = g->rank[k];
		else if (rank[unit[k]] != g->rank[k])
			return errorf(err, "game %zu: partners in team %d have "
				      "different ranks", index + 1, g->team[k]);
	}
	for (int u = 1; u < units; u++)
		if (size[u] != size[0])
			return errorf(err, "game %zu: sides of %d and %d "
				      "seats; teams must be of equal size",
				      index + 1, size[0], size[u]);
	return 0;
}

static void pair_add(struct pair *p, int who, int coef)
{
	for (int i = 0; i < p->n; i++)
		if (p->who[i] == who) {
			p->coef[i] += coef;
			if (!p->coef[i]) {
				p->n--;
				p->who[i] = p->who[p->n];
				p->coef[i] = p->coef[p->n];
			}
			return;
		}
	p->who[p->n] = who;
	p->coef[p->n++] = coef;
}

/* Every pair of sides of a (checked) game, ties as draws; a pair in which
 * everything cancels (a bot against itself) is left out. */
static int game_pairs(const struct rating_game *g, struct pair *out)
{
	int unit[RATINGS_MAX_SEATS], rank[RATINGS_MAX_SEATS];
	int units = game_units(g, unit), n = 0;

	for (int k = 0; k < g->seats; k++)
		rank[unit[k]] = g->rank[k];
	for (int a = 0; a < units; a++)
		for (int b = a + 1; b < units; b++) {
			struct pair *p = &out[n];

			p->n = 0;
			for (int k = 0; k < g->seats; k++)
				if (unit[k] == a || unit[k] == b)
					pair_add(p, g->entrant[k],
						 unit[k] == a ? 1 : -1);
			p->y = rank[a] < rank[b] ? 1 :
				rank[a] == rank[b] ? 0.5 : 0;
			if (p->n)
				n++;
		}
	return n;
}

static int find_root(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* Counts one pair for its bots, joins them, and notes who scored
 * against whom. */
static void tally_pair(struct fit *f, const struct pair *p,
		       struct ratings *out, int *parent)
{
	for (int i = 0; i < p->n; i++) {
		struct ratings_entry *e = &out->entry[p->who[i]];
		int times = abs(p->coef[i]);
		double y = p->coef[i] > 0 ? p->y : 1 - p->y;

		e->pairs += times;
		e->points += times * y;
		e->wins += y == 1 ? times : 0;
		e->draws += y == 0.5 ? times : 0;
		e->losses += y == 0 ? times : 0;
		parent[find_root(parent, p->who[i])] =
			find_root(parent, p->who[0]);
		for (int j = 0; j < p->n; j++)
			if (y > 0 && (p->coef[i] > 0) != (p->coef[j] > 0))
				f->beat[p->who[i] * f->k + p->who[j]] = 1;
	}
}

/* Games, places, pair counts and points of every entrant; the "scored
 * against" graph; and the union-find of who met whom. */
static void tally(struct fit *f, struct ratings *out, int *parent)
{
	int *seats = xcalloc(f->k, sizeof(*seats));
	struct pair pairs[MAX_PAIRS];

	for (size_t g = 0; g < f->count; g++) {
		const struct rating_game *game = &f->games[g];
		int n = game_pairs(game, pairs);

		for (int s = 0; s < game->seats; s++) {
			int e = game->entrant[s], first = 1;

			for (int t = 0; t < s; t++)
				first &= game->entrant[t] != e;
			out->entry[e].games += first;
			out->entry[e].place += game->rank[s];
			seats[e]++;
		}
		for (int q = 0; q < n; q++)
			tally_pair(f, &pairs[q], out, parent);
	}
	for (int e = 0; e < f->k; e++)
		if (seats[e])
			out->entry[e].place /= seats[e];
	free(seats);
}

/* Kosaraju's two depth-first searches over the "scored against" graph. */
static void finish_order(const struct fit *f, int i, bool *seen, int *order,
			 int *n)
{
	seen[i] = true;
	for (int j = 0; j < f->k; j++)
		if (f->beat[i * f->k + j] && !seen[j])
			finish_order(f, j, seen, order, n);
	order[(*n)++] = i;
}

static void mark_block(struct fit *f, int i, int b)
{
	f->block[i] = b;
	for (int j = 0; j < f->k; j++)
		if (f->beat[j * f->k + i] && f->block[j] < 0)
			mark_block(f, j, b);
}

static void find_blocks(struct fit *f)
{
	bool *seen = xcalloc(f->k, sizeof(*seen));
	int *order = xmalloc(f->k * sizeof(*order)), n = 0, blocks = 0;

	for (int i = 0; i < f->k; i++) {
		f->block[i] = -1;
		if (!seen[i])
			finish_order(f, i, seen, order, &n);
	}
	for (int t = n - 1; t >= 0; t--)
		if (f->block[order[t]] < 0)
			mark_block(f, order[t], blocks++);
	free(seen);
	free(order);
}

/* The gradient of one game's log-likelihood, on the few parameters of
 * the bots in it. */
struct game_score {
	int n;
	int param[RATINGS_MAX_SEATS];
	double value[RATINGS_MAX_SEATS];
};

/* Adds a pair of the fitted block, whose first side expected e, to the
 * gradient, the information matrix and the game's score. */
static void add_pair(const struct fit *f, const struct pair *p, double e,
		     double *grad, double *info, struct game_score *gs)
{
	int m = f->m;

	for (int i = 0; i < p->n; i++) {
		int a = f->param[p->who[i]], t;
		double g = C * (p->y - e) * p->coef[i];

		if (a < 0)
			continue;
		grad[a] += g;
		for (int j = 0; j < p->n; j++) {
			int b = f->param[p->who[j]];

			if (b >= 0)
				info[a * m + b] += C * C * e * (1 - e) *
					p->coef[i] * p->coef[j];
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

/* Log-likelihood of the pairs inside the fitted block at ratings r and,
 * with grad, its gradient and information matrix (minus the Hessian);
 * with meat, the sum over games of the outer product of each game's
 * gradient. */
static double likelihood(const struct fit *f, const double *r, double *grad,
			 double *info, double *meat)
{
	struct pair pairs[MAX_PAIRS];
	double ll = 0;
	int m = f->m;

	if (grad) {
		memset(grad, 0, m * sizeof(*grad));
		memset(info, 0, (size_t)m * m * sizeof(*info));
	}
	if (meat)
		memset(meat, 0, (size_t)m * m * sizeof(*meat));
	for (size_t g = 0; g < f->count; g++) {
		int n = game_pairs(&f->games[g], pairs);
		struct game_score gs = {0};

		for (int q = 0; q < n; q++) {
			const struct pair *p = &pairs[q];
			double d = 0;
			bool inside = true;

			for (int i = 0; i < p->n; i++) {
				inside &= f->param[p->who[i]] != NOT_IN_BLOCK;
				d += p->coef[i] * r[p->who[i]];
			}
			if (!inside)
				continue;
			ll += p->y * log_expected(d) +
				(1 - p->y) * log_expected(-d);
			if (grad)
				add_pair(f, p, ratings_expected(d), grad, info,
					 &gs);
		}
		for (int s = 0; meat && s < gs.n; s++)
			for (int t = 0; t < gs.n; t++)
				meat[gs.param[s] * m + gs.param[t]] +=
					gs.value[s] * gs.value[t];
	}
	return ll;
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

/* Newton's method with step halving on the fitted block, from r; leaves
 * the inverse information matrix and the sandwich covariance (m x m), or
 * returns why there are no finite ratings. */
static const char *newton(struct fit *f, double *naive, double *sandwich)
{
	int m = f->m, iter;
	double *grad = xmalloc(m * sizeof(*grad));
	double *info = xmalloc((size_t)m * m * sizeof(*info));
	double *meat = xmalloc((size_t)m * m * sizeof(*meat));
	double *trial = xmalloc(f->k * sizeof(*trial));
	double ll = likelihood(f, f->r, grad, info, NULL), big;
	const char *why = NULL;

	for (iter = 0; iter < 100; iter++) {
		double step = 1;

		/* At the start (all ratings equal) the information matrix
		 * depends on who played with and against whom only: singular
		 * there means partners never rotate.  Later it can only
		 * become singular because ratings run off to infinity. */
		if (cholesky(info, m) < 0) {
			why = iter ? note_separated : note_partners;
			break;
		}
		cholesky_solve(info, m, grad);
		big = 0;
		for (int a = 0; a < m; a++)
			big = fmax(big, fabs(grad[a]));
		/* halve the step until the likelihood does not fall */
		for (int half = 0; half < 60; half++, step /= 2) {
			move(f, f->r, grad, step, trial);
			if (likelihood(f, trial, NULL, NULL, NULL) >=
			    ll - 1e-12 * (1 + fabs(ll)))
				break;
		}
		memcpy(f->r, trial, f->k * sizeof(*trial));
		ll = likelihood(f, f->r, grad, info, NULL);
		if (big * step < 1e-10)
			break;
	}
	likelihood(f, f->r, grad, info, meat);
	if (!why && (iter == 100 || cholesky(info, m) < 0))
		why = note_separated;
	if (why) {
		free(grad), free(info), free(meat), free(trial);
		return why;
	}
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

/* Fits block blk and places it: the anchor at its level, or the block's
 * mean at the level.  scratch holds k x k doubles.  Returns why there are
 * no finite ratings, or NULL. */
static const char *rate_block(struct fit *f, int blk,
			      const struct ratings_options *o,
			      struct ratings *out, double *scratch)
{
	int *bots = xmalloc(f->k * sizeof(*bots)), n = 0, ref;
	double *naive, *sandwich, shift = 0;
	bool anchored = o->anchor >= 0 && f->block[o->anchor] == blk;
	const char *why = NULL;

	for (int e = 0; e < f->k; e++) {
		f->param[e] = NOT_IN_BLOCK;
		if (f->block[e] == blk)
			bots[n++] = e;
	}
	ref = anchored ? o->anchor : bots[0];
	f->m = 0;
	for (int i = 0; i < n; i++)
		f->param[bots[i]] = bots[i] == ref ? REFERENCE : f->m++;
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

/* The rating at which bot `who` winning every pair that links it to placed
 * bots (dir 1), or losing every one (dir -1), had probability 5%: a
 * one-sided 95% bound.  Its partners must be rated; its opponents rated or
 * bounded the same way, which only makes the bound more cautious.  NAN
 * when no such pair exists. */
static double bound(const struct fit *f, const struct ratings *out, int who,
		    int dir)
{
	enum ratings_status same = dir > 0 ? RATINGS_ABOVE : RATINGS_BELOW;
	struct pair pairs[MAX_PAIRS];
	double *a = NULL, *b = NULL, lo = -1e6, hi = 1e6;
	size_t n = 0, cap = 0;

	for (size_t g = 0; g < f->count; g++) {
		int np = game_pairs(&f->games[g], pairs);

		for (int q = 0; q < np; q++) {
			const struct pair *p = &pairs[q];
			int cw = 0;
			double rest = 0;
			bool usable = true;

			for (int i = 0; i < p->n; i++)
				cw = p->who[i] == who ? p->coef[i] : cw;
			if (!cw || (cw > 0 ? p->y : 1 - p->y) != (dir > 0))
				continue;
			for (int i = 0; i < p->n; i++) {
				int e = p->who[i];
				enum ratings_status s = out->entry[e].status;

				if (e == who)
					continue;
				usable &= s == RATINGS_RATED || (s == same &&
					(p->coef[i] > 0) != (cw > 0));
				rest += p->coef[i] * f->r[e];
			}
			if (!usable)
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				a = xrealloc(a, cap * sizeof(*a));
				b = xrealloc(b, cap * sizeof(*b));
			}
			/* ln P(this result) = log_expected(a R + b) */
			a[n] = dir * abs(cw);
			b[n++] = dir * (cw > 0 ? rest : -rest);
		}
	}
	while (n && hi - lo > 1e-9) {
		double mid = (lo + hi) / 2, ll = 0;

		for (size_t i = 0; i < n; i++)
			ll += log_expected(a[i] * mid + b[i]);
		if ((ll < log(0.05)) == (dir > 0))
			lo = mid;
		else
			hi = mid;
	}
	free(a);
	free(b);
	return n ? (lo + hi) / 2 : NAN;
}

/* Bounds for the bots of group `group` in blocks that beat block blk
 * outright (dir 1: they reach it in the "scored against" graph) or lost to
 * it (dir -1), nearest blocks first, so that each bound can lean on the
 * ones before it. */
static void place_bounds(struct fit *f, int group, int blk, int dir,
			 struct ratings *out)
{
	int *level = xmalloc(f->k * sizeof(*level));
	char *reached = xmalloc(f->k);
	double *value = xmalloc(f->k * sizeof(*value));

	for (int e = 0; e < f->k; e++)
		level[e] = f->block[e] == blk ? 0 : -1;
	for (int l = 0;; l++) {
		int found = 0;

		memset(reached, 0, f->k);
		for (int i = 0; i < f->k; i++)
			for (int j = 0; j < f->k && level[i] < 0 &&
			     out->entry[i].group == group; j++)
				if (level[j] == l && f->beat[dir > 0 ?
				    i * f->k + j : j * f->k + i]) {
					reached[f->block[i]] = 1;
					break;
				}
		for (int i = 0; i < f->k; i++)
			if (level[i] < 0 && out->entry[i].group == group &&
			    reached[f->block[i]]) {
				level[i] = l + 1;
				found++;
			}
		if (!found)
			break;
		for (int i = 0; i < f->k; i++)
			if (level[i] == l + 1)
				value[i] = bound(f, out, i, dir);
		for (int i = 0; i < f->k; i++) {
			struct ratings_entry *en = &out->entry[i];

			if (level[i] != l + 1 || isnan(value[i]))
				continue;
			en->status = dir > 0 ? RATINGS_ABOVE : RATINGS_BELOW;
			en->elo = f->r[i] = value[i];
			en->lo = dir > 0 ? value[i] : -INFINITY;
			en->hi = dir > 0 ? INFINITY : value[i];
		}
	}
	free(level);
	free(reached);
	free(value);
}

/* Numbers the groups from the lowest entrant and picks each group's rated
 * block: the anchor's, else the largest (the lowest entrant's on a tie). */
static int *main_blocks(const struct fit *f, struct ratings *out, int *parent,
			const struct ratings_options *o)
{
	int *size = xcalloc(f->k, sizeof(*size));
	int *group_of = xmalloc(f->k * sizeof(*group_of));
	int *blk = xmalloc(f->k * sizeof(*blk));

	for (int e = 0; e < f->k; e++) {
		group_of[e] = -1;
		size[f->block[e]]++;
	}
	for (int e = 0; e < f->k; e++) {
		int root = find_root(parent, e), g;

		if (!out->entry[e].pairs)
			continue;
		if (group_of[root] < 0) {
			group_of[root] = out->groups++;
			blk[group_of[root]] = f->block[e];
		}
		g = out->entry[e].group = group_of[root];
		if (size[f->block[e]] > size[blk[g]])
			blk[g] = f->block[e];
	}
	if (o->anchor >= 0)
		blk[out->entry[o->anchor].group] = f->block[o->anchor];
	free(size);
	free(group_of);
	return blk;
}

/* Rates every group: its main block, then the bounds around it; a bot
 * left unrated gets a note saying why. */
static void rate_groups(struct fit *f, const struct ratings_options *o,
			struct ratings *out, int *parent)
{
	int *blk = main_blocks(f, out, parent, o);
	double *scratch = xmalloc((size_t)f->k * f->k * sizeof(*scratch));

	for (int g = 0; g < out->groups; g++) {
		const char *why = rate_block(f, blk[g], o, out, scratch);

		for (int e = 0; why && e < f->k; e++)
			if (out->entry[e].group == g)
				out->entry[e].note = why;
		if (!why) {
			place_bounds(f, g, blk[g], 1, out);
			place_bounds(f, g, blk[g], -1, out);
		}
	}
	for (int e = 0; e < f->k; e++) {
		struct ratings_entry *en = &out->entry[e];

		if (en->status == RATINGS_UNRATED && !en->note)
			en->note = en->pairs ? note_unplaced : note_no_games;
	}
	free(blk);
	free(scratch);
}

int ratings_compute(const struct rating_game *games, size_t count,
		    int entrants, const struct ratings_options *options,
		    struct ratings *out, char *err)
{
	static const struct ratings_options none = {.anchor = -1};
	const struct ratings_options *o = options ? options : &none;
	struct fit f = {.games = games, .count = count, .k = entrants};
	size_t cells = (size_t)entrants * entrants;
	int *parent, rc = 0;

	memset(out, 0, sizeof(*out));
	if (entrants < 1)
		return errorf(err, "no entrants to rate");
	if (o->anchor < -1 || o->anchor >= entrants)
		return errorf(err, "no entrant %d to anchor", o->anchor);
	for (size_t g = 0; g < count; g++)
		if (check_game(&games[g], g, entrants, err) < 0)
			return -1;
	out->entrants = entrants;
	out->entry = xcalloc(entrants, sizeof(*out->entry));
	out->cov = xmalloc(cells * sizeof(*out->cov));
	f.beat = xcalloc(cells, 1);
	f.block = xmalloc(entrants * sizeof(*f.block));
	f.param = xmalloc(entrants * sizeof(*f.param));
	f.r = xcalloc(entrants, sizeof(*f.r));
	parent = xmalloc(entrants * sizeof(*parent));
	for (size_t i = 0; i < cells; i++)
		out->cov[i] = NAN;
	for (int e = 0; e < entrants; e++) {
		struct ratings_entry *en = &out->entry[e];

		en->status = RATINGS_UNRATED;
		en->group = -1;
		en->elo = en->se = en->se_naive = en->lo = en->hi = NAN;
		parent[e] = e;
	}
	tally(&f, out, parent);
	find_blocks(&f);
	if (o->anchor >= 0 && !out->entry[o->anchor].pairs) {
		rc = errorf(err, "the anchor (entrant %d) has no rated game",
			    o->anchor);
		ratings_free(out);
	} else {
		rate_groups(&f, o, out, parent);
	}
	free(parent);
	free(f.beat), free(f.block), free(f.param), free(f.r);
	return rc;
}

void ratings_free(struct ratings *ratings)
{
	free(ratings->entry);
	free(ratings->cov);
	memset(ratings, 0, sizeof(*ratings));
}

double ratings_los(const struct ratings *ratings, int a, int b)
{
	const struct ratings_entry *x = &ratings->entry[a];
	const struct ratings_entry *y = &ratings->entry[b];
	int k = ratings->entrants;
	double v;

	if (x->status != RATINGS_RATED || y->status != RATINGS_RATED ||
	    x->group != y->group)
		return NAN;
	if (a == b)
		return 0.5;
	v = ratings->cov[a * k + a] + ratings->cov[b * k + b] -
		2 * ratings->cov[a * k + b];
	return 0.5 * erfc(-(x->elo - y->elo) / sqrt(2 * v));
}
