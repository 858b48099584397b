/*
 * Exact evaluation of two players against win-bot (win_check.h).
 * win-bot's play is the best play for the tables' chances: at every spot
 * the turn the tables say is best.  The other plays expect-bot's turns,
 * for the most points (a bank worth its points, a total past 30000
 * counting as 30000, as bots/expect_policy.c has it), either as they are
 * or with the end-game rule: in bolo the last turn and the turns of
 * sudden death are played for the best chance to reach the score needed
 * (the win-bot of arena 0.4), in bolo5 a bank that wins is taken as soon
 * as the rules allow.  Every chance below is the other player's, from
 * every spot, found from the end back as the tables were; nothing is
 * chosen, the plays being fixed, so a lost turn makes the two chances of
 * a pair of scores a linear system of two unknowns, solved exactly.
 * win-bot's turns in the phase play are also where the tables are
 * checked: each must give back the tables' chance at its spot.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "win_check.h"

#define WC_EXPECT_ROWS 600	/* expect-bot: totals to 30000 */

/* The other player's chances against win-bot, for one of its policies. */
struct wc_side {
	enum wc_policy policy;
	/* the phase play, [a * cells + b]: when it moves with a against b
	 * (mine), when win-bot moves with a against b (theirs) */
	double *mine, *theirs;
	/* bolo's end, [g] or [k * gaps + d], g or d * 50 behind: its last
	 * turn ([1]: it has banked before), win-bot's; its sudden-death
	 * turns after k of them, win-bot's */
	double *last[2], *their_last, *sudden, *their_sudden;
	/* [a]: its turn in the phase play with a banked: where it banks,
	 * over wc_rows() + 1 rows, and the chance it loses the turn; bolo:
	 * where it banks once it has banked, whatever the score */
	double **banks, *busts, *opened;
};

static double *wc_array(size_t n)
{
	double *p = calloc(n ? n : 1, sizeof *p);

	if (!p)
		abort();
	return p;
}

static int wc_gap(const struct wc_game *g, long points)
{
	long i = points / WC_STEP;

	return i < g->gaps - 1 ? (int)i : g->gaps - 1;
}

/* The rows of the other player's turns: enough for every lead counted. */
static int wc_rows(const struct wc_game *g)
{
	long end = g->target > g->cap ? g->target + g->cap : 2 * g->cap;

	return (int)(end / WC_STEP);
}

/* expect-bot's turn with `threshold` (grabbing a bank from row `grab`;
 * -1: never): where it banks (out) and *bust. */
static void wc_expect_outcomes(const struct wc_game *g, long threshold,
			       int grab, double *out, double *bust)
{
	struct wc_turn t = {
		.last = wc_rows(g), .grab = grab, .threshold = threshold,
	};

	t.owned = wc_array((size_t)t.last + 1);
	for (int i = 0; i <= t.last; i++)
		t.owned[i] = (double)(i < WC_EXPECT_ROWS ? i : WC_EXPECT_ROWS) *
			     WC_STEP;
	t.bank = t.owned;
	wc_turn_solve(g, &t);
	wc_turn_outcomes(g, &t, out, bust);
	wc_turn_free(&t);
}

static void wc_side_init(struct wc_side *s, const struct wc_game *g,
			 enum wc_policy policy)
{
	size_t cells = (size_t)g->cells * (size_t)g->cells;
	size_t gaps = (size_t)g->gaps, rows = (size_t)wc_rows(g) + 1;
	double bust;	/* at bolo's end a lost turn loses: not needed */

	memset(s, 0, sizeof *s);
	s->policy = policy;
	s->mine = wc_array(cells);
	s->theirs = wc_array(cells);
	s->last[0] = wc_array(gaps);
	s->last[1] = wc_array(gaps);
	s->their_last = wc_array(gaps);
	s->sudden = wc_array(WC_SUDDEN * gaps);
	s->their_sudden = wc_array(WC_SUDDEN * gaps);
	s->banks = calloc((size_t)g->cells, sizeof *s->banks);
	s->busts = wc_array((size_t)g->cells);
	if (!s->banks)
		abort();
	s->opened = wc_array(rows);
	wc_expect_outcomes(g, 0, -1, s->opened, &bust);
	for (int a = 0; a < g->cells; a++) {
		long score = (long)a * WC_STEP;
		int grab = policy == WC_ENDGAME && g->rules == DICE_BOLO5 ?
				   (int)((g->target - score) / WC_STEP) : -1;

		if (!wc_reachable(g, a))
			continue;
		s->banks[a] = wc_array(rows);
		wc_expect_outcomes(g, wc_threshold(g, score), grab, s->banks[a],
				   &s->busts[a]);
	}
}

static void wc_side_free(struct wc_side *s, const struct wc_game *g)
{
	for (int a = 0; a < g->cells; a++)
		free(s->banks[a]);
	free(s->banks);
	free(s->busts);
	free(s->opened);
	free(s->mine);
	free(s->theirs);
	free(s->last[0]);
	free(s->last[1]);
	free(s->their_last);
	free(s->sudden);
	free(s->their_sudden);
}

/* A bank of win-bot in bolo's end (k < 0: its last turn) at a margin,
 * to the other player: what follows it. */
static double wc_their_end_bank(const struct wc_game *g,
				const struct wc_side *s, int k, long margin)
{
	if (k < 0)	/* below the leader: the leader wins */
		return margin < 0 ? 1 : s->sudden[wc_gap(g, margin)];
	if (margin <= 0)	/* win-bot is out */
		return 1;
	if (k == WC_SUDDEN - 1)
		return 0.5;
	return s->sudden[(k + 1) * g->gaps + wc_gap(g, margin)];
}

/* A bank of the other player in bolo's end, to it. */
static double wc_my_end_bank(const struct wc_game *g, const struct wc_side *s,
			     int k, long margin)
{
	if (k < 0)
		return margin < 0 ? 0 : s->their_sudden[wc_gap(g, margin)];
	if (margin <= 0)
		return 0;
	if (k == WC_SUDDEN - 1)
		return 0.5;
	return s->their_sudden[(k + 1) * g->gaps + wc_gap(g, margin)];
}

/* win-bot's turn in bolo's end (k < 0: its last turn), a cap behind, for
 * both sides at once; read at row cap - d, d behind.  A lost turn puts
 * win-bot out: the other wins. */
static void wc_their_end(const struct wc_game *g, const struct wc_values *v,
			 struct wc_side *side, int k)
{
	struct wc_turn t;
	double *eval[WC_EVALS];

	wc_end_turn(g, v, k, &t);
	t.evals = WC_EVALS;
	for (int e = 0; e < WC_EVALS; e++) {
		eval[e] = wc_array((size_t)t.last + 1);
		for (int i = 0; i <= t.last; i++)
			eval[e][i] = wc_their_end_bank(g, &side[e], k,
						       (long)i * WC_STEP - g->cap);
		t.eval[e] = eval[e];
	}
	wc_turn_solve(g, &t);
	for (int e = 0; e < WC_EVALS; e++) {
		double *out = k < 0 ? side[e].their_last :
				      side[e].their_sudden + k * g->gaps;

		for (int d = 0; d < g->gaps; d++)
			out[d] = wc_turn_at(g, &t, t.worth[e], g->gaps - 1 - d) +
				 wc_turn_at(g, &t, t.lost, g->gaps - 1 - d);
		free(eval[e]);
	}
	wc_turn_free(&t);
}

/* The other player's turn in bolo's end (k < 0: its last turn). */
static void wc_my_end(const struct wc_game *g, struct wc_side *s, int k)
{
	double *eval;
	struct wc_turn t;

	if (s->policy == WC_EXPECT) {
		/* Its turn ignores the end: the outcomes of any turn, with
		 * the threshold of one who has banked ([1]) or not ([0]). */
		const double *out[2] = {s->banks[0], s->opened};

		for (int d = 0; d < g->gaps; d++)
			for (int o = k < 0 ? 0 : 1; o < 2; o++) {
				double sum = 0;

				for (int i = 0; i <= wc_rows(g); i++)
					if (out[o][i] > 0)
						sum += out[o][i] * wc_my_end_bank(
							g, s, k, (long)(i - d) * WC_STEP);
				if (k >= 0)
					s->sudden[k * g->gaps + d] = sum;
				else
					s->last[o][d] = sum;
			}
		return;
	}
	/* The end-game rule: a bank is worth 1 from the score needed on. */
	memset(&t, 0, sizeof t);
	t.last = 2 * (g->gaps - 1);
	t.grab = -1;
	t.evals = 1;
	t.owned = wc_array((size_t)t.last + 1);
	eval = wc_array((size_t)t.last + 1);
	for (int i = 0; i <= t.last; i++) {
		long margin = (long)i * WC_STEP - g->cap;

		t.owned[i] = margin > 0 || (k < 0 && margin == 0) ? 1 : 0;
		eval[i] = wc_my_end_bank(g, s, k, margin);
	}
	t.bank = t.owned;
	t.eval[0] = eval;
	wc_turn_solve(g, &t);
	for (int d = 0; d < g->gaps; d++) {
		double x = wc_turn_at(g, &t, t.worth[0], g->gaps - 1 - d);

		if (k >= 0)
			s->sudden[k * g->gaps + d] = x;
		else
			s->last[0][d] = s->last[1][d] = x;
	}
	free(eval);
	wc_turn_free(&t);
}

/* The pair of chances with the other player at a cells and win-bot at b:
 * win-bot's turn at (b, a) gives the tables' residual there. */
static void wc_pair(const struct wc_game *g, const struct wc_values *v,
		    struct wc_side *side, int a, int b, double *residual)
{
	long mine = (long)a * WC_STEP, theirs = (long)b * WC_STEP;
	double *eval[WC_EVALS];
	struct wc_turn t;

	wc_play_turn(g, v, b, a, &t);
	t.evals = WC_EVALS;
	for (int e = 0; e < WC_EVALS; e++) {
		eval[e] = wc_array((size_t)t.last + 1);
		for (int i = 0; i <= t.last; i++) {
			long score = theirs + (long)i * WC_STEP;

			if (score < g->target)
				eval[e][i] = side[e].mine[a * g->cells +
							  score / WC_STEP];
			else if (g->rules == DICE_BOLO)	/* its last turn */
				eval[e][i] = side[e].last[a > 0][wc_gap(g, score - mine)];
			else
				eval[e][i] = 0;	/* win-bot has won */
		}
		t.eval[e] = eval[e];
	}
	wc_turn_solve(g, &t);
	*residual = fmax(*residual, fabs(wc_turn_at(g, &t, t.value, 0) -
					 v->play[b * g->cells + a]));
	for (int e = 0; e < WC_EVALS; e++) {
		struct wc_side *s = &side[e];
		double c1 = 0, c2 = wc_turn_at(g, &t, t.worth[e], 0);
		double lost = wc_turn_at(g, &t, t.lost, 0), bust = s->busts[a], x;

		for (int i = 0; i <= wc_rows(g); i++) {
			long score = mine + (long)i * WC_STEP;

			if (s->banks[a][i] == 0)
				continue;
			if (score < g->target)
				x = s->theirs[b * g->cells + score / WC_STEP];
			else if (g->rules == DICE_BOLO)	/* win-bot's last turn */
				x = s->their_last[wc_gap(g, score - theirs)];
			else
				x = 1;
			c1 += s->banks[a][i] * x;
		}
		/* mine = c1 + bust * their, their = c2 + lost * mine */
		x = (c1 + bust * c2) / (1 - bust * lost);
		s->mine[a * g->cells + b] = x;
		s->theirs[b * g->cells + a] = c2 + lost * x;
		free(eval[e]);
	}
	wc_turn_free(&t);
}

/* The most the other player gets above the tables anywhere. */
static double wc_gain(const struct wc_game *g, const struct wc_values *v,
		      const struct wc_side *s)
{
	double gain = -1;

	for (int a = 0; a < g->cells; a++)
		for (int b = 0; b < g->cells; b++) {
			int at = a * g->cells + b;

			if (!wc_reachable(g, a) || !wc_reachable(g, b))
				continue;
			gain = fmax(gain, s->mine[at] - v->play[at]);
			gain = fmax(gain, s->theirs[at] - (1 - v->play[at]));
		}
	if (g->rules != DICE_BOLO)
		return gain;
	for (int d = 0; d < WC_SUDDEN * g->gaps; d++) {
		gain = fmax(gain, s->sudden[d] - v->sudden[d]);
		gain = fmax(gain, s->their_sudden[d] - (1 - v->sudden[d]));
	}
	for (int d = 1; d < g->gaps; d++) {
		if ((long)d * WC_STEP >= g->opening)	/* behind with 0 */
			gain = fmax(gain, s->last[0][d] - v->final[d]);
		gain = fmax(gain, s->last[1][d] - v->final[d]);
		gain = fmax(gain, s->their_last[d] - (1 - v->final[d]));
	}
	return gain;
}

double wc_evaluate(const struct wc_game *g, const struct wc_values *v,
		   struct wc_match m[WC_EVALS])
{
	struct wc_side side[WC_EVALS];
	double residual = 0;

	for (int e = 0; e < WC_EVALS; e++)
		wc_side_init(&side[e], g, (enum wc_policy)e);
	for (int k = WC_SUDDEN - 1; g->rules == DICE_BOLO && k >= -1; k--) {
		wc_their_end(g, v, side, k);
		for (int e = 0; e < WC_EVALS; e++)
			wc_my_end(g, &side[e], k);
	}
	for (int sum = 2 * (g->cells - 1); sum >= 0; sum--)
		for (int a = sum < g->cells ? sum : g->cells - 1;
		     a >= 0 && sum - a < g->cells; a--)
			if (wc_reachable(g, a) && wc_reachable(g, sum - a))
				wc_pair(g, v, side, a, sum - a, &residual);
	for (int e = 0; e < WC_EVALS; e++) {
		m[e].first = side[e].mine[0];
		m[e].second = side[e].theirs[0];
		m[e].gain = wc_gain(g, v, &side[e]);
		wc_side_free(&side[e], g);
	}
	return residual;
}
