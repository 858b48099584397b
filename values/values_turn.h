/*
 * What values.c and values_turn.c share: the values of one game (struct
 * values) and the turns solved for it.  A turn is solved once per spot
 * where it starts (win_policy_turn(), a millisecond or more): a game's
 * decisions come a turn at a time, and spots come again from game to game
 * (each starts at 0 to 0), so the last 256 turns solved are kept, their
 * values only (about 10 MB).
 */
#ifndef VALUES_VALUES_TURN_H
#define VALUES_VALUES_TURN_H

#include "values.h"
#include "win_policy.h"

#define VALUES_TURNS 256	/* turns kept solved */

struct values_solved {
	bool used;
	struct win_spot at;
	struct win_turn turn;
};

struct values {
	const struct game_rules *rules;
	struct win_policy model;	/* its tables: built in, solved or read */
	char how[VALUES_HOW_LEN];
	struct values_solved solved[VALUES_TURNS];
	int next;		/* the entry of solved[] to use next */
};

/* Frees the turns kept solved. */
void values_turn_free(struct values *v);

#endif
