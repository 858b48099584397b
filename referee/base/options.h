/*
 * Game options: checking what a user gave (-o KEY=VALUE on the command line,
 * or an "options" object in a tournament file) against a game's option table,
 * before any bot is started, and filling in the defaults. Every game also
 * takes the common option `first` (each page of docs/games/, "Options").
 */
#ifndef ARENA_OPTIONS_H
#define ARENA_OPTIONS_H

#include <cjson/cJSON.h>

#include "games/game.h"

/* The option every game has: who starts ("random" or "seat0"). */
extern const struct game_option options_first;

/* Turns "KEY=VALUE" words into a JSON object of strings; NULL with a
 * message in err for a word without '=' or a key given twice. */
cJSON *options_from_pairs(const char *const *pairs, int count, char *err);

/* Checks `given` (an object of strings or numbers; NULL for none) against
 * the game's options and returns a new object holding every option, in
 * table order then `first`: integers as numbers, choices as strings.
 * NULL with a message in err for an unknown option or a bad value. */
cJSON *options_resolve(const struct game_rules *rules, const cJSON *given,
		       char *err);

/* One line describing the accepted values, e.g. "integer 4..8" or
 * "random | seat0", into buf. */
void options_describe_values(const struct game_option *option, char *buf,
			     size_t len);

#endif
