/*
 * Openings: the first moves of a game drawn by the referee rather than
 * played by the bots, so that deterministic bots do not replay one game
 * each time a seating comes round (docs/FAIRNESS.md, "Openings").  Each
 * move is one table draw over the legal actions in the order the rules
 * list them: a function of the match key and the draw index alone, which
 * the match that plays a game and `referee verify` that checks its log
 * both compute here.
 */
#ifndef ARENA_OPENINGS_H
#define ARENA_OPENINGS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "game_play.h"
#include "games/draws.h"
#include "games/game.h"

/* The longest opening, in plies: enough to set two games apart for good,
 * short enough to leave the bots a game to play. */
#define OPENINGS_MAX_PLIES 32

/* Whether games of `rules` with these options and players may start with
 * `plies` drawn moves (0 always may): only games without chance in play
 * take openings, and an opening must leave the game unfinished.  0, or -1
 * with err. */
int openings_check(const struct game_rules *rules, const cJSON *options,
		   int players, int plies, char *err);

/* Whether an opening of `plies` has a move to draw after `done` of them:
 * it stops early only when the game is over. */
bool openings_due(const struct game_play *play, int plies, int done);

/* Draws the next opening move of the seat on move: one table draw
 * uniform(L) over the L actions the rules list as legal, in their order.
 * Returns a new copy of the action drawn; the caller applies it. */
cJSON *openings_draw(const struct game_play *play, struct draws *draws);

#endif
