/*
 * Unit tests for verify_sets.c's seatings: the games of a duplicate set seat the
 * same bots, known by name and command, in n different rotations of game
 * 0's seating; a set seated twice the same way, with another bot in a
 * seat (another name, or a name run with another command) or with a
 * seating that is not a rotation is refused with its exact problem, in 2,
 * 3 and 4 players, whatever the order the games come in.
 */
#include <string.h>

#include "base/verify_sets.h"
#include "run_suite.h"

#define CMD_A "./a"
#define CMD_B "./b --depth 3"
#define CMD_C "python3 c.py"
#define CMD_D "./d"

static char what[4096];

/* Game `game` of a set, at "gK.jsonl", seating the bots named by the
 * letters of `names` ('a' to 'd', each run with its own command). */
static struct verify_seating seating(long game, const char *names)
{
	static const char *const all[] = {"a", "b", "c", "d"};
	static const char *const commands[] = {CMD_A, CMD_B, CMD_C, CMD_D};
	static const char *const paths[] = {"g0.jsonl", "g1.jsonl", "g2.jsonl", "g3.jsonl"};
	struct verify_seating g = {.game = game, .path = paths[game],
				   .seats = (int)strlen(names)};

	for (int s = 0; s < g.seats; s++) {
		g.name[s] = all[names[s] - 'a'];
		g.command[s] = commands[names[s] - 'a'];
	}
	return g;
}

static bool check(const struct verify_seating *games, size_t count)
{
	what[0] = '\0';
	return verify_seatings_problem(games, count, what, sizeof what);
}

START_TEST(every_rotation_once_passes)
{
	struct verify_seating two[] = {seating(0, "ab"), seating(1, "ba")};
	struct verify_seating three[] = {seating(0, "abc"), seating(1, "bca"),
					 seating(2, "cab")};
	/* Any order of the rotations, and of the logs. */
	struct verify_seating shuffled[] = {seating(2, "bca"), seating(0, "abc"),
					    seating(1, "cab")};
	struct verify_seating four[] = {seating(0, "abcd"), seating(1, "dabc"),
					seating(2, "cdab"), seating(3, "bcda")};
	struct verify_seating alone[] = {seating(0, "abc")};

	ck_assert(!check(two, 2));
	ck_assert(!check(three, 3));
	ck_assert(!check(shuffled, 3));
	ck_assert(!check(four, 4));
	ck_assert(!check(alone, 1));
	ck_assert_str_eq(what, "");
}
END_TEST

START_TEST(a_set_seated_twice_the_same_way)
{
	struct verify_seating two[] = {seating(0, "ab"), seating(1, "ab")};
	struct verify_seating three[] = {seating(0, "abc"), seating(1, "bca"),
					 seating(2, "bca")};

	ck_assert(check(two, 2));
	ck_assert_str_eq(what, "games 0 (g0.jsonl) and 1 (g1.jsonl) seat the bots the "
			 "same way, a, b: each game of a set seats them in a rotation "
			 "of its own");
	ck_assert(check(three, 3));
	ck_assert_str_eq(what, "games 1 (g1.jsonl) and 2 (g2.jsonl) seat the bots the "
			 "same way, b, c, a: each game of a set seats them in a "
			 "rotation of its own");
}
END_TEST

START_TEST(another_bot_in_a_seat)
{
	struct verify_seating named[] = {seating(0, "abc"), seating(1, "bda"),
					 seating(2, "cab")};
	struct verify_seating commanded[] = {seating(0, "ab"), seating(1, "ba")};

	ck_assert(check(named, 3));
	ck_assert_str_eq(what, "game 1 (g1.jsonl) seats \"d\" in seat 1, a bot not at "
			 "game 0's table (g0.jsonl: a, b, c)");
	/* The same name, run with another command. */
	commanded[1].command[0] = CMD_D;
	ck_assert(check(commanded, 2));
	ck_assert_str_eq(what, "game 1 (g1.jsonl) runs \"b\" with the command \"" CMD_D
			 "\", game 0 (g0.jsonl) with \"" CMD_B "\": another bot");
}
END_TEST

START_TEST(a_seating_not_a_rotation)
{
	struct verify_seating three[] = {seating(0, "abc"), seating(1, "acb"),
					 seating(2, "cab")};
	struct verify_seating four[] = {seating(0, "abcd"), seating(1, "dabc"),
					seating(2, "cdab"), seating(3, "bdca")};
	/* Game 0's bots, one of them twice. */
	struct verify_seating twice[] = {seating(0, "ab"), seating(1, "bb")};

	ck_assert(check(three, 3));
	ck_assert_str_eq(what, "game 1 (g1.jsonl) seats a, c, b: not a rotation of "
			 "game 0's seating, a, b, c (g0.jsonl)");
	ck_assert(check(four, 4));
	ck_assert_str_eq(what, "game 3 (g3.jsonl) seats b, d, c, a: not a rotation of "
			 "game 0's seating, a, b, c, d (g0.jsonl)");
	ck_assert(check(twice, 2));
	ck_assert_str_eq(what, "game 1 (g1.jsonl) seats b, b: not a rotation of "
			 "game 0's seating, a, b (g0.jsonl)");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("verify_seatings");
	TCase *tc = tcase_create("seatings");

	tcase_add_test(tc, every_rotation_once_passes);
	tcase_add_test(tc, a_set_seated_twice_the_same_way);
	tcase_add_test(tc, another_bot_in_a_seat);
	tcase_add_test(tc, a_seating_not_a_rotation);
	suite_add_tcase(s, tc);
	return s;
}
