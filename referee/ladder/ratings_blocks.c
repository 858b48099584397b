/*
 * The strongly connected blocks of the "scored against" graph (ratings.c):
 * without teams the maximum-likelihood ratings are finite exactly within
 * one such block (Zermelo, Ford).
 */
#include "ratings_fit.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

/* The "scored against" graph as lists, forwards or backwards: bot i's
 * neighbours are to[start[i]] to to[start[i + 1] - 1]. */
struct lists {
	int *start, *to;
};

static bool arrow(const struct fit *f, bool backwards, int i, int j)
{
	return f->beat[backwards ? j * f->k + i : i * f->k + j];
}

static struct lists make_lists(const struct fit *f, bool backwards)
{
	struct lists l = {xcalloc(f->k + 1, sizeof(int)), NULL};
	int n = 0;

	for (int i = 0; i < f->k; i++) {
		for (int j = 0; j < f->k; j++)
			n += arrow(f, backwards, i, j);
		l.start[i + 1] = n;
	}
	l.to = xmalloc((n + 1) * sizeof(*l.to));
	n = 0;
	for (int i = 0; i < f->k; i++)
		for (int j = 0; j < f->k; j++)
			if (arrow(f, backwards, i, j))
				l.to[n++] = j;
	return l;
}

/* The bots outside block b that a walk from it along l reaches: those the
 * bounds can place around it in that direction. */
static int reached(const struct fit *f, const struct lists *l, int b,
		   int *queue, bool *seen)
{
	int head = 0, tail = 0, own;

	memset(seen, 0, f->k * sizeof(*seen));
	for (int e = 0; e < f->k; e++)
		if (f->block[e] == b) {
			seen[e] = true;
			queue[tail++] = e;
		}
	own = tail;
	while (head < tail) {
		int i = queue[head++];

		for (int p = l->start[i]; p < l->start[i + 1]; p++)
			if (!seen[l->to[p]]) {
				seen[l->to[p]] = true;
				queue[tail++] = l->to[p];
			}
	}
	return tail - own;
}

/* What a block's claim to be its group's rated one rests on, in order. */
struct claim {
	int size;      /* its bots: each gets a rating */
	int placed;    /* the bots bounded around it; -1 until counted */
	double points; /* its bots' points: the stronger block first, so
			* that the top of the ladder has numbers */
};

static bool stronger(const struct claim *a, const struct claim *b)
{
	if (a->size != b->size)
		return a->size > b->size;
	if (a->placed != b->placed)
		return a->placed > b->placed;
	return a->points > b->points;
}

static struct claim *claims(const struct fit *f, const struct ratings *out)
{
	struct claim *c = xcalloc(f->k, sizeof(*c));

	for (int e = 0; e < f->k; e++) {
		struct claim *b = &c[f->block[e]];

		b->size++;
		b->placed = -1;
		b->points += out->entry[e].points;
	}
	return c;
}

/* Counts the bots placed around every block of its group's largest size
 * (only those can be chosen, and a field of single-bot blocks may be
 * large: one walk each, along lists). */
static void count_placed(const struct fit *f, const struct ratings *out,
			 struct claim *c)
{
	int *largest = xcalloc(out->groups + 1, sizeof(*largest));
	int *queue = xmalloc(f->k * sizeof(*queue));
	bool *seen = xmalloc(f->k * sizeof(*seen));
	struct lists ahead = make_lists(f, false), behind = make_lists(f, true);

	for (int e = 0; e < f->k; e++) {
		int g = out->entry[e].group;

		if (g >= 0 && c[f->block[e]].size > largest[g])
			largest[g] = c[f->block[e]].size;
	}
	for (int e = 0; e < f->k; e++) {
		struct claim *b = &c[f->block[e]];
		int g = out->entry[e].group;

		if (g >= 0 && b->placed < 0 && b->size == largest[g])
			b->placed = reached(f, &ahead, f->block[e], queue, seen) +
				reached(f, &behind, f->block[e], queue, seen);
	}
	free(ahead.start), free(ahead.to), free(behind.start), free(behind.to);
	free(largest), free(queue), free(seen);
}

int *ratings_main_blocks(const struct fit *f, const struct ratings *out,
			 int anchor)
{
	int *blk = xmalloc((out->groups + 1) * sizeof(*blk));
	struct claim *c = claims(f, out);

	count_placed(f, out, c);
	for (int g = 0; g < out->groups; g++)
		blk[g] = -1;
	for (int e = 0; e < f->k; e++) {
		int g = out->entry[e].group, b = f->block[e];

		if (g >= 0 && (blk[g] < 0 || stronger(&c[b], &c[blk[g]])))
			blk[g] = b;
	}
	if (anchor >= 0)
		blk[out->entry[anchor].group] = f->block[anchor];
	free(c);
	return blk;
}
