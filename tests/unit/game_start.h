/*
 * A game started through its rules table alone, for the suites that play
 * one (check_bolo.c, check_values.c, check_estimate.c): seat 0 first,
 * the draws from a zero key, so that every run rolls the same dice; and
 * one refused (check_bolo.c, check_rolit.c).
 */
#ifndef ARENA_GAME_START_H
#define ARENA_GAME_START_H

#include <cjson/cJSON.h>

#include "games/game.h"

/* A game of `rules` for `players` with `options` (the caller's still),
 * drawing into *draws; fails the current Check test when create()
 * refuses. */
void *game_start(const struct game_rules *rules, int players,
		 const cJSON *options, struct draws *draws);

/* create()'s message when it refuses a game of `rules` for `players`,
 * seat `first` first, with `options` (the caller's still); fails the
 * current Check test when it does not refuse.  Valid until the next call. */
const char *game_refusal(const struct game_rules *rules, int players,
			 int first, const cJSON *options);

#endif
