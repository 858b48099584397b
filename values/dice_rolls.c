/*
 * The roll tables of dice_rolls.h: every multiset of n faces, weighted by
 * its multinomial probability, with the keeps the rules library lists for
 * it, merged where a turn policy cannot tell them apart: keeps that differ
 * only in points where more points are never worse (the best stays;
 * dice_rolls.h), then rolls that offer the same keeps (their chances add
 * up), which makes the solvers several times faster.
 */
#include "dice_rolls.h"

#include <stdlib.h>
#include <string.h>

#include "games/support.h"

bool dice_rolls_next(int count[DICE_FACES + 1])
{
	int f = 1;

	/* Move one die from the lowest face with any to the next face, and
	 * gather the rest back on face 1. */
	while (f < DICE_FACES && !count[f])
		f++;
	if (f == DICE_FACES)
		return false;
	count[f + 1]++;
	count[f]--;
	if (f > 1) {
		count[1] = count[f];
		count[f] = 0;
	}
	return true;
}

double dice_rolls_probability(const int count[DICE_FACES + 1], int n)
{
	double p = 1;
	int k = 0;

	/* n! / (c1! ... c6!) / 6^n, built one die at a time. */
	for (int f = 1; f <= DICE_FACES; f++)
		for (int i = 1; i <= count[f]; i++)
			p = p * ++k / i / DICE_FACES;
	for (; k < n; k++)
		p /= DICE_FACES;
	return p;
}

struct roll_keep dice_rolls_keep_of(enum dice_rules rules,
				    const int roll[DICE_FACES + 1],
				    const struct dice_set *set)
{
	int left[DICE_FACES + 1] = {0}, n = 0;

	for (int f = 1; f <= DICE_FACES; f++) {
		left[f] = roll[f] - set->count[f];
		n += left[f];
	}
	/* The referee's own test of bolo5 rule 2.3; no other game asks, so
	 * their keeps stay apart by their dice only (fewer to try). */
	return (struct roll_keep){
		.dice = set->dice,
		.points = set->points,
		.quiet = rules == DICE_BOLO5 && n > 0 && !arena_dice_game_scores(rules, left),
	};
}

static int dice_rolls_keep_order(const void *pa, const void *pb)
{
	const struct roll_keep *a = pa, *b = pb;

	if (a->dice != b->dice)
		return a->dice - b->dice;
	if (a->quiet != b->quiet)
		return a->quiet - b->quiet;
	return (a->points > b->points) - (a->points < b->points);
}

/* An earlier entry offering the same keeps as e (sorted), or NULL. */
static struct roll_entry *dice_rolls_same(struct roll_table *t,
					  const struct roll_entry *e)
{
	for (int i = 0; i < t->rolls; i++) {
		struct roll_entry *o = &t->entry[i];

		int k = 0;

		while (o->keeps == e->keeps && k < e->keeps &&
		       dice_rolls_keep_order(&t->keep[o->first + k],
					     &t->keep[e->first + k]) == 0)
			k++;
		if (o->keeps == e->keeps && k == e->keeps)
			return o;
	}
	return NULL;
}

/* Adds the keeps of the roll `count` to t as the entry e, merged as
 * dice_rolls.h says. */
static void dice_rolls_add(struct roll_table *t, enum dice_rules rules,
			   const int count[DICE_FACES + 1], struct roll_entry *e,
			   int *room)
{
	struct dice_set sets[DICE_MAX_SETS];
	int n = arena_dice_game_sets(rules, count, sets);

	e->first = t->rolls ? t->entry[t->rolls - 1].first +
				      t->entry[t->rolls - 1].keeps : 0;
	e->keeps = 0;
	if (e->first + n > *room) {
		*room = 2 * (*room + n);
		t->keep = arena_games_xrealloc(t->keep, (size_t)*room * sizeof *t->keep);
	}
	for (int i = 0; i < n; i++) {
		struct roll_keep k = dice_rolls_keep_of(rules, count, &sets[i]);
		struct roll_keep *same = NULL;

		for (int j = e->first; j < e->first + e->keeps; j++)
			if (t->keep[j].dice == k.dice &&
			    t->keep[j].quiet == k.quiet &&
			    (rules != DICE_BOLO5 || t->keep[j].points == k.points))
				same = &t->keep[j];
		if (!same)
			t->keep[e->first + e->keeps++] = k;
		else if (k.points > same->points)
			same->points = k.points;
	}
	qsort(&t->keep[e->first], (size_t)e->keeps, sizeof *t->keep,
	      dice_rolls_keep_order);
}

/* The place of the roll `count` (a multiset of t->n faces) in
 * t->entry_of. */
static int dice_rolls_index(const struct roll_table *t,
			    const int count[DICE_FACES + 1])
{
	return arena_dice_keep_id(count) - arena_dice_keep_ids(t->n - 1);
}

void dice_rolls_build(struct roll_table *t, enum dice_rules rules, int n)
{
	int count[DICE_FACES + 1] = {0}, room = 0;

	memset(t, 0, sizeof *t);
	t->n = n;
	/* At most C(n + 5, 5) <= 792 distinct rolls. */
	t->entry = arena_games_xcalloc(792, sizeof *t->entry);
	t->entry_of = arena_games_xcalloc(792, sizeof *t->entry_of);
	count[1] = n;
	for (;;) {
		struct roll_entry *e = &t->entry[t->rolls], *same;
		int *of = &t->entry_of[dice_rolls_index(t, count)];

		e->p = dice_rolls_probability(count, n);
		dice_rolls_add(t, rules, count, e, &room);
		*of = -1;
		if (!e->keeps) {
			t->bust += e->p;
		} else if ((same = dice_rolls_same(t, e))) {
			same->p += e->p;
			*of = (int)(same - t->entry);
		} else {
			*of = t->rolls++;
		}
		if (!dice_rolls_next(count))
			break;
	}
}

int dice_rolls_entry(const struct roll_table *t, const int count[DICE_FACES + 1])
{
	return t->entry_of[dice_rolls_index(t, count)];
}

void dice_rolls_free(struct roll_table *t)
{
	free(t->entry);
	free(t->keep);
	free(t->entry_of);
	memset(t, 0, sizeof *t);
}
