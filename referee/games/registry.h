/*
 * The games the referee knows.  A new game adds its rules table here and
 * one line in registry.c.
 */
#ifndef ARENA_REGISTRY_H
#define ARENA_REGISTRY_H

#include "game.h"

extern const struct game_rules bolo_rules;
extern const struct game_rules bolo5_rules;
extern const struct game_rules volle_lotte_rules;
extern const struct game_rules rolit_rules;
extern const struct game_rules black_pot_rules;

/* Every game, in the order `referee games` lists them; NULL-terminated. */
extern const struct game_rules *const game_registry[];

/* The game called `name`, or NULL. */
const struct game_rules *game_find(const char *name);

#endif
