/*
 * The Volle Lotte solver of vl_policy.h.  Every reward makes the turn
 * total larger (a keep adds points, a Bonus adds, a Double doubles, a
 * Plus/Minus adds 1000, a Straight 2000), so one pass from the largest
 * total down fills every table: at each total first the Bonus and Double
 * runs, then the choice after a Volle Lotte.  The chances of the cards
 * without choices of points (Plus/Minus, Clover, Straight, Fireworks) do
 * not depend on the total and are solved first, over the dice alone.
 */
#include "vl_policy.h"

#include <stdlib.h>
#include <string.h>

#include "games/support.h"
#include "values/dice_policy.h"

_Static_assert(VLC_CARDS == VOLLE_LOTTE_KINDS, "the rules' kinds of card");

#define ROW (VL_STEPS + 1)

static int vl_index(long total)
{
	long i = total / DICE_POLICY_STEP;

	return i < VL_STEPS ? (int)i : VL_STEPS;
}

static bool vl_is_run(enum vl_card c)
{
	return (c >= VLC_BONUS_200 && c <= VLC_BONUS_600) || c == VLC_DOUBLE;
}

/* A Bonus or Double card's reward on a Volle Lotte with `total`. */
static long vl_reward(enum vl_card c, long total)
{
	return c == VLC_DOUBLE ? 2 * total :
				 total + 200 + 100L * (c - VLC_BONUS_200);
}

double vl_policy_card(const struct vl_policy *p, enum vl_card c, long total)
{
	switch (c) {
	case VLC_FIREWORKS:
		return (double)total + p->fireworks[VL_POLICY_DICE];
	case VLC_PLUS_MINUS:
		return p->volle[VL_POLICY_DICE] * p->after[vl_index(total + 1000)];
	case VLC_STRAIGHT:	/* 2000 more and the turn ends (rule 3.4) */
		return p->straight[0] * (double)(total + 2000);
	case VLC_STOP:
	case VLC_CLOVER:
		return 0;
	default:
		return vl_policy_run(p, c, 0, total);
	}
}

double vl_policy_draw(const struct vl_policy *p, const int count[VLC_CARDS],
		      long total)
{
	double v = 0;
	int cards = 0;

	for (int c = 0; c < VLC_CARDS; c++)
		cards += count[c];
	for (int c = 0; c < VLC_CARDS; c++)
		v += (cards ? (double)count[c] / cards : p->full[c]) *
		     vl_policy_card(p, (enum vl_card)c, total);
	return v;
}

double vl_policy_run(const struct vl_policy *p, enum vl_card c, int n,
		     long total)
{
	if (n <= 0)
		n = VL_POLICY_DICE;
	return p->run[c][n * ROW + vl_index(total)];
}

/* After a Volle Lotte with `total`: bank, or draw from `deck` (NULL: the
 * table, for a fresh deck). */
static double vl_after_volle(const struct vl_policy *p, long total,
			     const int deck[VLC_CARDS])
{
	double draw;

	if (!deck)
		return p->after[vl_index(total)];
	draw = vl_policy_draw(p, deck, total);
	return draw > (double)total ? draw : (double)total;
}

double vl_policy_after(const struct vl_policy *p, enum vl_card c, int n,
		       long total, const struct roll_keep *k,
		       const int deck[VLC_CARDS])
{
	int left = n - k->dice;
	long after = total + k->points;
	double roll;

	if (!left)
		return vl_after_volle(p, vl_reward(c, after), deck);
	roll = vl_policy_run(p, c, left, after);
	return roll > (double)after ? roll : (double)after;
}

double vl_policy_keep(const struct vl_policy *p, enum vl_card c, int n,
		      long total, const struct roll_keep *k,
		      const int deck[VLC_CARDS])
{
	int left = n - k->dice;

	switch (c) {
	case VLC_PLUS_MINUS:
	case VLC_CLOVER:
		return left ? p->volle[left] : 1;
	case VLC_STRAIGHT:	/* one die set aside per face taken */
		return p->straight[VL_POLICY_DICE - left];
	case VLC_FIREWORKS:
		return 0;	/* a single keep is offered */
	default:
		return vl_policy_after(p, c, n, total, k, deck);
	}
}

double vl_policy_on(const struct vl_policy *p, enum vl_card c,
		    bool after_volle, int n, long total,
		    const int deck[VLC_CARDS])
{
	return after_volle ? vl_policy_draw(p, deck, total) :
			     vl_policy_run(p, c, n, total);
}

/* The best keep's value over the rolls of n dice, `of` valuing a keep. */
static double vl_average(const struct roll_table *r,
			 double (*of)(const void *ctx, int n,
				      const struct roll_keep *k),
			 const void *ctx)
{
	double v = 0;

	for (int e = 0; e < r->rolls; e++) {
		const struct roll_entry *en = &r->entry[e];
		double best = 0;

		for (int k = en->first; k < en->first + en->keeps; k++) {
			double a = of(ctx, r->n, &r->keep[k]);

			if (a > best)
				best = a;
		}
		v += en->p * best;
	}
	return v;
}

static double vl_volle_of(const void *ctx, int n, const struct roll_keep *k)
{
	const struct vl_policy *p = ctx;

	return n == k->dice ? 1 : p->volle[n - k->dice];
}

/* Plus/Minus and Clover: the chance of a Volle Lotte, dice alone. */
static void vl_solve_volle(struct vl_policy *p)
{
	for (int n = 1; n <= VL_POLICY_DICE; n++)
		p->volle[n] = vl_average(&p->roll[n], vl_volle_of, p);
}

/* Straight: k faces taken (one die each), 6 - k dice rolled; a roll
 * showing j faces not yet taken lets 1 to j of them be taken.  By
 * symmetry only k matters: the faces taken are 1..k here. */
static void vl_solve_straight(struct vl_policy *p)
{
	p->straight[VL_POLICY_DICE] = 1;
	for (int k = VL_POLICY_DICE - 1; k >= 0; k--) {
		int n = VL_POLICY_DICE - k, count[DICE_FACES + 1] = {0};
		double v = 0;

		count[1] = n;
		do {
			int fresh = 0;
			double best = 0;

			for (int f = k + 1; f <= DICE_FACES; f++)
				fresh += count[f] > 0;
			for (int x = 1; x <= fresh; x++)
				if (p->straight[k + x] > best)
					best = p->straight[k + x];
			v += dice_rolls_probability(count, n) * best;
		} while (dice_rolls_next(count));
		p->straight[k] = v;
	}
}

/* Fireworks: every scoring die is kept (the keep with the most dice) and
 * rolling goes on until a roll scores nothing, through Volle Lottes.
 * points(n) = a[n] + b[n] * points(6), solved for points(6). */
static void vl_solve_fireworks(struct vl_policy *p)
{
	double a[VL_POLICY_DICE + 1] = {0}, b[VL_POLICY_DICE + 1] = {1};

	for (int n = 1; n <= VL_POLICY_DICE; n++) {
		const struct roll_table *r = &p->roll[n];

		for (int e = 0; e < r->rolls; e++) {
			const struct roll_entry *en = &r->entry[e];
			const struct roll_keep *all = &r->keep[en->first];

			for (int k = en->first; k < en->first + en->keeps; k++)
				if (r->keep[k].dice > all->dice)
					all = &r->keep[k];
			a[n] += en->p * ((double)all->points + a[n - all->dice]);
			b[n] += en->p * b[n - all->dice];
		}
	}
	p->fireworks[VL_POLICY_DICE] = a[VL_POLICY_DICE] /
				       (1 - b[VL_POLICY_DICE]);
	for (int n = 0; n < VL_POLICY_DICE; n++)
		p->fireworks[n] = a[n] + b[n] * p->fireworks[VL_POLICY_DICE];
}

struct vl_run_ctx {
	const struct vl_policy *p;
	enum vl_card c;
	long total;
};

static double vl_run_of(const void *ctx, int n, const struct roll_keep *k)
{
	const struct vl_run_ctx *r = ctx;

	return vl_policy_after(r->p, r->c, n, r->total, k, NULL);
}

void vl_policy_init(struct vl_policy *p)
{
	memset(p, 0, sizeof *p);
	for (int n = 1; n <= VL_POLICY_DICE; n++)
		dice_rolls_build(&p->roll[n], DICE_VOLLE_LOTTE, n);
	for (int c = 0; c < VLC_CARDS; c++) {
		p->full[c] = arena_volle_lotte_card_copies(c) /
			     (double)VOLLE_LOTTE_CARDS;
		if (vl_is_run((enum vl_card)c))
			p->run[c] = arena_games_xcalloc((VL_POLICY_DICE + 1) * ROW,
							sizeof *p->run[c]);
	}
	p->after = arena_games_xcalloc(ROW, sizeof *p->after);
	vl_solve_volle(p);
	vl_solve_straight(p);
	vl_solve_fireworks(p);
	for (int i = VL_STEPS; i >= 0; i--) {
		long total = (long)i * DICE_POLICY_STEP;
		double draw;

		for (int c = 0; c < VLC_CARDS; c++) {
			struct vl_run_ctx ctx = {p, (enum vl_card)c, total};

			if (!vl_is_run((enum vl_card)c))
				continue;
			for (int n = 1; n <= VL_POLICY_DICE; n++)
				p->run[c][n * ROW + i] = i == VL_STEPS ?
					(double)total :
					vl_average(&p->roll[n], vl_run_of, &ctx);
		}
		draw = i == VL_STEPS ? 0 : vl_policy_draw(p, (int[VLC_CARDS]){0},
							  total);
		p->after[i] = draw > (double)total ? draw : (double)total;
	}
}

void vl_policy_free(struct vl_policy *p)
{
	for (int n = 1; n <= VL_POLICY_DICE; n++)
		dice_rolls_free(&p->roll[n]);
	for (int c = 0; c < VLC_CARDS; c++)
		free(p->run[c]);
	free(p->after);
}
