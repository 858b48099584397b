/*
 * A turn of bolo or bolo5 solved for a player's own choices, where
 * dice_policy.h solves it for the best ones: at each roll the keep the
 * player takes and, after each keep, whether it banks, where its choices
 * say (own_policy.h learns them from a bot's decisions), and the best
 * play where they say nothing.  The chances of two bots' own play
 * (own_play.h) are made of such turns.
 */
#ifndef VALUES_OWN_TURN_H
#define VALUES_OWN_TURN_H

#include <stdint.h>

#include "dice_policy.h"

/* A player's choices in the turns of one kind of spot (own_play.h), by
 * row i (a turn total of i * DICE_POLICY_STEP), for rows below `rows`;
 * past them, and where an entry is -1, the best play. */
struct own_choices {
	int rows;
	/* keep[n][i * roll[n].rolls + e]: the keep taken (its index among
	 * those of entry e of the game's roll[n]) from roll e of n dice at
	 * row i; NULL: none told */
	int16_t *keep[DICE_MAX + 1];
	/* bank[left * rows + i]: after a keep that leaves `left` dice (0: all
	 * of them again) at row i, where the rules allow a bank: 1 banks, 0
	 * rolls on; NULL: none told */
	int8_t *bank;
};

/* What the choices c (NULL: none) tell at row i, -1 where they tell
 * nothing: from roll e of the table r, the keep taken (its index among
 * entry e's); after a keep that leaves `left` dice (0: all of them
 * again), 1 to bank, 0 to roll on.  Inline: the solver's inner loop. */
static inline int own_keep_told(const struct own_choices *c,
				const struct roll_table *r, int i, int e)
{
	int told;

	if (!c || !c->keep[r->n] || i >= c->rows || e < 0)
		return -1;
	told = c->keep[r->n][(size_t)i * (size_t)r->rolls + (size_t)e];
	return told < r->entry[e].keeps ? told : -1;
}

static inline int own_bank_told(const struct own_choices *c, int left, int i)
{
	return c && c->bank && i < c->rows ? c->bank[left * c->rows + i] : -1;
}

/* Solves t (set up by win_policy_turn_values(), t->values_only false:
 * value[] and lost[] are allocated here, free with dice_policy_turn_free())
 * for the choices c (NULL: the best play everywhere).  Rows from
 * t->settled on are the bound dice_policy.h says, so the caller raises
 * t->settled to c->rows where the choices reach past it, and t->steps
 * with it. */
void own_turn_solve(struct dice_policy_turn *t, const struct own_choices *c);

#endif
