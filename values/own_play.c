/*
 * The solver of own_play.h.  As win_solve.c, but for two players, each
 * with its own choices: player m's chances are its turns' values where
 * they start, each turn solved by own_turn.c with the other's chances at
 * its ends.  Bolo's end tables are solved a spot at a time, not read off
 * one turn from the cap as win_solve.c reads them: a player's choices
 * hang on its turn total, which a turn started elsewhere does not share.
 */
#include "own_play.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define OWN_EPSILON 1e-12	/* a pair is solved when it moves less */
#define OWN_ROUNDS 100		/* more means a bug: Newton cycles */

/* Leads and deficits counted up to this in bolo's end: a lead of 5,000
 * points is lost in one turn with a chance below 0.2% (bolo's seven
 * dice), and solving each of the end's spots alone costs a turn of
 * (deficit + cap) / 50 rows. */
#define OWN_CAP 5000

int own_play_init(struct own_play *o, const char *game, long target,
		  const struct own_choices *choices[2][OWN_OPENED][OWN_PHASES])
{
	size_t size;

	*o = (struct own_play){0};
	for (int m = 0; m < 2; m++)
		if (win_policy_init(&o->turns[m], game, target, OWN_CAP) < 0) {
			own_play_free(o);
			return -1;
		}
	size = (size_t)o->turns[0].cells * (size_t)o->turns[0].cells;
	if (o->turns[0].game.rules == DICE_BOLO)	/* and final_unopened */
		size += (2 + WIN_SUDDEN_TURNS) * (size_t)o->turns[0].gaps;
	for (int m = 0; m < 2; m++)
		o->solved[m] = dice_policy_alloc(size, sizeof *o->solved[m]);
	for (int m = 0; m < 2; m++) {
		struct win_policy *w = &o->turns[m];
		double *theirs = o->solved[1 - m];

		w->play = theirs;
		if (w->game.rules == DICE_BOLO) {
			w->final = theirs + (size_t)w->cells * (size_t)w->cells;
			w->sudden = w->final + w->gaps;
			w->final_unopened = w->sudden + WIN_SUDDEN_TURNS * w->gaps;
		}
		for (int a = 0; a < OWN_OPENED; a++)
			for (int p = 0; p < OWN_PHASES; p++)
				o->choices[m][a][p] = choices ? choices[m][a][p] : NULL;
	}
	return 0;
}

void own_play_free(struct own_play *o)
{
	for (int m = 0; m < 2; m++) {
		free(o->solved[m]);
		win_policy_free(&o->turns[m]);
	}
	*o = (struct own_play){0};
}

int own_play_opened(const struct win_spot *s)
{
	return s->mine > 0 || s->phase == WIN_SUDDEN;
}

void own_play_turn(const struct own_play *o, int m, const struct win_spot *s,
		   struct win_turn *t)
{
	const struct own_choices *c = o->choices[m][own_play_opened(s)][s->phase];

	win_policy_turn_values(&o->turns[m], s, t);
	t->turn.values_only = false;
	/* The rows the choices reach are solved, past the turn's last row
	 * too (a total there banks what the last row banks), so that what
	 * the player does there is its own; the bound of the best play
	 * (bank as soon as allowed) only past them. */
	if (c && c->rows > t->turn.steps) {
		double *bank = realloc(t->bank, ((size_t)c->rows + 1) * sizeof *bank);

		if (!bank)
			abort();
		for (int i = t->turn.steps + 1; i <= c->rows; i++)
			bank[i] = bank[t->turn.steps];
		t->bank = bank;
		t->turn.bank = bank;
		t->turn.steps = c->rows;
	}
	if (c && c->rows > t->turn.settled)
		t->turn.settled = c->rows;
	own_turn_solve(&t->turn, c);
}

/* Player m's chance where its turn starts at s, and the chance that the
 * turn is lost. */
static double own_play_start(const struct own_play *o, int m,
			     const struct win_spot *s, double *lost)
{
	struct win_turn t;
	double value;

	own_play_turn(o, m, s, &t);
	value = dice_policy_turn_roll(&t.turn, 0, 0);
	if (lost)
		*lost = dice_policy_turn_lost(&t.turn, 0, 0);
	win_policy_turn_free(&t);
	return value;
}

/* Bolo's end: sudden death from its last turn back, then the final turn,
 * of a player who has banked (a score above 0) and of one who has not
 * (own_play.h), each deficit of each player. */
static void own_play_solve_end(struct own_play *o)
{
	const struct win_policy *w = &o->turns[0];
	size_t cells = (size_t)w->cells * (size_t)w->cells;

	/* k: the sudden-death turns played before; -1 and -2: the final turn,
	 * opened and not */
	for (int k = WIN_SUDDEN_TURNS - 1; k >= -2; k--)
		for (int m = 0; m < 2; m++)
			for (int d = 0; d < w->gaps; d++) {
				long opened = k == -1 ? DICE_POLICY_STEP : 0;
				struct win_spot s = {
					.phase = k >= 0 ? WIN_SUDDEN : WIN_FINAL,
					.mine = opened,
					.theirs = opened + (long)d * DICE_POLICY_STEP,
					.turns = k >= 0 ? k : 0,
				};
				size_t at = cells + (size_t)(k >= -1 ? 1 + k : 1 + WIN_SUDDEN_TURNS) *
						    (size_t)w->gaps;

				o->solved[m][at + (size_t)d] = own_play_start(o, m, &s, NULL);
			}
}

/* Solves player m's chance at (a, b) and the other's at (b, a), which its
 * lost turn leads to and whose lost turn leads back, by Newton's method
 * on x = what losing the turn is worth (win_solve.c's pairs). */
static void own_play_pair(struct own_play *o, int m, int a, int b)
{
	int cells = o->turns[0].cells;
	double *p1 = &o->solved[m][a * cells + b];
	double *p2 = &o->solved[1 - m][b * cells + a];
	struct win_spot s1 = {
		.phase = WIN_PLAY, .mine = (long)a * DICE_POLICY_STEP,
		.theirs = (long)b * DICE_POLICY_STEP,
	};
	struct win_spot s2 = { .phase = WIN_PLAY, .mine = s1.theirs, .theirs = s1.mine };
	bool up = a + 1 < cells &&
		  win_policy_reachable(&o->turns[0], (long)(a + 1) * DICE_POLICY_STEP);

	/* From the chances one step up, as win_solve.c: the play differs
	 * little, so a round or two is often all. */
	*p1 = up ? o->solved[m][(a + 1) * cells + b] : 0.5;
	*p2 = up ? o->solved[1 - m][b * cells + a + 1] : 0.5;
	for (int round = 0;; round++) {
		double l1, l2, v1 = own_play_start(o, m, &s1, &l1);
		double v2 = own_play_start(o, 1 - m, &s2, &l2), a1, a2;

		if (fabs(v1 - *p1) < OWN_EPSILON && fabs(v2 - *p2) < OWN_EPSILON) {
			*p1 = v1;
			*p2 = v2;
			return;
		}
		if (round == OWN_ROUNDS) {
			fprintf(stderr, "own_play: no answer at (%d, %d)\n",
				a * DICE_POLICY_STEP, b * DICE_POLICY_STEP);
			abort();
		}
		/* v = A + L x, x = 1 - the other's chance */
		a1 = v1 - l1 * (1 - *p2);
		a2 = v2 - l2 * (1 - *p1);
		*p1 = (a1 + l1 * (1 - a2 - l2)) / (1 - l1 * l2);
		*p2 = a2 + l2 * (1 - *p1);
	}
}

void own_play_solve(struct own_play *o)
{
	const struct win_policy *w = &o->turns[0];

	if (w->game.rules == DICE_BOLO)
		own_play_solve_end(o);
	for (int sum = 2 * (w->cells - 1); sum >= 0; sum--)
		for (int a = sum < w->cells ? sum : w->cells - 1; 2 * a >= sum; a--) {
			int b = sum - a;

			if (!win_policy_reachable(w, (long)a * DICE_POLICY_STEP) ||
			    !win_policy_reachable(w, (long)b * DICE_POLICY_STEP))
				continue;
			own_play_pair(o, 0, a, b);
			if (a != b)
				own_play_pair(o, 1, a, b);
		}
}
