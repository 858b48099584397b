/*
 * The strongly connected blocks of the "scored against" graph (ratings.c):
 * without teams the maximum-likelihood ratings are finite exactly within
 * one such block (Zermelo, Ford).
 */
#include "ratings_blocks.h"

#include <stdbool.h>
#include <stdlib.h>

#include "base/util.h"

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

void ratings_find_blocks(struct fit *f)
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
