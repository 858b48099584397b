/*
 * The solver of win_policy.h's tables.  Bolo's end comes first: sudden
 * death from its last turn back (the banks of a turn of it lead to the
 * next), then the final turn (its banks lead to sudden death).  Then the
 * phase play, pairs of scores from the highest sum down: a bank leads to
 * a pair with more points, and only a lost turn leads back, to the same
 * scores with the other player to move.  So the chances at (a, b) and
 * (b, a) are solved together.  Given what losing the turn is worth, x, a
 * turn's best play is worth A + L x, L being the chance that it loses the
 * turn (dice_policy.h's lost[]): with both turns' A and L the pair is a
 * linear system of two unknowns, solved, and solved again with the play
 * that is best at its answer until that play stays the same (Newton's
 * method on a function made of linear pieces, which ends: policy
 * iteration).  The play of each turn is exact, so the chances are exact
 * but for the rounding of doubles and the cap on leads.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/support.h"
#include "win_policy.h"

#define WIN_EPSILON 1e-12	/* a pair is solved when it moves less */
#define WIN_ROUNDS 100		/* more means a bug: Newton cycles */

/* A turn behind by the cap, read at a turn total of cap - d points, is a
 * turn that starts d points behind: bolo's end tables in one solve. */
static void win_solve_end(struct win_policy *w, enum win_phase phase,
			  int turns, double *out)
{
	struct win_spot s = {.phase = phase, .theirs = w->cap, .turns = turns};
	struct win_turn t;

	win_policy_turn(w, &s, &t);
	for (int d = 0; d < w->gaps; d++)
		out[d] = dice_policy_turn_roll(
			&t.turn, 0, w->cap - (long)d * DICE_POLICY_STEP);
	win_policy_turn_free(&t);
}

/* The turn at (a, b) with the tables as they are: *value, *lost. */
static void win_solve_turn(const struct win_policy *w, int a, int b,
			   double *value, double *lost)
{
	struct win_spot s = {
		.phase = WIN_PLAY, .mine = (long)a * DICE_POLICY_STEP,
		.theirs = (long)b * DICE_POLICY_STEP,
	};
	struct win_turn t;

	win_policy_turn(w, &s, &t);
	*value = dice_policy_turn_roll(&t.turn, 0, 0);
	*lost = dice_policy_turn_lost(&t.turn, 0, 0);
	win_policy_turn_free(&t);
}

/* Solves play[a][b] and play[b][a] (a >= b), starting from the chances
 * one step up for the player to move (solved: a larger sum), when the
 * game reaches that score: the best play differs little, so the first
 * round's play is often the answer's. */
static void win_solve_pair(struct win_policy *w, double *play, int a, int b)
{
	double *p1 = &play[a * w->cells + b], *p2 = &play[b * w->cells + a];
	bool up = a + 1 < w->cells &&
		  win_policy_reachable(w, (long)(a + 1) * DICE_POLICY_STEP);

	*p1 = up ? play[(a + 1) * w->cells + b] : 0.5;
	*p2 = up ? play[b * w->cells + a + 1] : 0.5;
	for (int round = 0;; round++) {
		double v1, l1, v2, l2, a1, a2;

		win_solve_turn(w, a, b, &v1, &l1);
		if (a == b) {
			v2 = v1;
			l2 = l1;
		} else {
			win_solve_turn(w, b, a, &v2, &l2);
		}
		if (fabs(v1 - *p1) < WIN_EPSILON && fabs(v2 - *p2) < WIN_EPSILON) {
			*p1 = v1;
			*p2 = v2;
			return;
		}
		if (round == WIN_ROUNDS) {
			fprintf(stderr, "win_solve: no answer at (%d, %d)\n",
				a * DICE_POLICY_STEP, b * DICE_POLICY_STEP);
			abort();
		}
		/* v = A + L x, x = 1 - the other's chance */
		a1 = v1 - l1 * (1 - *p2);
		a2 = v2 - l2 * (1 - *p1);
		if (a == b) {
			*p1 = (a1 + l1) / (1 + l1);
			continue;
		}
		*p1 = (a1 + l1 * (1 - a2 - l2)) / (1 - l1 * l2);
		*p2 = a2 + l2 * (1 - *p1);
	}
}

void win_policy_solve(struct win_policy *w)
{
	size_t cells = (size_t)w->cells * (size_t)w->cells, gaps = 0;
	double *play;

	if (w->game.rules == DICE_BOLO)
		gaps = (1 + WIN_SUDDEN_TURNS) * (size_t)w->gaps;
	w->solved = arena_games_xcalloc(cells + gaps, sizeof *w->solved);
	play = w->solved;
	w->play = play;
	if (gaps) {
		double *final = w->solved + cells, *sudden = final + w->gaps;

		w->final = final;
		w->sudden = sudden;
		for (int k = WIN_SUDDEN_TURNS - 1; k >= 0; k--)
			win_solve_end(w, WIN_SUDDEN, k, sudden + k * w->gaps);
		win_solve_end(w, WIN_FINAL, 0, final);
	}
	for (int sum = 2 * (w->cells - 1); sum >= 0; sum--)
		for (int a = sum < w->cells ? sum : w->cells - 1; 2 * a >= sum;
		     a--) {
			int b = sum - a;

			if (win_policy_reachable(w,
						 (long)a * DICE_POLICY_STEP) &&
			    win_policy_reachable(w,
						 (long)b * DICE_POLICY_STEP))
				win_solve_pair(w, play, a, b);
		}
}
