/*
 * Every roll of n dice that a turn of bolo, bolo5 or volle-lotte can
 * meet, with its probability and what it offers: the keeps of the rules
 * library (dice_sets() of referee/games/dice.h), reduced to what a turn
 * policy needs to tell them apart (dice set aside, points, and whether the
 * dice left behind score nothing, which bolo5 needs before a bank).  The
 * dice bots (expect-bot, win-bot) solve their turns over these tables.
 */
#ifndef BOTS_DICE_ROLLS_H
#define BOTS_DICE_ROLLS_H

#include <stdbool.h>

#include "games/dice.h"

/* One way to play a roll: `dice` set aside worth `points`; `quiet` when
 * the dice left behind are at least one and would score nothing on their
 * own (bolo5 rule 3: only then may the player bank). */
struct roll_keep {
	int dice;
	long points;
	bool quiet;
};

/* The rolls offering the same keeps, as one: their probability and the
 * keeps, keep[first .. first + keeps - 1] of the table.  Keeps with the
 * same dice and quiet flag are one, worth the most points. */
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
};

/* The table of n dice (1..DICE_MAX) under `rules`; free with
 * rolls_free(). */
void rolls_build(struct roll_table *t, enum dice_rules rules, int n);
void rolls_free(struct roll_table *t);

/* Every multiset of n faces, in turn: start from count = {[1] = n}; each
 * call moves to the next and returns false after the last. */
bool rolls_next(int count[DICE_FACES + 1]);

/* The probability of a roll of n dice showing `count` (a multiset). */
double rolls_probability(const int count[DICE_FACES + 1], int n);

/* The keep of `set` (from dice_sets()) on the roll `roll`: dice, points
 * and whether what is left behind is quiet. */
struct roll_keep rolls_keep_of(enum dice_rules rules,
			       const int roll[DICE_FACES + 1],
			       const struct dice_set *set);

#endif
