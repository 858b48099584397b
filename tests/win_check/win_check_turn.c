/*
 * The check's rolls and turns (win_check.h), plainly: every multiset of n
 * faces with its multinomial chance and every distinct keep the rules
 * library offers for it, and a turn solved row by row from the largest
 * total down, each state trying every keep of every roll.  The last row
 * stands for every larger total, so its states depend on each other (all
 * the dice again, or fewer dice at the same row): they are found by
 * iterating until they no longer move.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "win_check.h"

static void *wc_alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		abort();
	return p;
}

/* docs/games/bolo5.md rule 2.3: what is left behind scores nothing: no 1, no
 * 5, no three of a kind, and at least one die. */
static bool wc_quiet(const int left[DICE_FACES + 1])
{
	int dice = 0;

	for (int f = 1; f <= DICE_FACES; f++) {
		if (left[f] && (f == 1 || f == 5 || left[f] >= 3))
			return false;
		dice += left[f];
	}
	return dice > 0;
}

/* Adds the roll `count` of n dice, its chance p, to g if it has a keep. */
static void wc_add_roll(struct wc_game *g, int n, const int count[DICE_FACES + 1],
			double p, int *room)
{
	struct dice_set sets[DICE_MAX_SETS];
	int found = arena_dice_game_sets(g->rules, count, sets);
	struct wc_roll *r;
	int first;

	if (!found) {
		g->bust[n] += p;
		return;
	}
	r = &g->roll[n][g->rolls[n]++];
	first = g->rolls[n] > 1 ? r[-1].first + r[-1].keeps : 0;
	*r = (struct wc_roll){.p = p, .first = first};
	if (first + found > *room) {
		*room = 2 * (first + found);
		g->keep[n] = realloc(g->keep[n], (size_t)*room * sizeof *g->keep[n]);
		if (!g->keep[n])
			abort();
	}
	for (int s = 0; s < found; s++) {
		int left[DICE_FACES + 1], k;
		struct wc_keep keep;

		for (int f = 1; f <= DICE_FACES; f++)
			left[f] = count[f] - sets[s].count[f];
		keep = (struct wc_keep){
			.left = n - sets[s].dice,
			.jump = (int)(sets[s].points / WC_STEP),
			.quiet = g->rules == DICE_BOLO5 && wc_quiet(left),
		};
		for (k = first; k < first + r->keeps; k++)
			if (!memcmp(&g->keep[n][k], &keep, sizeof keep))
				break;
		if (k == first + r->keeps)
			g->keep[n][first + r->keeps++] = keep;
	}
}

/* Every multiset of n faces: count[f] for faces from `face` on, the
 * chance so far `p` (n! / prod count! / 6^n, built a face at a time). */
static void wc_rolls(struct wc_game *g, int n, int face, int left,
		     int count[DICE_FACES + 1], double p, int *room)
{
	if (face == DICE_FACES) {
		count[face] = left;
		for (int i = 1; i <= left; i++)
			p /= i;
		wc_add_roll(g, n, count, p, room);
		return;
	}
	for (int c = 0; c <= left; c++) {
		double q = p;

		for (int i = 1; i <= c; i++)
			q /= i;
		count[face] = c;
		wc_rolls(g, n, face + 1, left - c, count, q, room);
	}
}

int wc_game_init(struct wc_game *g, const char *game, long target, long cap)
{
	memset(g, 0, sizeof *g);
	if (!strcmp(game, "bolo")) {
		g->rules = DICE_BOLO;
		g->dice = 7;
		g->opening = 1000;
	} else if (!strcmp(game, "bolo5")) {
		g->rules = DICE_BOLO5;
		g->dice = 5;
		g->opening = 650;
	} else {
		return -1;
	}
	g->target = target;
	g->cap = cap;
	g->cells = (int)(target / WC_STEP);
	g->gaps = (int)(cap / WC_STEP) + 1;
	for (int n = 1; n <= g->dice; n++) {
		int count[DICE_FACES + 1] = {0}, room = 0;
		double p = 1;

		for (int i = 1; i <= n; i++)
			p = p * i / DICE_FACES;
		g->roll[n] = wc_alloc(1000, sizeof *g->roll[n]);
		wc_rolls(g, n, 1, n, count, p, &room);
	}
	return 0;
}

void wc_game_free(struct wc_game *g)
{
	for (int n = 1; n <= g->dice; n++) {
		free(g->roll[n]);
		free(g->keep[n]);
	}
}

/* Where setting aside k at row i leads: the row (*row), and whether the
 * player banks there (else it rolls the dice left); *grabbed when that
 * bank is one the `grab` rule takes. */
static bool wc_banks(const struct wc_game *g, const struct wc_turn *t, int i,
		     const struct wc_keep *k, int *row, bool *grabbed)
{
	int j = i + k->jump < t->last ? i + k->jump : t->last;
	int n = k->left ? k->left : g->dice;
	bool may = (long)j * WC_STEP >= t->threshold &&
		   (k->left ? g->rules == DICE_BOLO || k->quiet :
			      g->rules == DICE_BOLO);

	*row = j;
	*grabbed = may && t->grab >= 0 && j >= t->grab;
	return may && (*grabbed || t->bank[j] > t->value[n * (t->last + 1) + j]);
}

/* The keep the player sets aside out of `roll` of n dice at row i: the
 * one worth most, a grabbed bank before any other; *bank and *row say
 * what follows. */
static const struct wc_keep *wc_choose(const struct wc_game *g,
				       const struct wc_turn *t, int n, int i,
				       const struct wc_roll *roll, bool *bank,
				       int *row)
{
	const struct wc_keep *best = NULL;
	double best_value = 0;
	bool best_grab = false;

	for (int k = roll->first; k < roll->first + roll->keeps; k++) {
		const struct wc_keep *keep = &g->keep[n][k];
		int j, m = keep->left ? keep->left : g->dice;
		bool grabbed, banks = wc_banks(g, t, i, keep, &j, &grabbed);
		double v = banks ? t->bank[j] : t->value[m * (t->last + 1) + j];

		if (!best || (grabbed && !best_grab) ||
		    (grabbed == best_grab && v > best_value)) {
			best = keep;
			best_value = v;
			best_grab = grabbed;
			*bank = banks;
			*row = j;
		}
	}
	return best;
}

/* Rolling n dice at row i: the best keep of each roll; returns how much
 * the results moved. */
static double wc_state(const struct wc_game *g, struct wc_turn *t, int n, int i)
{
	int width = t->last + 1, at = n * width + i;
	double value = g->bust[n] * t->bust, lost = g->bust[n], moved;
	double worth[WC_EVALS] = {0};

	for (int r = 0; r < g->rolls[n]; r++) {
		const struct wc_roll *roll = &g->roll[n][r];
		bool bank;
		int j;
		const struct wc_keep *k = wc_choose(g, t, n, i, roll, &bank, &j);
		int next = (k->left ? k->left : g->dice) * width + j;

		value += roll->p * (bank ? t->bank[j] : t->value[next]);
		lost += bank ? 0 : roll->p * t->lost[next];
		for (int e = 0; e < t->evals; e++)
			worth[e] += roll->p * (bank ? t->eval[e][j] :
						      t->worth[e][next]);
	}
	moved = fmax(fabs(value - t->value[at]), fabs(lost - t->lost[at]));
	t->value[at] = value;
	t->lost[at] = lost;
	for (int e = 0; e < t->evals; e++) {
		moved = fmax(moved, fabs(worth[e] - t->worth[e][at]));
		t->worth[e][at] = worth[e];
	}
	return moved;
}

void wc_turn_solve(const struct wc_game *g, struct wc_turn *t)
{
	size_t size = (size_t)(g->dice + 1) * (size_t)(t->last + 1);
	double moved;

	t->value = wc_alloc(size, sizeof *t->value);
	t->lost = wc_alloc(size, sizeof *t->lost);
	for (int e = 0; e < t->evals; e++)
		t->worth[e] = wc_alloc(size, sizeof *t->worth[e]);
	for (int round = 0; round < 10000; round++) {
		moved = 0;
		for (int n = 1; n <= g->dice; n++)
			moved = fmax(moved, wc_state(g, t, n, t->last));
		if (moved < 1e-16)
			break;
	}
	for (int i = t->last - 1; i >= 0; i--)
		for (int n = 1; n <= g->dice; n++)
			wc_state(g, t, n, i);
}

void wc_turn_free(struct wc_turn *t)
{
	free(t->owned);
	free(t->value);
	free(t->lost);
	for (int e = 0; e < t->evals; e++)
		free(t->worth[e]);
}

double wc_turn_at(const struct wc_game *g, const struct wc_turn *t,
		  const double *result, int row)
{
	return result[g->dice * (t->last + 1) + row];
}

/* Moves the chance `mass` of rolling n dice at row i on: each roll to
 * its keep, then to a bank (out[]) or to the dice left (mass[]). */
static void wc_push(const struct wc_game *g, const struct wc_turn *t, int n,
		    int i, double *mass, double *out, double *bust)
{
	int width = t->last + 1;
	double m = mass[n * width + i];

	mass[n * width + i] = 0;
	*bust += m * g->bust[n];
	for (int r = 0; r < g->rolls[n]; r++) {
		const struct wc_roll *roll = &g->roll[n][r];
		bool bank;
		int j;
		const struct wc_keep *k = wc_choose(g, t, n, i, roll, &bank, &j);

		if (bank)
			out[j] += m * roll->p;
		else
			mass[(k->left ? k->left : g->dice) * width + j] +=
				m * roll->p;
	}
}

void wc_turn_outcomes(const struct wc_game *g, const struct wc_turn *t,
		      double *out, double *bust)
{
	int width = t->last + 1;
	double *mass = wc_alloc((size_t)(g->dice + 1) * (size_t)width,
				sizeof *mass), left;

	memset(out, 0, (size_t)width * sizeof *out);
	*bust = 0;
	mass[g->dice * width] = 1;
	for (int i = 0; i < t->last; i++)
		for (int n = 1; n <= g->dice; n++)
			if (mass[n * width + i] > 0)
				wc_push(g, t, n, i, mass, out, bust);
	/* The last row feeds itself: until what is left there is nothing. */
	do {
		left = 0;
		for (int n = 1; n <= g->dice; n++)
			if (mass[n * width + t->last] > 0)
				wc_push(g, t, n, t->last, mass, out, bust);
		for (int n = 1; n <= g->dice; n++)
			left += mass[n * width + t->last];
	} while (left > 1e-18);
	free(mass);
}
