/*
 * The rule every seat follows in the playouts of estimated values
 * (estimate.h): fixed and the same for every seat, so that a value says
 * what a position is worth when play goes on by it.  In bolo and bolo5,
 * expect-bot's play, the project's best where no table holds (the most
 * expected points of a turn, dice_expect.h), and in Volle Lotte its
 * turns too (the most expected points by the card in play, vl_policy.h);
 * elsewhere a legal action at random (two-player Rolit is searched
 * instead, estimate_search.h).
 */
#ifndef VALUES_ESTIMATE_RULE_H
#define VALUES_ESTIMATE_RULE_H

#include <stdbool.h>
#include <stdint.h>

#include "dice_expect.h"
#include "games/game.h"
#include "vl_policy.h"

/* What Volle Lotte's numbers say of the turn being decided. */
struct estimate_rule_card {
	int card;		/* the card in play, enum vl_card; -1: none */
	bool after_volle;	/* bank or draw after a Volle Lotte */
	int deck[VLC_CARDS];	/* the cards left of each kind */
};

struct estimate_rule {
	const struct game_rules *rules;
	bool expects;		/* bolo, bolo5: expect-bot's turns */
	struct dice_expect expect;
	bool cards;		/* volle-lotte: expect-bot's turns */
	struct vl_policy vl;
	struct estimate_rule_card turn;	/* the turn being decided */
};

void estimate_rule_init(struct estimate_rule *r, const struct game_rules *rules);
void estimate_rule_free(struct estimate_rule *r);

/* The chance that the rule plays each of the n actions at `state` into
 * weight[] (summing to 1): its choice's, or 1/n each at random. */
void estimate_rule_weights(struct estimate_rule *r, const void *state,
			   const int *moves, int n, double *weight);

/* The index of the action the rule plays, a random one drawn from
 * `stream` (arena_splitmix64()) where it plays at random. */
int estimate_rule_pick(struct estimate_rule *r, const void *state,
		       const int *moves, int n, uint64_t *stream);

/* The rule in words, for how the values were obtained. */
const char *estimate_rule_words(const struct estimate_rule *r);

#endif
