/*
 * Volle Lotte's turn (docs/games/volle-lotte.md, rules version volle-lotte/2)
 * solved for the most points by dynamic programming over (card, dice to roll,
 * turn total): Bonus and Double cards like a bolo turn whose Volle Lotte
 * earns the card's reward and then a choice between banking and drawing
 * again; Plus/Minus and the Clover for the best chance of a Volle Lotte (no
 * stop is allowed); the Straight for the best chance to complete 1-6; the
 * Fireworks forced.  A Clover win counts as no points (it is a win, not a
 * score).  Later cards are drawn from the full deck of 56; the next card from
 * the deck the view shows.  Totals above VL_STEPS * 50 are assumed banked.
 */
#ifndef VALUES_VL_POLICY_H
#define VALUES_VL_POLICY_H

#include <stdbool.h>

#include "games/volle_lotte.h"
#include "values/dice_rolls.h"

#define VL_POLICY_DICE 6
#define VL_STEPS 1000		/* turn totals 0 .. 50000 */

/* The kinds of card, in the rules library's order (games/volle_lotte.h:
 * arena_volle_lotte_card_name() names each, and counts its copies). */
enum vl_card {
	VLC_STOP, VLC_FIREWORKS, VLC_BONUS_200, VLC_BONUS_300, VLC_BONUS_400,
	VLC_BONUS_500, VLC_BONUS_600, VLC_DOUBLE, VLC_PLUS_MINUS,
	VLC_STRAIGHT, VLC_CLOVER, VLC_CARDS
};

struct vl_policy {
	struct roll_table roll[VL_POLICY_DICE + 1];
	double full[VLC_CARDS];		/* chance of each card, full deck */
	/* run[c][n][i]: rolling n dice on Bonus or Double card c with a
	 * turn total of i * 50, then playing on as well as can be */
	double *run[VLC_CARDS];
	double *after;			/* [i]: after a Volle Lotte (bank or draw) */
	double volle[VL_POLICY_DICE + 1];	/* [n]: best chance of a Volle Lotte */
	double straight[VL_POLICY_DICE + 1];	/* [k faces taken]: of completing */
	double fireworks[VL_POLICY_DICE + 1];	/* [n]: points still to come */
};

void vl_policy_init(struct vl_policy *p);
void vl_policy_free(struct vl_policy *p);

/* What drawing card c with turn total `total` is worth, played well. */
double vl_policy_card(const struct vl_policy *p, enum vl_card c, long total);
/* What drawing from a deck of count[c] cards of each kind is worth (all
 * counts 0: a fresh deck). */
double vl_policy_draw(const struct vl_policy *p, const int count[VLC_CARDS],
		      long total);
/* Bonus or Double card c: rolling n dice (0: all) with `total`. */
double vl_policy_run(const struct vl_policy *p, enum vl_card c, int n,
		     long total);
/* Bonus or Double card c: the value of a keep `k` out of n dice rolled
 * with `total` before it, the next card coming from `deck`. */
double vl_policy_after(const struct vl_policy *p, enum vl_card c, int n,
		       long total, const struct roll_keep *k,
		       const int deck[VLC_CARDS]);

/* What expect-bot weighs a keep `k` of n dice rolled by, on card c with
 * `total` (the next card from `deck`): on a Bonus or Double card the
 * turn's expected points, on Plus/Minus and the Clover the chance of a
 * Volle Lotte, on the Straight the chance to complete 1-6. */
double vl_policy_keep(const struct vl_policy *p, enum vl_card c, int n,
		      long total, const struct roll_keep *k,
		      const int deck[VLC_CARDS]);
/* What going on with `total` is worth: a card from `deck` after a Volle
 * Lotte (`after_volle`), else rolling n dice on card c; expect-bot goes
 * on where the rules let it bank only when this is worth more than
 * `total`. */
double vl_policy_on(const struct vl_policy *p, enum vl_card c,
		    bool after_volle, int n, long total,
		    const int deck[VLC_CARDS]);

#endif
