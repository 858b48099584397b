/*
 * The scoring of the three dice games (bolo, bolo5, volle-lotte; see
 * dice_score.h).  A set's value is found by splitting it into scoring
 * groups every possible way: the lowest face present must belong to some
 * group (a single 1 or 5, n of a kind, a straight, a full house, as each
 * game's rules allow), so trying each group holding it and recursing on
 * the rest covers every split.  JSON-free and allocation-free, so that it
 * also builds for WebAssembly (the JavaScript SDK's helpers).
 */
#include "dice_score.h"

#include <string.h>

/* Three of a kind = face x 100, three 1s = 1000. */
static long dice_triple(int face)
{
	return face == 1 ? 1000 : 100L * face;
}

/* Value of k >= 3 dice of one face as one group, or 0 when the rules have
 * no such group. */
static long dice_kind(enum dice_rules rules, int face, int k)
{
	switch (rules) {
	case DICE_BOLO:		/* each further die doubles the set */
		return dice_triple(face) << (k - 3);
	case DICE_BOLO5:
		if (k == 5)
			return face == 1 ? 10000 : 5000;
		return k == 4 ? 2 * dice_triple(face) : dice_triple(face);
	case DICE_VOLLE_LOTTE:
		return k == 3 ? dice_triple(face) : 0;
	}
	return 0;
}

/* The best splits of the sets of one roll, found so far (see
 * arena_dice_game_sets()): value[i] for the set with count[f] = digit f
 * of i in the mixed radix of the roll's counts, radix[f] the weight of
 * digit f; `at`, the index of the set being split. */
struct dice_memo {
	int radix[DICE_FACES + 1];
	long value[DICE_MAX_SETS];
	int at;
};

static long dice_best(enum dice_rules rules, int count[DICE_FACES + 1],
		      const struct dice_memo *memo);

/* Tries the group `group` (worth `value`) out of count: keeps in *best
 * the best total of the group plus the best split of the rest, which
 * `memo` (may be NULL) already holds. */
static void dice_try(enum dice_rules rules, int count[DICE_FACES + 1],
		     const int group[DICE_FACES + 1], long value, long *best,
		     const struct dice_memo *memo)
{
	long rest;
	int f, index = 0;

	for (f = 1; f <= DICE_FACES; f++)
		if (count[f] < group[f])
			return;
	if (memo) {
		for (f = 1; f <= DICE_FACES; f++)
			index += group[f] * memo->radix[f];
		rest = memo->value[memo->at - index];
	} else {
		for (f = 1; f <= DICE_FACES; f++)
			count[f] -= group[f];
		rest = dice_best(rules, count, NULL);
		for (f = 1; f <= DICE_FACES; f++)
			count[f] += group[f];
	}
	if (rest >= 0 && value + rest > *best)
		*best = value + rest;
}

/* dice_try() of the group of k dice showing `face`, k <= count[face],
 * without its loops over the faces (most groups are of one face). */
static void dice_try_face(enum dice_rules rules, int count[DICE_FACES + 1],
			  int face, int k, long value, long *best,
			  const struct dice_memo *memo)
{
	long rest;

	if (memo) {
		rest = memo->value[memo->at - k * memo->radix[face]];
	} else {
		count[face] -= k;
		rest = dice_best(rules, count, NULL);
		count[face] += k;
	}
	if (rest >= 0 && value + rest > *best)
		*best = value + rest;
}

/* The best split of count (restored on return), or -1: every group that
 * holds the lowest face present is tried. */
static long dice_best(enum dice_rules rules, int count[DICE_FACES + 1],
		      const struct dice_memo *memo)
{
	int low = 1, group[DICE_FACES + 1];
	long best = -1;

	while (low <= DICE_FACES && !count[low])
		low++;
	if (low > DICE_FACES)
		return 0;
	if (low == 1 || low == 5)
		dice_try_face(rules, count, low, 1, low == 1 ? 100 : 50, &best,
			      memo);
	for (int k = 3; k <= count[low]; k++)
		if (dice_kind(rules, low, k))
			dice_try_face(rules, count, low, k,
				      dice_kind(rules, low, k), &best, memo);
	memset(group, 0, sizeof group);
	/* A straight holding the lowest face present starts at it. */
	if (rules == DICE_BOLO && low == 1) {
		for (int f = 1; f <= 6; f++)
			group[f] = 1;
		dice_try(rules, count, group, 1500, &best, memo);
	}
	if (rules == DICE_BOLO5 && low <= 2) {
		for (int f = low; f < low + 5; f++)
			group[f] = 1;
		dice_try(rules, count, group, 1000, &best, memo);
	}
	if (rules == DICE_BOLO5)	/* full house: a triple and a pair */
		for (int f = low + 1; f <= DICE_FACES; f++) {
			memset(group, 0, sizeof group);
			group[low] = 3;
			group[f] = 2;
			dice_try(rules, count, group, 500, &best, memo);
			group[low] = 2;
			group[f] = 3;
			dice_try(rules, count, group, 500, &best, memo);
		}
	return best;
}

long arena_dice_game_value(enum dice_rules rules, const int count[DICE_FACES + 1])
{
	int copy[DICE_FACES + 1];

	memcpy(copy, count, sizeof copy);
	return dice_best(rules, copy, NULL);
}

void arena_dice_game_count(const int *faces, int n, int count[DICE_FACES + 1])
{
	memset(count, 0, (DICE_FACES + 1) * sizeof *count);
	for (int i = 0; i < n; i++)
		count[faces[i]]++;
}

/* Some set scores when some group fits in count, and every group of the
 * three games holds a 1, a 5 or three of a face (a straight a 1 or a 5, a
 * full house a triple), each of which scores alone in each game: so no
 * search of the splits, which bolo5 made after each keep (rule 2.3). */
bool arena_dice_game_scores(enum dice_rules rules, const int count[DICE_FACES + 1])
{
	(void)rules;
	if (count[1] || count[5])
		return true;
	for (int f = 1; f <= DICE_FACES; f++)
		if (count[f] >= 3)
			return true;
	return false;
}

long arena_dice_game_threshold(enum dice_rules rules, bool opened, long score)
{
	switch (rules) {
	case DICE_BOLO:		/* the opening: 1000 */
		return opened ? 0 : 1000;
	case DICE_BOLO5:	/* 650 until on the board */
		if (!opened)
			return 650;
		return score >= 9000 ? 1000 : score >= 7000 ? 750 : 350;
	case DICE_VOLLE_LOTTE:
		break;
	}
	return 0;
}

/* Fewest dice first, then more of the lower faces first. */
static int dice_set_order(const void *a, const void *b)
{
	const struct dice_set *x = a, *y = b;

	if (x->dice != y->dice)
		return x->dice - y->dice;
	for (int f = 1; f <= DICE_FACES; f++)
		if (x->count[f] != y->count[f])
			return y->count[f] - x->count[f];
	return 0;
}

int arena_dice_game_sets(enum dice_rules rules, const int count[DICE_FACES + 1],
	      struct dice_set *sets)
{
	int sub[DICE_FACES + 1] = {0}, n = 0, f, dice = 0;
	struct dice_memo memo;
	long value;

	/* Every sub-multiset, as a mixed-radix counter over the faces: its
	 * count is its index in memo, and what is left of a set once a group
	 * is taken out of it comes before it, so each set's best split is
	 * found from those already found (a search of every split of every
	 * set was most of the time the rules took to replay a game). */
	memo.at = 0;
	memo.value[0] = 0;	/* the others are found before they are read */
	memo.radix[1] = 1;
	for (f = 1; f < DICE_FACES; f++)
		memo.radix[f + 1] = memo.radix[f] * (count[f] + 1);
	for (;;) {
		for (f = 1; f <= DICE_FACES && sub[f] == count[f]; f++) {
			dice -= sub[f];
			sub[f] = 0;
		}
		if (f > DICE_FACES)
			break;
		sub[f]++;
		dice++;
		memo.at++;
		value = memo.value[memo.at] = dice_best(rules, sub, &memo);
		if (value < 0)
			continue;
		memcpy(sets[n].count, sub, sizeof sub);
		sets[n].dice = dice;
		sets[n].points = value;
		n++;
	}
	/* The sets are distinct and few: sorted by insertion, without a
	 * call a comparison (qsort's were a tenth of a vector's step). */
	for (int i = 1; i < n; i++) {
		struct dice_set set = sets[i];
		int j = i;

		for (; j > 0 && dice_set_order(&sets[j - 1], &set) > 0; j--)
			sets[j] = sets[j - 1];
		sets[j] = set;
	}
	return n;
}

/* The set of one die of each face of `faces` (bit 6 - f for face f),
 * `dice` of them, worth 0. */
static void dice_set_of_faces(struct dice_set *set, unsigned faces, int dice)
{
	memset(set, 0, sizeof *set);
	for (int f = 1; f <= DICE_FACES; f++)
		set->count[f] = faces >> (DICE_FACES - f) & 1;
	set->dice = dice;
}

int arena_dice_game_new_faces(const int count[DICE_FACES + 1],
		   const int taken[DICE_FACES + 1], struct dice_set *sets)
{
	unsigned open = 0;
	int n = 0;

	for (int f = 1; f <= DICE_FACES; f++)
		if (count[f] && !taken[f])
			open |= 1u << (DICE_FACES - f);
	/* In dice_set_order()'s order without sorting: of two sets of as
	 * many dice, the one with the lower face where they differ comes
	 * first, and holds the higher bit there, so it is the greater mask
	 * (a qsort of the sets was a tenth of a Volle Lotte vector's step). */
	for (int dice = 1; dice <= DICE_FACES; dice++)
		for (unsigned faces = (1u << DICE_FACES) - 1; faces > 0; faces--)
			if (!(faces & ~open) && __builtin_popcount(faces) == dice)
				dice_set_of_faces(&sets[n++], faces, dice);
	return n;
}

bool arena_dice_game_must_roll(const int behind[DICE_FACES + 1])
{
	int left = 0;

	for (int f = 1; f <= DICE_FACES; f++)
		left += behind[f];
	return !left || arena_dice_game_scores(DICE_BOLO5, behind);
}
