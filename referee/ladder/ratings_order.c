/*
 * ratings_order() of ratings.h: the ladder's order of the entrants.  Bots
 * whose numbers cannot tell them apart (a block of equal bounds, two bots
 * with identical results, the unrated of a group) are ordered by the games
 * they played among themselves, their score first (the share of the
 * points), then head to head, both as the crosstable counts them
 * (crosstable.h), and only then by name: a bot never sits above one of
 * its block that beat it.
 */
#include "ratings.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "crosstable.h"

/* Where a status sits inside a group: bots that beat the rated block
 * outright, the rated block, bots that lost to it, bots with no rating. */
static int status_place(enum ratings_status status)
{
	static const int place[] = {
		[RATINGS_ABOVE] = 0, [RATINGS_RATED] = 1,
		[RATINGS_BELOW] = 2, [RATINGS_UNRATED] = 3,
	};

	return place[status];
}

/* Whether two entries' numbers place them alike (sign of the order). */
static int compare_numbers(const struct ratings_entry *a,
			   const struct ratings_entry *b)
{
	if (a->group != b->group)
		return a->group < 0 ? 1 : b->group < 0 ? -1 : a->group - b->group;
	if (a->status != b->status)
		return status_place(a->status) - status_place(b->status);
	if (a->status != RATINGS_UNRATED && a->elo != b->elo)
		return a->elo < b->elo ? 1 : -1;
	return 0;
}

struct order_ctx {
	const struct ratings *r;
	const char *const *names;
	const struct crosstable *cross; /* of the games, when a block is
					 * tied; NULL: none yet */
	const double *block; /* by entrant: its score inside its block (the
			      * share of points; -1: no game there) */
};

static int compare_entries(const void *pa, const void *pb, void *ctx)
{
	const struct order_ctx *c = ctx;
	int ia = *(const int *)pa, ib = *(const int *)pb;
	int by_numbers = compare_numbers(&c->r->entry[ia], &c->r->entry[ib]);
	double ab, ba;  /* the points of ia against ib, and of ib against ia */

	if (by_numbers || !c->cross)
		return by_numbers ? by_numbers : strcmp(c->names[ia], c->names[ib]);
	if (c->block[ia] != c->block[ib])
		return c->block[ia] < c->block[ib] ? 1 : -1;
	ab = crosstable_points(crosstable_cell(c->cross, ia, ib));
	ba = crosstable_points(crosstable_cell(c->cross, ib, ia));
	if (ab != ba)
		return ab < ba ? 1 : -1;
	return strcmp(c->names[ia], c->names[ib]);
}

/* Each bot's score inside its tied block (tie[i] == tie[j] >= 0): the
 * share of the points it scored against the others of its block in the
 * crosstable `cross`. */
static void score_blocks(const struct crosstable *cross, const int *tie, int n,
			 double *block)
{
	for (int i = 0; i < n; i++) {
		double points = 0;
		long games = 0;

		for (int j = 0; j < n; j++)
			if (j != i && tie[i] >= 0 && tie[i] == tie[j]) {
				points += crosstable_points(crosstable_cell(cross, i, j));
				games += crosstable_games(crosstable_cell(cross, i, j));
			}
		block[i] = games ? points / (double)games : -1;
	}
}

void ratings_order(const struct ratings *ratings, const struct rating_game *games,
		   size_t count, const char *const *names, int *order)
{
	int n = ratings->entrants, *tie, blocks = 0;
	struct order_ctx ctx = {ratings, names, NULL, NULL};

	for (int i = 0; i < n; i++)
		order[i] = i;
	qsort_r(order, (size_t)n, sizeof *order, compare_entries, &ctx);
	tie = xmalloc((size_t)(n ? n : 1) * sizeof *tie);
	for (int k = 0; k < n; k++) {
		bool with_prev = k > 0 && !compare_numbers(&ratings->entry[order[k - 1]],
							   &ratings->entry[order[k]]);
		bool with_next = k + 1 < n && !compare_numbers(&ratings->entry[order[k]],
							       &ratings->entry[order[k + 1]]);

		blocks += with_next && !with_prev;
		tie[order[k]] = with_prev || with_next ? blocks : -1;
	}
	if (blocks) {
		struct crosstable cross;
		double *block = xcalloc((size_t)n, sizeof *block);

		crosstable_compute(games, count, n, &cross);
		score_blocks(&cross, tie, n, block);
		ctx.cross = &cross;
		ctx.block = block;
		qsort_r(order, (size_t)n, sizeof *order, compare_entries, &ctx);
		crosstable_free(&cross);
		free(block);
	}
	free(tie);
}
