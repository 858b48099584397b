/*
 * ratings_compute() of ratings.h around the fit itself (ratings_fit.c).
 * Games are turned into pairs of sides on the fly (ratings_pairs.c; never
 * stored: a ladder may hold many games), tallied, and joined
 * into groups (who met whom) and, inside a group, into blocks of the
 * directed graph "i scored against j": without teams the maximum-likelihood
 * ratings are finite exactly within such a strongly connected block
 * (Zermelo, Ford).  One block per group, the anchor's or else the one
 * the results favour (ratings_blocks.c), is fitted; bots in blocks that
 * beat it (or lost to it) outright get a one-sided bound, computed level
 * by level away from it.
 * Team results the fit cannot rate leave their group unrated, with a note.
 */
#include "ratings.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "elo.h"
#include "ratings_fit.h"
#include "ratings_pairs.h"

/* Why a bot is unrated. */
static const char note_no_games[] = "no game";
static const char note_unplaced[] =
	"no result places it against the rated bots";

static int find_root(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* Counts one pair for its bots, joins them, and notes who scored
 * against whom. */
static void tally_pair(struct fit *f, const struct rating_pair *p,
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
	struct rating_pair pairs[RATINGS_MAX_PAIRS];

	for (size_t g = 0; g < f->count; g++) {
		const struct rating_game *game = &f->games[g];
		int n = ratings_game_pairs(game, fit_score(f, g), pairs);

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

static uint64_t kind_hash(const struct rating_game *g)
{
	uint64_t h = 1469598103934665603u;  /* FNV-1a over the seats */

	for (int k = 0; k < g->seats; k++) {
		int v[3] = { g->entrant[k], g->rank[k], g->team[k] };

		for (int i = 0; i < 3; i++)
			h = (h ^ (uint32_t)v[i]) * 1099511628211u;
	}
	return h;
}

/* A kind's place in the canonical order of kinds: seat by seat, by
 * entrant, rank and team. */
static int kind_order(const void *pa, const void *pb)
{
	const struct rating_game *a = pa, *b = pb;

	if (a->seats != b->seats)
		return a->seats - b->seats;
	for (int k = 0; k < a->seats; k++) {
		int d = a->entrant[k] != b->entrant[k] ? a->entrant[k] - b->entrant[k]
			: a->rank[k] != b->rank[k] ? a->rank[k] - b->rank[k]
			: a->team[k] - b->team[k];

		if (d)
			return d;
	}
	return 0;
}

/* A kind of game and how many games it stands for. */
struct kind_count {
	struct rating_game kind;	/* first: kind_order() sorts these */
	unsigned weight;
};

/* Puts `kind` in the open-addressing table (of numbers in `kinds`,
 * SIZE_MAX where empty) and returns its slot: the slot of the kind
 * kind_order() puts level with it, else an empty one. */
static size_t kind_slot(const struct kind_count *kinds, const size_t *slot, size_t mask,
			const struct rating_game *kind)
{
	size_t i = kind_hash(kind) & mask;

	while (slot[i] != SIZE_MAX && kind_order(&kinds[slot[i]].kind, kind))
		i = (i + 1) & mask;
	return i;
}

/* Each game a kind of its own, in the order given: games with scores
 * (f->score), which seldom repeat. */
static void games_as_kinds(struct fit *f)
{
	f->kinds = xmalloc((f->count + 1) * sizeof(*f->kinds));
	f->weight = xmalloc((f->count + 1) * sizeof(*f->weight));
	f->kind_count = f->count;
	for (size_t g = 0; g < f->count; g++) {
		f->kinds[g] = f->games[g];
		f->weight[g] = 1;
	}
}

/* Groups the games into f->kinds, counting each kind's games, then puts
 * the kinds in their canonical order: the fit's sums then come in the
 * same order whatever the order of the games.  The table grows with the
 * kinds, which a field of a few bots keeps to dozens however many games
 * it plays. */
static void count_kinds(struct fit *f)
{
	size_t size = 64, mask = size - 1, cap = 32, n = 0;
	size_t *slot = xmalloc(size * sizeof(*slot));
	struct kind_count *kinds = xmalloc(cap * sizeof(*kinds));

	memset(slot, 0xff, size * sizeof(*slot));
	for (size_t g = 0; g < f->count; g++) {
		size_t i = kind_slot(kinds, slot, mask, &f->games[g]);

		if (slot[i] == SIZE_MAX) {
			kinds = xgrow(kinds, n, &cap, sizeof(*kinds));
			slot[i] = n;
			kinds[n++] = (struct kind_count){f->games[g], 0};
			if (2 * n > size) {
				size *= 2;
				mask = size - 1;
				slot = xrealloc(slot, size * sizeof(*slot));
				memset(slot, 0xff, size * sizeof(*slot));
				for (size_t k = 0; k < n; k++)
					slot[kind_slot(kinds, slot, mask, &kinds[k].kind)] = k;
				i = kind_slot(kinds, slot, mask, &f->games[g]);
			}
		}
		kinds[slot[i]].weight++;
	}
	free(slot);
	qsort(kinds, n, sizeof(*kinds), kind_order);
	f->kinds = xmalloc((n + 1) * sizeof(*f->kinds));
	f->weight = xmalloc((n + 1) * sizeof(*f->weight));
	f->kind_count = n;
	for (size_t k = 0; k < n; k++) {
		f->kinds[k] = kinds[k].kind;
		f->weight[k] = kinds[k].weight;
	}
	free(kinds);
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
	struct rating_pair pairs[RATINGS_MAX_PAIRS];
	/* each pair's ln P(this result) = elo_log_expected(a R + b) */
	struct { double a, b; } *term = NULL;
	double lo = -1e6, hi = 1e6;
	size_t n = 0, cap = 0;

	for (size_t g = 0; g < f->count; g++) {
		int np = ratings_game_pairs(&f->games[g], fit_score(f, g), pairs);

		for (int q = 0; q < np; q++) {
			const struct rating_pair *p = &pairs[q];
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
			term = xgrow(term, n, &cap, sizeof(*term));
			term[n].a = dir * abs(cw);
			term[n++].b = dir * (cw > 0 ? rest : -rest);
		}
	}
	while (n && hi - lo > 1e-9) {
		double mid = (lo + hi) / 2, ll = 0;

		for (size_t i = 0; i < n; i++)
			ll += elo_log_expected(term[i].a * mid + term[i].b);
		if ((ll < log(0.05)) == (dir > 0))
			lo = mid;
		else
			hi = mid;
	}
	free(term);
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

/* Numbers the groups from the lowest entrant. */
static void number_groups(const struct fit *f, struct ratings *out,
			  int *parent)
{
	int *group_of = xmalloc(f->k * sizeof(*group_of));

	for (int e = 0; e < f->k; e++)
		group_of[e] = -1;
	for (int e = 0; e < f->k; e++) {
		int root = find_root(parent, e);

		if (!out->entry[e].pairs)
			continue;
		if (group_of[root] < 0)
			group_of[root] = out->groups++;
		out->entry[e].group = group_of[root];
	}
	free(group_of);
}

/* Rates every group: its main block, then the bounds around it; a bot
 * left unrated gets a note saying why. */
static void rate_groups(struct fit *f, const struct ratings_options *o,
			struct ratings *out, int *parent)
{
	double *scratch = xmalloc((size_t)f->k * f->k * sizeof(*scratch));
	int *blk;

	number_groups(f, out, parent);
	blk = ratings_main_blocks(f, out, o->anchor);

	for (int g = 0; g < out->groups; g++) {
		const char *why = ratings_fit_block(f, blk[g], o, out, scratch);

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
	struct fit f = {.games = games, .count = count, .k = entrants,
			.set = o->set, .score = o->score};
	size_t cells = (size_t)entrants * entrants;
	int *parent, rc = 0;

	memset(out, 0, sizeof(*out));
	if (entrants < 1)
		return errorf(err, "no entrants to rate");
	if (o->anchor < -1 || o->anchor >= entrants)
		return errorf(err, "no entrant %d to anchor", o->anchor);
	for (size_t g = 0; g < count; g++)
		if (ratings_check_game(&games[g], g, entrants,
				       o->score ? o->score[g] : NAN, err) < 0)
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
	if (f.score)
		games_as_kinds(&f);
	else
		count_kinds(&f);
	ratings_find_blocks(&f);
	if (o->anchor >= 0 && !out->entry[o->anchor].pairs) {
		rc = errorf(err, "the anchor (entrant %d) has no rated game",
			    o->anchor);
		ratings_free(out);
	} else {
		rate_groups(&f, o, out, parent);
		out->passes = f.passes;
	}
	free(parent);
	free(f.beat), free(f.block), free(f.param), free(f.r);
	free(f.kinds), free(f.weight);
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
