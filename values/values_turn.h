/*
 * What values.c and values_turn.c share: the values of one game (struct
 * values) and the turns solved for it.  A turn is solved once per spot
 * where it starts (win_policy_turn_values(), a tenth of a millisecond or
 * more), in rows kept from turn to turn: a game's decisions come a turn
 * at a time, and spots come again from game to game (each starts at 0 to
 * 0), so up to 2048 turns solved are kept, one a hash of its spot, their
 * values only and only below the row `settled` (about 36 MB at most for
 * bolo to 10,000).
 */
#ifndef VALUES_VALUES_TURN_H
#define VALUES_VALUES_TURN_H

#include "values.h"
#include "win_policy.h"

#define VALUES_TURNS 2048	/* turns kept solved */

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
	struct dice_policy_work *work;	/* the solver's rows, once made */
};

/* Frees the turns kept solved and the solver's rows. */
void values_turn_free(struct values *v);

#endif
