/*
 * A player's choices learned from its decisions, for own_turn.h: each
 * decision counted under what own_turn.h's choices tell apart (the kind
 * of spot, the row, the dice rolled and the roll's entry, or the dice
 * left after a keep), and a choice told where the player took it in at
 * least 9 in 10 of the decisions counted there (a bot that plays by
 * rule: all of them); where it was not seen, or not agreed, the choice it
 * took at the same place at any row (a keep) or with any dice left (a
 * bank), if agreed and if it took that choice against the best play at
 * least as often as it took the best play against that choice: a bot
 * that plays the best play (whose choices change from row to row) is
 * left to it.  A bot is a black box: what it did is all there is to know
 * of it.
 */
#ifndef VALUES_OWN_POLICY_H
#define VALUES_OWN_POLICY_H

#include <stdbool.h>

#include "own_play.h"

struct own_policy;

/* No decision counted yet, for the turns of "bolo" or "bolo5"; NULL for
 * another game. */
struct own_policy *own_policy_new(const char *game);
void own_policy_free(struct own_policy *p);

/* Counts a keep: at a spot of kind [opened][phase] (own_play.h), n dice
 * rolled at row `row`, the roll being entry `entry` of g's roll[n], the
 * keep taken the entry's keep `keep`, which was the best play's if
 * `best` (the best play's values, values_count()). */
void own_policy_keep(struct own_policy *p, int opened, int phase, int n,
		     int row, int entry, int keep, bool best);

/* Counts a bank or a roll on: after a keep that left `left` dice (0: all
 * again) at row `row`, where the rules allowed a bank. */
void own_policy_bank(struct own_policy *p, int opened, int phase, int left,
		     int row, bool banked, bool best);

/* The choices told, into c[opened][phase]; free each with
 * own_choices_free(). */
void own_policy_choices(const struct own_policy *p,
			struct own_choices c[OWN_OPENED][OWN_PHASES]);
void own_choices_free(struct own_choices *c);

#endif
