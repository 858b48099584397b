/*
 * A game's rules table written as one line, for the suites that check it
 * (check_bolo.c, check_volle_lotte.c, check_rolit.c, check_black_pot.c):
 * one comparison says every field a player or a tournament file meets.
 */
#ifndef ARENA_RULES_TABLE_TEXT_H
#define ARENA_RULES_TABLE_TEXT_H

#include "games/game.h"

/* "NAME (TITLE) VERSION, MIN-MAX players; OPTION=DEFAULT ..." where an
 * option with choices adds them ("[off|on]") and one without its range
 * ("{4..8}"); valid until the next call. */
const char *rules_table_text(const struct game_rules *rules);

#endif
