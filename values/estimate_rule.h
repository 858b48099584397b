/*
 * The rule every seat follows in the playouts of estimated values
 * (estimate.h): fixed, cheap and the same for every seat, so that a value
 * says what a position is worth when play goes on plainly from it.
 */
#ifndef VALUES_ESTIMATE_RULE_H
#define VALUES_ESTIMATE_RULE_H

#include <stdint.h>

#include "games/game.h"

/* A dice game's rule banks a turn total from this on. */
#define ESTIMATE_RULE_BANK 350

/* The next number of a playout's random stream (splitmix64). */
uint64_t estimate_rule_random(uint64_t *stream);

/* The index in moves[] (n of them, the rules' moves() at `state`) of
 * the action the rule plays, or -1 where it plays one at random. */
int estimate_rule_choice(const struct game_rules *rules, const void *state,
			 const int *moves, int n);

/* The index of the action the rule plays, a random one drawn from
 * `stream` where it plays at random. */
int estimate_rule_pick(const struct game_rules *rules, const void *state,
		       const int *moves, int n, uint64_t *stream);

/* The rule in words, for how the values were obtained. */
const char *estimate_rule_words(const struct game_rules *rules);

#endif
