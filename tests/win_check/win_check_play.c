/*
 * The check's game (win_check.h), from docs/games/bolo.md and bolo5.md: what
 * a bank is worth in each phase, bolo's end by backward induction over the
 * turns of sudden death, and the phase play by plain value iteration: every
 * pair of scores updated from the others, sweep after sweep, until nothing
 * moves.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "win_check.h"

void wc_values_init(struct wc_values *v, const struct wc_game *g)
{
	v->play = calloc((size_t)g->cells * (size_t)g->cells, sizeof *v->play);
	v->final = calloc((size_t)g->gaps, sizeof *v->final);
	v->sudden = calloc(WC_SUDDEN * (size_t)g->gaps, sizeof *v->sudden);
	if (!v->play || !v->final || !v->sudden)
		abort();
}

void wc_values_free(struct wc_values *v)
{
	free(v->play);
	free(v->final);
	free(v->sudden);
}

bool wc_reachable(const struct wc_game *g, int cell)
{
	return cell == 0 || (long)cell * WC_STEP >= g->opening;
}

long wc_threshold(const struct wc_game *g, long score)
{
	if (score == 0)
		return g->opening;
	if (g->rules == DICE_BOLO)
		return 0;
	if (score >= 9000)
		return 1000;
	return score >= 7000 ? 750 : 350;
}

/* A lead or deficit in points as an index of final[] or sudden[]. */
static int wc_gap(const struct wc_game *g, long points)
{
	long i = points / WC_STEP;

	return i < g->gaps - 1 ? (int)i : g->gaps - 1;
}

void wc_play_turn(const struct wc_game *g, const struct wc_values *v, int a,
		  int b, struct wc_turn *t)
{
	long mine = (long)a * WC_STEP, theirs = (long)b * WC_STEP;
	long end = g->target - mine;

	/* bolo: a bank to the target is worth more the larger the lead,
	 * up to the cap; bolo5: a win, once the threshold allows it. */
	if (g->rules == DICE_BOLO && theirs + g->cap - mine > end)
		end = theirs + g->cap - mine;
	if (wc_threshold(g, mine) > end)
		end = wc_threshold(g, mine);
	memset(t, 0, sizeof *t);
	t->last = (int)(end / WC_STEP);
	t->grab = -1;
	t->threshold = wc_threshold(g, mine);
	t->bust = 1 - v->play[b * g->cells + a];
	t->owned = malloc(((size_t)t->last + 1) * sizeof *t->owned);
	if (!t->owned)
		abort();
	for (int i = 0; i <= t->last; i++) {
		long score = mine + (long)i * WC_STEP;

		if (score < g->target)
			t->owned[i] = 1 - v->play[b * g->cells + score / WC_STEP];
		else if (g->rules == DICE_BOLO5)
			t->owned[i] = 1;
		else	/* the other's last turn */
			t->owned[i] = 1 - v->final[wc_gap(g, score - theirs)];
	}
	t->bank = t->owned;
}

/* Threshold 0: in sudden death both have banked (the target at least);
 * in the last turn a bank below the leader's score, 1000 or more, is
 * worth nothing anyway, as a lost turn is. */
void wc_end_turn(const struct wc_game *g, const struct wc_values *v, int k,
		 struct wc_turn *t)
{
	memset(t, 0, sizeof *t);
	t->last = 2 * (g->gaps - 1);
	t->grab = -1;
	t->owned = malloc(((size_t)t->last + 1) * sizeof *t->owned);
	if (!t->owned)
		abort();
	for (int i = 0; i <= t->last; i++) {
		long margin = (long)i * WC_STEP - g->cap;

		if (k < 0)	/* reach the leader: sudden death, they start */
			t->owned[i] = margin < 0 ? 0 :
				1 - v->sudden[wc_gap(g, margin)];
		else if (margin <= 0)	/* not strictly above: out */
			t->owned[i] = 0;
		else if (k == WC_SUDDEN - 1)	/* the cap: a draw */
			t->owned[i] = 0.5;
		else
			t->owned[i] = 1 - v->sudden[(k + 1) * g->gaps +
						    wc_gap(g, margin)];
	}
	t->bank = t->owned;
}

void wc_solve_end(const struct wc_game *g, struct wc_values *v)
{
	struct wc_turn t;

	for (int k = WC_SUDDEN - 1; k >= -1; k--) {
		double *out = k < 0 ? v->final : v->sudden + k * g->gaps;

		wc_end_turn(g, v, k, &t);
		wc_turn_solve(g, &t);
		for (int d = 0; d < g->gaps; d++)
			out[d] = wc_turn_at(g, &t, t.value, g->gaps - 1 - d);
		wc_turn_free(&t);
	}
}

/* One turn at (a, b) with the table as it is. */
static double wc_backup(const struct wc_game *g, const struct wc_values *v,
			int a, int b)
{
	struct wc_turn t;
	double value;

	wc_play_turn(g, v, a, b, &t);
	wc_turn_solve(g, &t);
	value = wc_turn_at(g, &t, t.value, 0);
	wc_turn_free(&t);
	return value;
}

void wc_solve_play(const struct wc_game *g, struct wc_values *v)
{
	double moved;

	for (int a = 0; a < g->cells; a++)
		for (int b = 0; b < g->cells; b++)
			v->play[a * g->cells + b] = 0.5;
	do {
		moved = 0;
		for (int a = g->cells - 1; a >= 0; a--)
			for (int b = g->cells - 1; b >= 0; b--) {
				double *p = &v->play[a * g->cells + b], new;

				if (!wc_reachable(g, a) || !wc_reachable(g, b))
					continue;
				new = wc_backup(g, v, a, b);
				moved = fmax(moved, fabs(new - *p));
				*p = new;
			}
	} while (moved > 1e-14);
}
