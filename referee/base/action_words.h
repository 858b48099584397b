/*
 * An action in words, the one wording of every game's actions for
 * people (docs/ANALYSIS.md, "Reading a grade"): a grade's played and best
 * actions, a what-if's, on every page and line, never raw JSON.
 */
#ifndef ARENA_ACTION_WORDS_H
#define ARENA_ACTION_WORDS_H

#include <cjson/cJSON.h>

#include "games/game.h"

/* `action` of a game of `rules` in words, a new string: "keep 1, 1, 5
 * for 150", "bank 1,600", "roll 2 dice", "c4", "6+4-2 on C5 D6"; `view`,
 * the position it was played from as the seat saw it (NULL: unknown),
 * gives the points, the turn total and the dice left.  An action of no
 * known form is its JSON. */
char *action_words(const struct game_rules *rules, const cJSON *action,
		   const cJSON *view);

/* The points a dice game's view offers for keeping the faces `keep`
 * (its "keeps"), or -1 when it offers none such. */
long action_keep_points(const cJSON *view, const cJSON *keep);

#endif
