/*
 * Unit tests for the shared dice scoring (games/dice.c): a table of
 * sets with their exact values under each game's rules (the rule sheets'
 * own examples included), the distinct keeps a roll offers, and a
 * cross-check of the whole scoring code against exact probabilities: every
 * outcome of n dice goes through arena_dice_game_sets(), and the share of rolls that
 * offer at least one keep must be the known fraction.
 */
#include <stdio.h>
#include <string.h>

#include "games/dice.h"
#include "run_suite.h"

/* A set given as its faces ("1115") and its value, -1: not every die
 * scores. */
struct score_case {
	enum dice_rules rules;
	const char *faces;
	long value;
};

static const struct score_case score_cases[] = {
	/* bolo, 7 dice: docs/games/bolo.md rule 1.2 (sheet 000) */
	{DICE_BOLO, "1", 100}, {DICE_BOLO, "5", 50},
	{DICE_BOLO, "2", -1}, {DICE_BOLO, "3", -1},
	{DICE_BOLO, "4", -1}, {DICE_BOLO, "6", -1},
	{DICE_BOLO, "11", 200}, {DICE_BOLO, "55", 100},
	{DICE_BOLO, "15", 150}, {DICE_BOLO, "155", 200},
	{DICE_BOLO, "111", 1000}, {DICE_BOLO, "222", 200},
	{DICE_BOLO, "333", 300}, {DICE_BOLO, "444", 400},
	{DICE_BOLO, "555", 500}, {DICE_BOLO, "666", 600},
	{DICE_BOLO, "1111", 2000},	/* the sheet's example 1 */
	{DICE_BOLO, "33333", 1200},	/* the sheet's example 2 */
	{DICE_BOLO, "2222222", 3200}, {DICE_BOLO, "11111", 4000},
	{DICE_BOLO, "111111", 8000}, {DICE_BOLO, "1111111", 16000},
	{DICE_BOLO, "2222", 400}, {DICE_BOLO, "22222", 800},
	{DICE_BOLO, "222222", 1600}, {DICE_BOLO, "6666", 1200},
	{DICE_BOLO, "5555", 1000}, {DICE_BOLO, "55555", 2000},
	{DICE_BOLO, "5555555", 8000}, {DICE_BOLO, "6666661", 4900},
	{DICE_BOLO, "1111115", 8050},
	{DICE_BOLO, "123456", 1500}, {DICE_BOLO, "645312", 1500},
	{DICE_BOLO, "1234565", 1550}, {DICE_BOLO, "1234561", 1600},
	{DICE_BOLO, "1234562", -1}, {DICE_BOLO, "1234566", -1},
	{DICE_BOLO, "12345", -1}, {DICE_BOLO, "23456", -1},
	{DICE_BOLO, "111555", 1500}, {DICE_BOLO, "1115", 1050},
	{DICE_BOLO, "2225", 250}, {DICE_BOLO, "22233", -1},
	{DICE_BOLO, "222333", 500}, {DICE_BOLO, "1112222", 1400},
	{DICE_BOLO, "666555", 1100}, {DICE_BOLO, "11155", 1100},
	{DICE_BOLO, "44441", 900}, {DICE_BOLO, "22", -1},

	/* bolo5: docs/games/bolo5.md rule 2.2 (sheet 002) */
	{DICE_BOLO5, "1", 100}, {DICE_BOLO5, "5", 50},
	{DICE_BOLO5, "6", -1}, {DICE_BOLO5, "22", -1},
	{DICE_BOLO5, "11", 200}, {DICE_BOLO5, "15", 150},
	{DICE_BOLO5, "1155", 300}, {DICE_BOLO5, "115", 250},
	{DICE_BOLO5, "111", 1000}, {DICE_BOLO5, "222", 200},
	{DICE_BOLO5, "333", 300}, {DICE_BOLO5, "444", 400},
	{DICE_BOLO5, "555", 500}, {DICE_BOLO5, "666", 600},
	{DICE_BOLO5, "1111", 2000}, {DICE_BOLO5, "2222", 400},
	{DICE_BOLO5, "3333", 600}, {DICE_BOLO5, "4444", 800},
	{DICE_BOLO5, "5555", 1000}, {DICE_BOLO5, "6666", 1200},
	{DICE_BOLO5, "11111", 10000}, {DICE_BOLO5, "22222", 5000},
	{DICE_BOLO5, "55555", 5000}, {DICE_BOLO5, "66666", 5000},
	{DICE_BOLO5, "12345", 1000}, {DICE_BOLO5, "23456", 1000},
	{DICE_BOLO5, "1234", -1}, {DICE_BOLO5, "2345", -1},
	{DICE_BOLO5, "3456", -1}, {DICE_BOLO5, "13456", -1},
	{DICE_BOLO5, "12355", -1},
	{DICE_BOLO5, "11155", 1100},	/* the sheet: 1100, not the 500 house */
	{DICE_BOLO5, "11122", 500},	/* the sheet: the house uses all five */
	{DICE_BOLO5, "22233", 500}, {DICE_BOLO5, "66644", 500},
	{DICE_BOLO5, "55511", 700}, {DICE_BOLO5, "55522", 500},
	{DICE_BOLO5, "22255", 500}, {DICE_BOLO5, "44433", 500},
	{DICE_BOLO5, "1115", 1050}, {DICE_BOLO5, "11115", 2050},
	{DICE_BOLO5, "2225", 250}, {DICE_BOLO5, "22225", 450},
	{DICE_BOLO5, "6661", 700}, {DICE_BOLO5, "23", -1},

	/* volle-lotte: docs/games/volle-lotte.md rule 3.2 (sheet 004) */
	{DICE_VOLLE_LOTTE, "1", 100}, {DICE_VOLLE_LOTTE, "5", 50},
	{DICE_VOLLE_LOTTE, "2", -1}, {DICE_VOLLE_LOTTE, "3", -1},
	{DICE_VOLLE_LOTTE, "4", -1}, {DICE_VOLLE_LOTTE, "6", -1},
	{DICE_VOLLE_LOTTE, "11", 200}, {DICE_VOLLE_LOTTE, "15", 150},
	{DICE_VOLLE_LOTTE, "155", 200}, {DICE_VOLLE_LOTTE, "111", 1000},
	{DICE_VOLLE_LOTTE, "1111", 1100}, {DICE_VOLLE_LOTTE, "11111", 1200},
	{DICE_VOLLE_LOTTE, "111111", 2000}, {DICE_VOLLE_LOTTE, "222", 200},
	{DICE_VOLLE_LOTTE, "2222", -1}, {DICE_VOLLE_LOTTE, "222222", 400},
	{DICE_VOLLE_LOTTE, "333", 300}, {DICE_VOLLE_LOTTE, "333333", 600},
	{DICE_VOLLE_LOTTE, "444", 400}, {DICE_VOLLE_LOTTE, "555", 500},
	{DICE_VOLLE_LOTTE, "5555", 550}, {DICE_VOLLE_LOTTE, "55555", 600},
	{DICE_VOLLE_LOTTE, "555555", 1000}, {DICE_VOLLE_LOTTE, "666", 600},
	{DICE_VOLLE_LOTTE, "666666", 1200}, {DICE_VOLLE_LOTTE, "123456", -1},
	{DICE_VOLLE_LOTTE, "12345", -1}, {DICE_VOLLE_LOTTE, "2225", 250},
	{DICE_VOLLE_LOTTE, "22251", 350}, {DICE_VOLLE_LOTTE, "3331", 400},
	{DICE_VOLLE_LOTTE, "4441", 500}, {DICE_VOLLE_LOTTE, "6665", 650},
	{DICE_VOLLE_LOTTE, "111555", 1500}, {DICE_VOLLE_LOTTE, "111222", 1200},
	{DICE_VOLLE_LOTTE, "22", -1}, {DICE_VOLLE_LOTTE, "12", -1},
	{DICE_VOLLE_LOTTE, "1115", 1050}, {DICE_VOLLE_LOTTE, "11155", 1100},
	{DICE_VOLLE_LOTTE, "444666", 1000}, {DICE_VOLLE_LOTTE, "5551", 600},
	{DICE_VOLLE_LOTTE, "66611", 800}, {DICE_VOLLE_LOTTE, "22233", -1},
	{DICE_VOLLE_LOTTE, "11122", -1},
};

static const char *const rules_names[] = {"bolo", "bolo5", "volle-lotte"};

static void faces_count(const char *faces, int count[DICE_FACES + 1])
{
	memset(count, 0, (DICE_FACES + 1) * sizeof *count);
	for (; *faces; faces++)
		count[*faces - '0']++;
}

START_TEST(score_table)
{
	const struct score_case *c = &score_cases[_i];
	int count[DICE_FACES + 1];

	faces_count(c->faces, count);
	ck_assert_msg(arena_dice_game_value(c->rules, count) == c->value,
		      "%s %s: %ld, expected %ld", rules_names[c->rules],
		      c->faces, arena_dice_game_value(c->rules, count), c->value);
}
END_TEST

/* Each game's table has at least 40 cases. */
START_TEST(score_table_size)
{
	int per_rules[3] = {0};

	for (size_t i = 0; i < sizeof score_cases / sizeof score_cases[0]; i++)
		per_rules[score_cases[i].rules]++;
	for (int r = 0; r < 3; r++)
		ck_assert_int_ge(per_rules[r], 40);
}
END_TEST

/* A roll and its keeps in legal order, as "faces=points" words. */
struct sets_case {
	enum dice_rules rules;
	const char *roll;
	const char *sets;
};

static const struct sets_case sets_cases[] = {
	{DICE_BOLO, "115", "1=100 5=50 11=200 15=150 115=250"},
	{DICE_BOLO, "22346", ""},
	{DICE_BOLO, "1111", "1=100 11=200 111=1000 1111=2000"},
	{DICE_BOLO, "2224", "222=200"},
	{DICE_BOLO, "1234566", "1=100 5=50 15=150 123456=1500"},
	{DICE_BOLO, "1234565",
	 "1=100 5=50 15=150 55=100 155=200 123456=1500 1234556=1550"},
	{DICE_BOLO5, "11122", "1=100 11=200 111=1000 11122=500"},
	{DICE_BOLO5, "11155",
	 "1=100 5=50 11=200 15=150 55=100 111=1000 115=250 155=200 "
	 "1115=1050 1155=300 11155=1100"},
	{DICE_BOLO5, "23456", "5=50 23456=1000"},
	{DICE_BOLO5, "22334", ""},
	{DICE_VOLLE_LOTTE, "222234", "222=200"},
	{DICE_VOLLE_LOTTE, "111166",
	 "1=100 11=200 111=1000 1111=1100"},
	{DICE_VOLLE_LOTTE, "123456", "1=100 5=50 15=150"},
};

START_TEST(sets_table)
{
	const struct sets_case *c = &sets_cases[_i];
	struct dice_set sets[DICE_MAX_SETS];
	int count[DICE_FACES + 1], n;
	char got[1024] = "", *p = got;

	faces_count(c->roll, count);
	n = arena_dice_game_sets(c->rules, count, sets);
	for (int k = 0; k < n; k++) {
		p += sprintf(p, "%s", k ? " " : "");
		for (int f = 1; f <= DICE_FACES; f++)
			for (int i = 0; i < sets[k].count[f]; i++)
				*p++ = (char)('0' + f);
		p += sprintf(p, "=%ld", sets[k].points);
	}
	ck_assert_msg(strcmp(got, c->sets) == 0, "%s %s: \"%s\", expected \"%s\"",
		      rules_names[c->rules], c->roll, got, c->sets);
}
END_TEST

/* No keep is listed twice and every listed keep's value is its best. */
START_TEST(sets_distinct)
{
	int count[DICE_FACES + 1] = {0, 2, 1, 0, 0, 2, 2};
	struct dice_set sets[DICE_MAX_SETS];
	int n = arena_dice_game_sets(DICE_BOLO, count, sets);

	ck_assert_int_gt(n, 0);
	for (int a = 0; a < n; a++) {
		ck_assert_int_eq(sets[a].points, arena_dice_game_value(DICE_BOLO,
							    sets[a].count));
		for (int b = a + 1; b < n; b++)
			ck_assert(memcmp(sets[a].count, sets[b].count,
					 sizeof sets[a].count) != 0);
	}
}
END_TEST

/* Volle Lotte's Straight card: one die per new face, worth 0. */
START_TEST(new_faces)
{
	int roll[DICE_FACES + 1] = {0, 2, 1, 1, 0, 1, 1};
	int taken[DICE_FACES + 1] = {0, 1, 1, 0, 0, 0, 0};
	struct dice_set sets[DICE_MAX_SETS];
	int n = arena_dice_game_new_faces(roll, taken, sets);

	ck_assert_int_eq(n, 7);
	ck_assert_int_eq(sets[0].count[3], 1);
	ck_assert_int_eq(sets[0].dice, 1);
	ck_assert_int_eq(sets[6].dice, 3);
	for (int k = 0; k < n; k++) {
		ck_assert_int_eq(sets[k].points, 0);
		ck_assert_int_eq(sets[k].count[1] + sets[k].count[2] +
				 sets[k].count[4], 0);
	}
	taken[3] = taken[5] = taken[6] = 1;
	ck_assert_int_eq(arena_dice_game_new_faces(roll, taken, sets), 0);
}
END_TEST

/* Whether set a comes strictly before set b as the keeps are listed:
 * fewer dice first, then more of the lowest face where they differ. */
static bool set_before(const struct dice_set *a, const struct dice_set *b)
{
	if (a->dice != b->dice)
		return a->dice < b->dice;
	for (int f = 1; f <= DICE_FACES; f++)
		if (a->count[f] != b->count[f])
			return a->count[f] > b->count[f];
	return false;
}

/* For every pattern of faces shown and faces taken: one set for each
 * non-empty set of faces shown and not taken, one die a face, worth 0,
 * in the keeps' order. */
START_TEST(new_faces_every_pattern)
{
	struct dice_set sets[DICE_MAX_SETS];

	for (int shown = 0; shown < 1 << DICE_FACES; shown++)
		for (int took = 0; took < 1 << DICE_FACES; took++) {
			int roll[DICE_FACES + 1] = {0}, taken[DICE_FACES + 1] = {0};
			int open = shown & ~took, n;

			for (int f = 1; f <= DICE_FACES; f++) {
				roll[f] = shown >> (f - 1) & 1;
				taken[f] = took >> (f - 1) & 1;
			}
			n = arena_dice_game_new_faces(roll, taken, sets);
			ck_assert_int_eq(n, (1 << __builtin_popcount(open)) - 1);
			for (int k = 0; k < n; k++) {
				ck_assert_int_eq(sets[k].points, 0);
				for (int f = 1; f <= DICE_FACES; f++)
					ck_assert_int_le(sets[k].count[f],
							 open >> (f - 1) & 1);
				ck_assert(k == 0 || set_before(&sets[k - 1], &sets[k]));
			}
		}
}
END_TEST

/* Whether dice would score on their own, as bolo5's rule 2.3 asks of the
 * dice left behind: a 1, a 5 or a triple scores, nothing else does. */
START_TEST(scores_alone)
{
	static const struct {
		int count[DICE_FACES + 1];
		bool scores;
	} cases[] = {
		{{0, 0, 2, 0, 0, 0, 0}, false}, {{0, 0, 1, 1, 1, 0, 1}, false},
		{{0, 1, 0, 0, 0, 0, 0}, true}, {{0, 0, 0, 0, 0, 1, 0}, true},
		{{0, 0, 3, 0, 0, 0, 0}, true}, {{0, 0, 2, 0, 2, 0, 0}, false},
		{{0}, false},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_int_eq(arena_dice_game_scores(DICE_BOLO5, cases[i].count),
				 cases[i].scores);
}
END_TEST

/* The least turn total a bank needs (rules 1.5 and 2.4), at the edges. */
START_TEST(bank_thresholds)
{
	static const struct {
		enum dice_rules rules;
		bool opened;
		long score, threshold;
	} cases[] = {
		{DICE_BOLO, false, 0, 1000}, {DICE_BOLO, true, 1000, 0},
		{DICE_BOLO, true, 9950, 0}, {DICE_BOLO5, false, 0, 650},
		{DICE_BOLO5, true, 650, 350}, {DICE_BOLO5, true, 6950, 350},
		{DICE_BOLO5, true, 7000, 750}, {DICE_BOLO5, true, 8950, 750},
		{DICE_BOLO5, true, 9000, 1000}, {DICE_BOLO5, true, 12000, 1000},
		{DICE_VOLLE_LOTTE, false, 0, 0},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_int_eq(arena_dice_game_threshold(cases[i].rules, cases[i].opened,
						 cases[i].score),
				 cases[i].threshold);
}
END_TEST

/* Rolls of n dice (1..7) that offer a keep, out of 6^n, under each rules:
 * the known fractions 1/3, 5/9, 13/18, 91/108, 299/324, 157/162,
 * 3853/3888.  Bolo5 (5 dice) and volle-lotte (6) agree with bolo on the
 * sizes they roll: their extra groups all hold a 1, a 5 or a triple. */
static const long scoring_num[] = {0, 1, 5, 13, 91, 299, 157, 3853};
static const long scoring_den[] = {1, 3, 9, 18, 108, 324, 162, 3888};

START_TEST(scoring_probability)
{
	static const int max_dice[] = {7, 5, 6};
	struct dice_set sets[DICE_MAX_SETS];
	enum dice_rules rules = (enum dice_rules)(_i / DICE_MAX);
	int n = _i % DICE_MAX + 1, faces[DICE_MAX], count[DICE_FACES + 1];
	long outcomes = 1, scoring = 0;

	if (n > max_dice[rules])
		return;
	for (int i = 0; i < n; i++) {
		outcomes *= 6;
		faces[i] = 1;
	}
	for (long o = 0; o < outcomes; o++) {
		arena_dice_game_count(faces, n, count);
		scoring += arena_dice_game_sets(rules, count, sets) > 0;
		for (int i = 0; i < n && ++faces[i] > 6; i++)
			faces[i] = 1;
	}
	ck_assert_msg(scoring * scoring_den[n] == outcomes * scoring_num[n],
		      "%s, %d dice: %ld/%ld score, expected %ld/%ld",
		      rules_names[rules], n, scoring, outcomes,
		      scoring_num[n], scoring_den[n]);
}
END_TEST

/* Gives every keep of `left` more dice, faces from `low` up, in the
 * order of their sorted faces, the next id in *next, checking that
 * arena_dice_keep_id() agrees. */
static void keep_ids_from(int count[DICE_FACES + 1], int left, int low,
			  int *next)
{
	if (left == 0) {
		ck_assert_int_eq(arena_dice_keep_id(count), *next);
		(*next)++;
		return;
	}
	for (int f = low; f <= DICE_FACES; f++) {
		count[f]++;
		keep_ids_from(count, left - 1, f, next);
		count[f]--;
	}
}

/* The fixed ids of keeps (docs/ENVIRONMENT.md): fewest dice first, then
 * by sorted faces, [1] 0, [6] 5, [1,1] 6, ... up to 7 dice. */
START_TEST(keep_ids)
{
	int count[DICE_FACES + 1] = {0}, next = 0;

	for (int n = 1; n <= DICE_MAX; n++) {
		keep_ids_from(count, n, 1, &next);
		ck_assert_int_eq(arena_dice_keep_ids(n), next);
	}
	ck_assert_int_eq(arena_dice_keep_ids(5), 461);
	ck_assert_int_eq(arena_dice_keep_ids(6), 923);
	ck_assert_int_eq(arena_dice_keep_ids(7), 1715);
	ck_assert_int_eq(arena_dice_keep_id((const int[]){0, 0, 0, 0, 0, 0, 1}), 5);
	ck_assert_int_eq(arena_dice_keep_id((const int[]){0, 1, 1, 0, 0, 0, 0}), 7);
}
END_TEST

/* Each keep id's faces (arena_dice_keep_count) have that id, and every
 * roll of 1 to 7 dice (each a keep's multiset) has from the table of
 * arena_dice_roll_sets() the very sets of arena_dice_game_sets(), in
 * their order, in each game's rules, and scores (arena_dice_game_scores)
 * exactly when it has some. */
START_TEST(roll_sets_table)
{
	struct dice_set want[DICE_MAX_SETS], got[DICE_MAX_SETS];
	int count[DICE_FACES + 1];

	for (int id = 0; id < arena_dice_keep_ids(DICE_MAX); id++) {
		arena_dice_keep_count(id, count);
		ck_assert_int_eq(count[0], 0);
		ck_assert_int_eq(arena_dice_keep_id(count), id);
		for (int rules = DICE_BOLO; rules <= DICE_VOLLE_LOTTE; rules++) {
			int n = arena_dice_game_sets(rules, count, want);

			ck_assert_int_eq(arena_dice_game_scores(rules, count), n > 0);
			ck_assert_int_eq(arena_dice_roll_sets(rules, count, got), n);
			ck_assert_msg(!memcmp(want, got, (size_t)n * sizeof *got),
				      "roll %d, rules %d: other sets", id, rules);
		}
	}
	memset(count, 0, sizeof count);
	ck_assert_int_eq(arena_dice_roll_sets(DICE_BOLO, count, got), 0);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("dice");
	TCase *scoring = tcase_create("scoring"), *odds = tcase_create("odds");

	tcase_add_loop_test(scoring, score_table, 0,
			    sizeof score_cases / sizeof score_cases[0]);
	tcase_add_test(scoring, score_table_size);
	tcase_add_loop_test(scoring, sets_table, 0,
			    sizeof sets_cases / sizeof sets_cases[0]);
	tcase_add_test(scoring, sets_distinct);
	tcase_add_test(scoring, new_faces);
	tcase_add_test(scoring, new_faces_every_pattern);
	tcase_add_test(scoring, scores_alone);
	tcase_add_test(scoring, bank_thresholds);
	tcase_add_test(scoring, keep_ids);
	tcase_add_test(scoring, roll_sets_table);
	suite_add_tcase(s, scoring);
	tcase_set_timeout(odds, 30);
	tcase_add_loop_test(odds, scoring_probability, 0, 3 * DICE_MAX);
	suite_add_tcase(s, odds);
	return s;
}
