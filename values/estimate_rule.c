/*
 * The playouts' rule (estimate_rule.h).  expect-bot's play, from the
 * state itself: after a roll the keep whose turn goes on worth the most
 * points, between rolls a bank when it is worth at least rolling on, each
 * for the least total the seat may bank (bolo's opening bank, bolo5's
 * thresholds).  In Volle Lotte the same by the card in play and the
 * cards left, which the game's numbers give (as expect-bot reads them
 * from its view).
 */
#include "estimate_rule.h"

#include <stdlib.h>
#include <string.h>

#include "games/dice.h"
#include "games/draws_fast.h"

/* Volle Lotte's own numbers (games/volle_lotte.c, docs/ENVIRONMENT.md):
 * the card in play, one number a kind in vl_policy.h's order; its points
 * and Volle Lottes; whether the player decides after one; the cards
 * left; then each kind's count; then more than the rule reads. */
enum { VL_DECIDES = VLC_CARDS + 2, VL_DECK = VLC_CARDS + 4,
       VL_NUMBERS = 64 };

void estimate_rule_init(struct estimate_rule *r, const struct game_rules *rules)
{
	memset(r, 0, sizeof *r);
	r->rules = rules;
	r->expects = rules->family == GAME_FAMILY_DICE &&
		     dice_expect_init(&r->expect, rules->name) == 0;
	r->cards = strcmp(rules->name, "volle-lotte") == 0;
	if (r->cards)
		vl_policy_init(&r->vl);
}

void estimate_rule_free(struct estimate_rule *r)
{
	if (r->expects)
		dice_expect_free(&r->expect);
	if (r->cards)
		vl_policy_free(&r->vl);
}

/* The index of the word `word` among moves[], or -1. */
static int dice_word(const struct dice_game *g, const int *moves, int n,
		     enum dice_word word)
{
	for (int i = 0; i < n; i++)
		if (arena_dice_game_legal_word(g, moves[i]) == (int)word)
			return i;
	return -1;
}

/* The index in moves[] of the keep worth most by `worth`, or -1. */
static int dice_best_keep(struct estimate_rule *r, const struct dice_game *g,
			  const int *moves, int n,
			  double (*worth)(struct estimate_rule *r,
					  const struct dice_game *g,
					  const struct dice_set *s))
{
	double best = 0;
	int pick = -1;

	for (int i = 0; i < n; i++) {
		int word = arena_dice_game_legal_word(g, moves[i]);
		double v;

		if (word >= 0)
			continue;
		v = worth(r, g, &g->set[-1 - word]);
		if (pick < 0 || v > best) {
			best = v;
			pick = i;
		}
	}
	return pick;
}

/* The turn expect-bot plays for the seat to move. */
static const struct dice_policy_turn *expect_turn(struct estimate_rule *r,
						  const struct dice_game *g)
{
	int me = g->to_move;

	return dice_expect_turn(&r->expect, arena_dice_game_threshold(
		g->rules, g->opened[me], g->score[me]));
}

/* A keep's worth to expect-bot: the turn's expected points after it. */
static double expect_keep(struct estimate_rule *r, const struct dice_game *g,
			  const struct dice_set *s)
{
	struct roll_keep k = dice_rolls_keep_of(g->rules, g->roll, s);

	return dice_policy_turn_after(expect_turn(r, g), g->rolled, g->turn, &k);
}

static int expect_pick(struct estimate_rule *r, const struct dice_game *g,
		       const int *moves, int n)
{
	int keep = dice_best_keep(r, g, moves, n, expect_keep);
	int bank = dice_word(g, moves, n, DICE_BANK);
	int roll = dice_word(g, moves, n, DICE_ROLL);
	const struct dice_policy_turn *t;

	if (keep >= 0)
		return keep;
	t = expect_turn(r, g);
	if (bank >= 0 && (roll < 0 || dice_policy_turn_bank(t, g->turn) >=
					      dice_policy_turn_roll(t, g->left, g->turn)))
		return bank;
	return roll >= 0 ? roll : 0;
}

/* The card in play and the cards left, from the seat to move's numbers. */
static void vl_turn(struct estimate_rule *r, const struct dice_game *g)
{
	double own[VL_NUMBERS];

	if (g->hooks->numbers(g, g->to_move, NULL) > VL_NUMBERS)
		abort();	/* VL_NUMBERS is to grow with the game's */
	g->hooks->numbers(g, g->to_move, own);
	r->turn.card = -1;
	for (int c = 0; c < VLC_CARDS; c++) {
		if (own[c] > 0)
			r->turn.card = c;
		r->turn.deck[c] = (int)own[VL_DECK + c];
	}
	r->turn.after_volle = own[VL_DECIDES] > 0;
}

/* A keep's worth to expect-bot in Volle Lotte (the turn read before). */
static double vl_keep(struct estimate_rule *r, const struct dice_game *g,
		      const struct dice_set *s)
{
	struct roll_keep k = dice_rolls_keep_of(g->rules, g->roll, s);

	return vl_policy_keep(&r->vl, (enum vl_card)r->turn.card, g->rolled,
			      g->turn, &k, r->turn.deck);
}

static int vl_pick(struct estimate_rule *r, const struct dice_game *g,
		   const int *moves, int n)
{
	int keep, bank, on;

	vl_turn(r, g);
	if ((keep = dice_best_keep(r, g, moves, n, vl_keep)) >= 0)
		return keep;
	bank = dice_word(g, moves, n, DICE_BANK);
	if ((on = dice_word(g, moves, n, DICE_ROLL)) < 0)
		on = dice_word(g, moves, n, DICE_DRAW);
	if (bank < 0 || on < 0)
		return bank >= 0 ? bank : on >= 0 ? on : 0;
	return vl_policy_on(&r->vl, (enum vl_card)r->turn.card,
			    r->turn.after_volle, g->left, g->turn,
			    r->turn.deck) > (double)g->turn ? on : bank;
}

/* The index in moves[] (n of them, the rules' moves() at `state`) of
 * the action the rule plays, or -1 where it plays one at random. */
static int estimate_rule_choice(struct estimate_rule *r, const void *state,
			 const int *moves, int n)
{
	if (r->expects)
		return expect_pick(r, state, moves, n);
	return r->cards ? vl_pick(r, state, moves, n) : -1;
}

void estimate_rule_weights(struct estimate_rule *r, const void *state,
			   const int *moves, int n, double *weight)
{
	int choice = estimate_rule_choice(r, state, moves, n);

	for (int i = 0; i < n; i++)
		weight[i] = choice < 0 ? 1.0 / n : i == choice;
}

int estimate_rule_pick(struct estimate_rule *r, const void *state,
		       const int *moves, int n, uint64_t *stream)
{
	int choice = estimate_rule_choice(r, state, moves, n);

	return choice >= 0 ? choice :
			     (int)(arena_splitmix64(stream) % (uint64_t)n);
}

const char *estimate_rule_words(const struct estimate_rule *r)
{
	if (r->expects || r->cards)
		return "playing expect-bot's turns (the most expected points)";
	return "playing at random";
}
