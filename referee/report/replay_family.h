/*
 * What a replay does differently for each family of games (enum
 * game_family in games/game.h), in one table: how a step is told in
 * words (replay_dice.c for the dice games, replay_board.c for Rolit and
 * Black-Pot), what the document's "fixed" holds that no view does, and
 * which of the page's renderers draws the positions.  Nothing of the
 * referee picks a game by its name.
 */
#ifndef ARENA_REPLAY_FAMILY_H
#define ARENA_REPLAY_FAMILY_H

#include <cjson/cJSON.h>

#include "games/game.h"

struct replay_family {
	/* The page's renderer of the family's positions: html/dice.js,
	 * rolit.js and black_pot.js register under these names. */
	const char *name;
	/* Adds what a spectator should be told about one step, from the
	 * views before and after it (a step before play has none to tell):
	 * "text" (the action in words), "events" and "changed" (cells whose
	 * content changed). */
	void (*describe)(const cJSON *before, const cJSON *after, cJSON *step);
	/* Adds what the page needs to draw the game that no view holds to
	 * the document's "fixed" (for Black-Pot, the kind of each cell
	 * number), or NULL: nothing. */
	void (*fixed)(cJSON *fixed);
};

/* The family of the game `rules`. */
const struct replay_family *replay_family(const struct game_rules *rules);

/* The families' describers and fixed members, for the table. */
void replay_describe_dice(const cJSON *before, const cJSON *after,
			  cJSON *step);
void replay_describe_rolit(const cJSON *before, const cJSON *after,
			   cJSON *step);
void replay_describe_black_pot(const cJSON *before, const cJSON *after,
			       cJSON *step);
void replay_fixed_black_pot(cJSON *fixed);

#endif
