/*
 * The games the referee knows, and what is known of the rules versions
 * they had before.  A new game adds its rules table here and one line in
 * registry.c (the rest it needs: docs/HACKING.md, "A new game").
 */
#ifndef ARENA_REGISTRY_H
#define ARENA_REGISTRY_H

#include "game.h"

extern const struct game_rules arena_bolo_rules;
extern const struct game_rules arena_bolo5_rules;
extern const struct game_rules arena_volle_lotte_rules;
extern const struct game_rules arena_rolit_rules;
extern const struct game_rules arena_black_pot_rules;

/* Every game, in the order `referee games` lists them; NULL-terminated. */
extern const struct game_rules *const arena_game_registry[];

/* The game called `name`, or NULL. */
const struct game_rules *arena_game_find(const char *name);

#define GAME_PLAYERS_TEXT 32
/* The numbers of players the game allows, as "2 to 8" or "2 or 4", in
 * buf (GAME_PLAYERS_TEXT bytes); returns buf. */
const char *arena_game_players_text(const struct game_rules *rules, char *buf);

/* Whether a log whose header names the rules version `version` (NULL:
 * none) can be verified under `rules`: 0, or -1 with a message in err
 * (GAME_ERR_LEN bytes) naming the version the log was written under and the
 * release that verifies it. */
int arena_game_check_rules_version(const struct game_rules *rules,
			     const char *version, char *err);

#endif
