/*
 * What values.c and values_turn.c share: the values of one game (struct
 * values) and the turns solved for it.  A turn is solved once per spot
 * where it starts (win_policy_turn_values(), a tenth of a millisecond or
 * more), in rows kept from turn to turn: a game's decisions come a turn
 * at a time, and spots come again from game to game (each starts at 0 to
 * 0), so up to 2048 turns solved are kept, one a hash of its spot, their
 * values only and only below the row `settled` (about 36 MB at most for
 * bolo to 10,000).  The spots a caller says are coming (values_ahead())
 * are solved with the next turn that must be, up to DICE_LANES at once
 * (dice_lanes.h: eight cost about what two do alone).
 */
#ifndef VALUES_VALUES_TURN_H
#define VALUES_VALUES_TURN_H

#include <stddef.h>
#include <stdint.h>

#include "dice_lanes.h"
#include "games/dice.h"
#include "own_turn.h"
#include "values.h"
#include "win_policy.h"

#define VALUES_TURNS 2048	/* turns kept solved */
#define VALUES_AHEAD 256	/* spots told by values_ahead(), not solved yet */

struct values_solved {
	bool used;
	struct win_spot at;
	struct win_turn turn;
};

struct values_own;

struct values {
	const struct game_rules *rules;
	struct values_own *own;		/* two players' own play (values_own.c) */
	struct win_policy model;	/* its tables: built in, solved or read */
	char how[VALUES_HOW_LEN];
	struct values_solved solved[VALUES_TURNS];
	struct dice_lanes *lanes;	/* the solver's rows, once made */
	struct win_spot ahead[VALUES_AHEAD];	/* to be solved with the next */
	int aheads;
};

/* Frees the turns kept solved and the solver's rows. */
void values_turn_free(struct values *v);

/* What values_own.c shares of values_turn.c: where the turn of the seat
 * to move started; whether two spots are one; the slot of spot s among
 * `slots` turns kept (a hash, `salt` mixed in). */
struct win_spot values_spot(const struct values *v, const struct dice_game *g);
bool values_same_spot(const struct win_spot *a, const struct win_spot *b);
size_t values_spot_slot(const struct win_spot *s, uint64_t salt, size_t slots);

/* Two players' own play (values_open_own()): the turn of the player at
 * `seat` that starts at spot s, solved for its choices (the last turns
 * solved kept), and those choices in *c. */
const struct dice_policy_turn *values_own_turn(struct values *v, int seat,
					       const struct win_spot *s,
					       const struct own_choices **c);
void values_own_free(struct values_own *o);

#endif
