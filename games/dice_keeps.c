/*
 * The keeps of the dice games (dice.h): their fixed ids, and the keeps of
 * every roll read from a table instead of searched at each roll.  Each
 * roll of 1 to DICE_MAX dice is a keep's multiset too, so its id indexes
 * the table.  A rules' table is made by the first roll that needs it,
 * from arena_dice_game_sets() itself, so it holds exactly what that
 * search finds, in its order; a thread that finds none yet makes one and
 * installs it unless another thread did first.
 */
#include "dice.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "support.h"

/* Non-decreasing sequences of n faces from the f highest: the multisets
 * of n dice of f faces, C(n + f - 1, f - 1), in row n + 1, so that row 0
 * is those of -1 dice, none: multisets[n + 1][f]. */
static const int dice_multisets[DICE_MAX + 2][DICE_FACES + 1] = {
	{0, 0, 0, 0, 0, 0, 0},
	{1, 1, 1, 1, 1, 1, 1},
	{0, 1, 2, 3, 4, 5, 6},
	{0, 1, 3, 6, 10, 15, 21},
	{0, 1, 4, 10, 20, 35, 56},
	{0, 1, 5, 15, 35, 70, 126},
	{0, 1, 6, 21, 56, 126, 252},
	{0, 1, 7, 28, 84, 210, 462},
	{0, 1, 8, 36, 120, 330, 792},
};

/* The keeps of 1 to n dice: the sum of multisets[k][DICE_FACES]. */
static const int dice_keeps_to[DICE_MAX + 1] = {
	0, 6, 27, 83, 209, 461, 923, 1715,
};

#define DICE_ROLLS 1715 /* dice_keeps_to[DICE_MAX] */

int arena_dice_keep_ids(int dice)
{
	return dice_keeps_to[dice];
}

int arena_dice_keep_id(const int count[DICE_FACES + 1])
{
	int left = count[DICE_FACES], id = 0;

	/* The sorted faces' rank among those of as many dice: first come the
	 * keeps that agree on the faces below f and show f more often (more
	 * of a low face is a lower sequence), for each face f; with `left`
	 * of the keep's dice above f, they are the multisets of left - 1
	 * dice of the faces from f up, by the hockey-stick identity summed
	 * over how many more.  None for the highest face. */
	for (int f = DICE_FACES - 1; f >= 1; f--) {
		id += dice_multisets[left][DICE_FACES - f + 1];
		left += count[f];
	}
	return dice_keeps_to[left - 1] + id;
}

void arena_dice_keep_count(int id, int count[DICE_FACES + 1])
{
	int n = 1, low = 1;

	for (int f = 0; f <= DICE_FACES; f++)
		count[f] = 0;
	while (id >= dice_keeps_to[n])
		n++;
	id -= dice_keeps_to[n - 1];
	/* Each die the lowest face whose sequences reach past the rank. */
	for (; n > 0; n--) {
		while (id >= dice_multisets[n][DICE_FACES - low + 1]) {
			id -= dice_multisets[n][DICE_FACES - low + 1];
			low++;
		}
		count[low]++;
	}
}

/* A keep in the table: count[f] in bits 3(f - 1) to 3f - 1, its dice in
 * bits 18 to 20; its points. */
struct dice_keep {
	uint32_t faces;
	int32_t points;
};

/* Every roll's keeps: roll id r's are keeps[start[r]] to keeps[start[r + 1] - 1]. */
struct dice_roll_table {
	int start[DICE_ROLLS + 1];
	struct dice_keep *keeps;
};

static _Atomic(struct dice_roll_table *) dice_tables[DICE_VOLLE_LOTTE + 1];

static uint32_t dice_keep_pack(const struct dice_set *set)
{
	uint32_t faces = (uint32_t)set->dice << 3 * DICE_FACES;

	for (int f = 1; f <= DICE_FACES; f++)
		faces |= (uint32_t)set->count[f] << 3 * (f - 1);
	return faces;
}

static struct dice_roll_table *dice_table_make(enum dice_rules rules)
{
	struct dice_roll_table *t = arena_games_xmalloc(sizeof *t);
	struct dice_set sets[DICE_MAX_SETS];
	int count[DICE_FACES + 1], size = 0, used = 0;

	t->keeps = NULL;
	for (int r = 0; r < DICE_ROLLS; r++) {
		int n;

		arena_dice_keep_count(r, count);
		n = arena_dice_game_sets(rules, count, sets);
		if (used + n > size) {
			size = 2 * size + DICE_MAX_SETS;
			t->keeps = arena_games_xrealloc(t->keeps,
							(size_t)size * sizeof *t->keeps);
		}
		t->start[r] = used;
		for (int k = 0; k < n; k++, used++)
			t->keeps[used] = (struct dice_keep){
				dice_keep_pack(&sets[k]), (int32_t)sets[k].points };
	}
	t->start[DICE_ROLLS] = used;
	return t;
}

static const struct dice_roll_table *dice_table(enum dice_rules rules)
{
	struct dice_roll_table *t = atomic_load_explicit(&dice_tables[rules],
							 memory_order_acquire);
	struct dice_roll_table *none = NULL;

	if (t)
		return t;
	t = dice_table_make(rules);
	if (atomic_compare_exchange_strong_explicit(&dice_tables[rules], &none, t,
						    memory_order_acq_rel,
						    memory_order_acquire))
		return t;
	free(t->keeps);	/* another thread's came first: `none` */
	free(t);
	return none;
}

int arena_dice_roll_sets(enum dice_rules rules,
			 const int count[DICE_FACES + 1], struct dice_set *sets)
{
	const struct dice_roll_table *t;
	const struct dice_keep *keeps;
	int dice = 0, r, n;

	for (int f = 1; f <= DICE_FACES; f++)
		dice += count[f];
	if (dice < 1 || dice > DICE_MAX)
		return arena_dice_game_sets(rules, count, sets);
	t = dice_table(rules);
	r = arena_dice_keep_id(count);
	n = t->start[r + 1] - t->start[r];
	keeps = t->keeps + t->start[r];
	for (int k = 0; k < n; k++) {
		struct dice_set *set = &sets[k];

		set->count[0] = 0;
		for (int f = 1; f <= DICE_FACES; f++)
			set->count[f] = (int)(keeps[k].faces >> 3 * (f - 1) & 7);
		set->dice = (int)(keeps[k].faces >> 3 * DICE_FACES);
		set->points = keeps[k].points;
	}
	return n;
}
