/*
 * ratings_order() of ratings.h: the ladder's order of the entrants.  Bots
 * whose numbers cannot tell them apart (a block of equal bounds, two bots
 * with identical results, the unrated of a group) are ordered by the games
 * they played among themselves, their score first (the share of the
 * points), then head to head, and only then by name: a bot never sits
 * above one of its block that beat it.
 */
#include "ratings.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

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
	const double *h2h;  /* entrants x entrants: points of i against j,
			     * between bots of one tied block; NULL: none yet */
	const double *block; /* by entrant: its score inside its block (the
			      * share of points; -1: no game there) */
};

static int compare_entries(const void *pa, const void *pb, void *ctx)
{
	const struct order_ctx *c = ctx;
	int ia = *(const int *)pa, ib = *(const int *)pb, n = c->r->entrants;
	int by_numbers = compare_numbers(&c->r->entry[ia], &c->r->entry[ib]);

	if (by_numbers || !c->h2h)
		return by_numbers ? by_numbers : strcmp(c->names[ia], c->names[ib]);
	if (c->block[ia] != c->block[ib])
		return c->block[ia] < c->block[ib] ? 1 : -1;
	if (c->h2h[ia * n + ib] != c->h2h[ib * n + ia])
		return c->h2h[ia * n + ib] < c->h2h[ib * n + ia] ? 1 : -1;
	return strcmp(c->names[ia], c->names[ib]);
}

/* The points every pair of bots of one tied block (tie[i] == tie[j] >= 0)
 * scored against each other, a pair of seats of one game at a time (1 to
 * the better place, 1/2 each for the same place; partners score nothing
 * against each other), and each bot's score inside its block. */
static void tally_blocks(const struct rating_game *games, size_t count,
			 const int *tie, int n, double *h2h, double *block)
{
	double *pairs = xcalloc((size_t)n, sizeof *pairs);

	for (size_t g = 0; g < count; g++)
		for (int s = 0; s < games[g].seats; s++)
			for (int t = 0; t < games[g].seats; t++) {
				int i = games[g].entrant[s], j = games[g].entrant[t];
				double p;

				if (s == t || i == j || tie[i] < 0 || tie[i] != tie[j] ||
				    (games[g].team[s] >= 0 &&
				     games[g].team[s] == games[g].team[t]))
					continue;
				p = games[g].rank[s] < games[g].rank[t] ? 1
				    : games[g].rank[s] == games[g].rank[t] ? 0.5 : 0;
				h2h[i * n + j] += p;
				block[i] += p;
				pairs[i]++;
			}
	for (int i = 0; i < n; i++)
		block[i] = pairs[i] ? block[i] / pairs[i] : -1;
	free(pairs);
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
		double *h2h = xcalloc((size_t)n * (size_t)n, sizeof *h2h);
		double *block = xcalloc((size_t)n, sizeof *block);

		tally_blocks(games, count, tie, n, h2h, block);
		ctx.h2h = h2h;
		ctx.block = block;
		qsort_r(order, (size_t)n, sizeof *order, compare_entries, &ctx);
		free(h2h);
		free(block);
	}
	free(tie);
}
