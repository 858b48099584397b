/*
 * Every roll of n dice that a turn of bolo, bolo5 or volle-lotte can
 * meet, with its probability and what it offers: the keeps of the rules
 * library (arena_dice_game_sets() of games/dice.h), reduced to what a turn
 * policy needs to tell them apart (dice set aside, points, and whether the
 * dice left behind score nothing, which bolo5 needs before a bank).  The
 * dice bots (expect-bot, win-bot) solve their turns over these tables.
 */
#ifndef VALUES_DICE_ROLLS_H
#define VALUES_DICE_ROLLS_H

#include <stdbool.h>

#include "games/dice.h"

/* One way to play a roll: `dice` set aside worth `points`; `quiet`, in
 * bolo5 only, when the dice left behind are at least one and would score
 * nothing on their own (rule 2.3: only then may the player bank). */
struct roll_keep {
	int dice;
	long points;
	bool quiet;
};

/* The rolls offering the same keeps, as one: their probability and the
 * keeps, keep[first .. first + keeps - 1] of the table.  In bolo and
 * volle-lotte keeps with the same dice are one, worth the most points,
 * since more points are never worse there; in bolo5 a bigger banked score
 * can be a worse one (7000 and 9000 raise the bank threshold, rule 2.4),
 * so only equal keeps are one. */
struct roll_entry {
	double p;
	int first, keeps;
};

struct roll_table {
	int n;			/* dice rolled */
	int rolls;		/* distinct offers of rolls that score */
	double bust;		/* probability that the roll scores nothing */
	struct roll_entry *entry;
	struct roll_keep *keep;
	/* The entry that holds each multiset of n faces, at its keep id
	 * less those of fewer dice (arena_dice_keep_id(), games/dice.h);
	 * -1: it scores nothing. */
	int *entry_of;
};

/* The table of n dice (1..DICE_MAX) under `rules`; free with
 * dice_rolls_free(). */
void dice_rolls_build(struct roll_table *t, enum dice_rules rules, int n);
void dice_rolls_free(struct roll_table *t);

/* The entry of t that holds the roll `count` (a multiset of t->n faces),
 * or -1 when it scores nothing. */
int dice_rolls_entry(const struct roll_table *t, const int count[DICE_FACES + 1]);

/* Every multiset of n faces, in turn: start from count = {[1] = n}; each
 * call moves to the next and returns false after the last. */
bool dice_rolls_next(int count[DICE_FACES + 1]);

/* The probability of a roll of n dice showing `count` (a multiset). */
double dice_rolls_probability(const int count[DICE_FACES + 1], int n);

/* The keep of `set` (from arena_dice_game_sets()) on the roll `roll`: dice, points
 * and whether what is left behind is quiet. */
struct roll_keep dice_rolls_keep_of(enum dice_rules rules,
				    const int roll[DICE_FACES + 1],
				    const struct dice_set *set);

#endif
