/*
 * The solver of win_policy.h.  With the opponent's play fixed, a turn of
 * theirs is a known distribution of gains (gain[][]), so the chances can
 * be filled from the highest scores down: my chance when my turn starts
 * at (a, b) needs my chances after their turn at (a', b) for a' >= a; my
 * chance when their turn starts at (a, b) needs my chances at (a, b')
 * for b' >= b.  The only loop is both of us losing our turns, back to
 * (a, b): a fixed point, found by solving my turn again until the chance
 * stops moving.
 */
#include "win_policy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define WIN_EPSILON 1e-9

long win_threshold(long score)
{
	if (score <= 0)
		return 650;	/* not on the board yet */
	return score >= 9000 ? 1000 : score >= 7000 ? 750 : 350;
}

/* The threshold classes of gain[][]. */
static int win_class(long score)
{
	switch (win_threshold(score)) {
	case 650:
		return 0;
	case 350:
		return 1;
	case 750:
		return 2;
	default:
		return 3;
	}
}

/* The distribution of what one expect-bot turn banks, threshold `thr`:
 * the chance of each (dice to roll, total) pushed forward through the
 * policy's keeps and banks, totals in increasing order. */
static void win_gains(struct policy_game *g, long thr, double *gain)
{
	double bank[WIN_GAIN_STEPS + 1], *mass;
	struct policy_turn t = {
		.game = g, .steps = WIN_GAIN_STEPS, .threshold = thr, .bank = bank,
	};
	int row = WIN_GAIN_STEPS + 1;

	for (int i = 0; i <= WIN_GAIN_STEPS; i++)
		bank[i] = (double)i * POLICY_STEP;
	policy_turn_solve(&t);
	mass = calloc((size_t)(g->dice + 1) * (size_t)row, sizeof *mass);
	if (!mass)
		abort();
	memset(gain, 0, (size_t)row * sizeof *gain);
	mass[g->dice * row] = 1;
	for (int i = 0; i < WIN_GAIN_STEPS; i++)
		for (int n = 1; n <= g->dice; n++) {
			const struct roll_table *r = &g->roll[n];
			double m = mass[n * row + i];

			if (m == 0)
				continue;
			gain[0] += m * r->bust;
			for (int e = 0; e < r->rolls; e++) {
				const struct roll_entry *en = &r->entry[e];
				const struct roll_keep *best = NULL;
				double v = 0;
				int left, j;

				for (int k = en->first; k < en->first + en->keeps; k++) {
					double a = policy_turn_after(
						&t, n, (long)i * POLICY_STEP,
						&r->keep[k]);

					if (!best || a > v) {
						v = a;
						best = &r->keep[k];
					}
				}
				left = n - best->dice;
				j = i + (int)(best->points / POLICY_STEP);
				if (j >= WIN_GAIN_STEPS) {
					gain[WIN_GAIN_STEPS] += m * en->p;
					continue;
				}
				/* Banked exactly when policy_turn_after banks. */
				if (v == bank[j] && v > policy_turn_roll(&t, left, (long)j * POLICY_STEP))
					gain[j] += m * en->p;
				else
					mass[(left ? left : g->dice) * row + j] += m * en->p;
			}
		}
	free(mass);
	policy_turn_free(&t);
}

/* table[a][b] at scores in points. */
static double win_at(const struct win_policy *w, const double *table,
		     long a, long b)
{
	return table[a / POLICY_STEP * w->cells + b / POLICY_STEP];
}

bool win_policy_covers(const struct win_policy *w, long mine, long theirs)
{
	return mine >= 0 && mine < w->target && mine % POLICY_STEP == 0 &&
	       theirs >= 0 && theirs < w->target && theirs % POLICY_STEP == 0;
}

/* My chance when their turn starts at (a, b) in points; mine[a][b]
 * itself weighs `self` (their lost turn), the caller's unknown. */
static double win_theirs(const struct win_policy *w, long a, long b,
			 double self)
{
	const double *gain = w->gain[win_class(b)];
	double v = gain[0] * self;

	for (int g = 1; g <= WIN_GAIN_STEPS; g++) {
		long to = b + (long)g * POLICY_STEP;

		if (gain[g] == 0 || to >= w->target)
			continue;	/* a win for them: 0 for me */
		v += gain[g] * win_at(w, w->mine, a, to);
	}
	return v;
}

void win_policy_turn(const struct win_policy *w, long mine, long theirs,
		     struct policy_turn *t, double *bank)
{
	*t = (struct policy_turn){
		.game = &w->game, .threshold = win_threshold(mine), .bank = bank,
		.bust = win_at(w, w->theirs, mine, theirs),
	};
	/* Past the target by 1000, a bank is near: count it as won. */
	t->steps = (int)((w->target - mine) / POLICY_STEP) + 20;
	if (t->steps > WIN_GAIN_STEPS)
		t->steps = WIN_GAIN_STEPS;
	for (int i = 0; i <= t->steps; i++) {
		long to = mine + (long)i * POLICY_STEP;

		bank[i] = to >= w->target ? 1 : win_at(w, w->theirs, to, theirs);
	}
	policy_turn_solve(t);
}

/* My chance when my turn starts at scores (a, b) * 50, if my chance there
 * is `guess` (which their lost turn brings back); sets theirs[a][b]. */
static double win_step(struct win_policy *w, int a, int b, double guess,
		       double *bank)
{
	struct policy_turn t;
	double v;

	w->solved[(w->cells + a) * w->cells + b] = win_theirs(
		w, (long)a * POLICY_STEP, (long)b * POLICY_STEP, guess);
	win_policy_turn(w, (long)a * POLICY_STEP, (long)b * POLICY_STEP, &t,
			bank);
	v = policy_turn_roll(&t, 0, 0);
	policy_turn_free(&t);
	return v;
}

/* mine[a][b] = step(mine[a][b]): Steffensen's iteration, exact at once
 * where the step is linear (the same decisions near the answer); where
 * its guess leaves [0, 1] or does no better, a plain step instead (the
 * step is a contraction: it converges anyway). */
static void win_solve_pair(struct win_policy *w, int a, int b, double *bank)
{
	double v = b + 1 < w->cells ? w->mine[a * w->cells + b + 1] : 0.5;

	for (;;) {
		double f1 = win_step(w, a, b, v, bank), f2, d, next;

		if (fabs(f1 - v) < WIN_EPSILON) {
			v = f1;
			break;
		}
		f2 = win_step(w, a, b, f1, bank);
		if (fabs(f2 - f1) < WIN_EPSILON) {
			v = f2;
			break;
		}
		d = f2 - 2 * f1 + v;
		next = d != 0 ? v - (f1 - v) * (f1 - v) / d : f2;
		v = next >= 0 && next <= 1 &&
		    fabs(next - f2) < fabs(f1 - v) ? next : f2;
	}
	w->solved[a * w->cells + b] = v;
	w->solved[(w->cells + a) * w->cells + b] = win_theirs(
		w, (long)a * POLICY_STEP, (long)b * POLICY_STEP, v);
}

int win_policy_init(struct win_policy *w, long target)
{
	static const long classes[4] = {650, 350, 750, 1000};
	double bank[WIN_GAIN_STEPS + 1];

	memset(w, 0, sizeof *w);
	if (target <= 0 || target % POLICY_STEP)
		return -1;
	w->target = target;
	w->cells = (int)(target / POLICY_STEP);
	policy_game_init(&w->game, "bolo5");
	for (int k = 0; k < 4; k++)
		win_gains(&w->game, classes[k], w->gain[k]);
	w->solved = calloc(2 * (size_t)w->cells * (size_t)w->cells,
			   sizeof *w->solved);
	if (!w->solved)
		abort();
	w->mine = w->solved;
	w->theirs = w->solved + w->cells * w->cells;
	for (int a = w->cells - 1; a >= 0; a--)
		for (int b = w->cells - 1; b >= 0; b--)
			win_solve_pair(w, a, b, bank);
	return 0;
}

void win_policy_load(struct win_policy *w, long target,
		     const double *mine, const double *theirs)
{
	memset(w, 0, sizeof *w);
	w->target = target;
	w->cells = (int)(target / POLICY_STEP);
	policy_game_init(&w->game, "bolo5");
	w->mine = mine;
	w->theirs = theirs;
}

void win_policy_free(struct win_policy *w)
{
	free(w->solved);
	policy_game_free(&w->game);
}
