/*
 * Unit tests for swiss.c: the exact pairings, byes and seats of small
 * fields whose results are made up round by round (the lower numbered
 * bot wins, unless a test says otherwise): top half against bottom half,
 * the bye of an odd field to the lowest bot without one, a floater down
 * to the next score group, repeats avoided, seats alternated; and, for a
 * field of 64 and 65 bots, that no pair meets twice and no bot has two
 * byes; with more rounds than bots, that the byes go round; a bot left
 * out (--skip-broken) paired in no round, its board left empty; the
 * standings a Swiss run's ladder leads with, exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/swiss.h"
#include "plan/swiss_standings.h"
#include "run/tournament_peers.h"
#include "run_suite.h"

/* Made-up results: game ranks from the pairing being planned. */
struct results {
	const struct swiss_field *field;
	const struct swiss_plan *plan;  /* the one swiss_plan() fills */
	int rounds_played;              /* results exist for these */
	bool draws;                     /* every game drawn */
	bool upsets;                    /* the higher numbered bot wins */
};

static bool ranks_of(void *ctx, long game, int ranks[2])
{
	const struct results *r = ctx;
	long per_round = (long)r->plan->boards * r->field->games;
	int round = (int)((game - 1) / per_round), seating[2];
	int board = (int)((game - 1) % per_round / r->field->games);
	int g = (int)((game - 1) % r->field->games);

	if (round >= r->rounds_played)
		return false;
	swiss_seating(r->plan->pairs[round * r->plan->boards + board], g, seating);
	ranks[0] = ranks[1] = 1;
	if (!r->draws)
		ranks[(seating[0] < seating[1]) == r->upsets ? 0 : 1] = 2;
	return true;
}

/* Plans `field` with `played` rounds of results; `want` lists each
 * paired round as "a-b c-d bye:e" (first seated bot first), rounds
 * separated by " | ". */
static void expect_plan(const struct swiss_field *field, struct results *r,
			const char *want)
{
	struct swiss_plan plan;
	char got[1024] = "";
	size_t len = 0;

	r->field = field;
	r->plan = &plan;
	swiss_plan(field, ranks_of, r, &plan);
	for (int round = 0; round < plan.paired; round++) {
		for (int b = 0; b < plan.boards; b++) {
			const int *p = plan.pairs[round * plan.boards + b];

			len += (size_t)snprintf(got + len, sizeof got - len, "%s%d-%d",
						round || b ? (b ? " " : " | ") : "", p[0], p[1]);
		}
		if (plan.bye[round] >= 0)
			len += (size_t)snprintf(got + len, sizeof got - len, " bye:%d",
						plan.bye[round]);
	}
	ck_assert_str_eq(got, want);
	swiss_plan_free(&plan);
}

START_TEST(round_one_is_top_half_against_bottom_half)
{
	struct swiss_field field = {.bots = 6, .rounds = 3, .games = 1};
	struct results r = {0};

	/* Boards alternate who sits first. */
	expect_plan(&field, &r, "0-3 4-1 2-5");
}
END_TEST

START_TEST(odd_field_gives_each_bye_once_to_the_lowest)
{
	struct swiss_field field = {.bots = 5, .rounds = 3, .games = 1};
	struct results r = {.rounds_played = 3};

	/* Round 2: 0, 1 and the bye's 4 lead; 3 is the lowest without a
	 * bye.  Round 3: 3 and 4 had one, so 2 gets it. */
	expect_plan(&field, &r, "0-2 3-1 bye:4 | 1-0 2-4 bye:3 | 0-3 4-1 bye:2");
}
END_TEST

START_TEST(a_bot_left_out_is_never_paired)
{
	static const bool absent[6] = {[3] = true};
	struct swiss_field field = {.bots = 6, .rounds = 3, .games = 1, .absent = absent};
	struct results r = {.rounds_played = 3};

	/* The five there, paired as the field of five above (3 and 4 there
	 * are 4 and 5 here), on the first two boards; the third is empty. */
	expect_plan(&field, &r, "0-2 4-1 -1--1 bye:5 | 1-0 2-5 -1--1 bye:4 | "
		    "0-4 5-1 -1--1 bye:2");
	ck_assert(!swiss_board_empty(&field, 1));
	ck_assert(swiss_board_empty(&field, 2));
	field.absent = NULL;
	ck_assert(!swiss_board_empty(&field, 2));
}
END_TEST

START_TEST(a_floater_meets_the_top_of_the_group_below)
{
	struct swiss_field field = {.bots = 6, .rounds = 2, .games = 1};
	struct results r = {.rounds_played = 1};

	/* 0, 1, 2 won: 0 meets 1, and 2 floats down to 3, the highest of
	 * the losers; 4 meets 5. */
	expect_plan(&field, &r, "0-3 4-1 2-5 | 1-0 3-2 5-4");
}
END_TEST

START_TEST(no_pair_meets_twice_while_it_can_be_avoided)
{
	struct swiss_field field = {.bots = 4, .rounds = 4, .games = 1};
	struct results r = {.rounds_played = 3};

	/* Round 3: 0 leads alone and has met 2 and 1, so it meets 3.
	 * Round 4: everyone met everyone; a repeat is the only way. */
	expect_plan(&field, &r, "0-2 3-1 | 1-0 2-3 | 0-3 2-1 | 1-0 3-2");
}
END_TEST

START_TEST(seats_alternate)
{
	struct swiss_field field = {.bots = 4, .rounds = 3, .games = 1};
	struct results r = {.rounds_played = 3, .draws = true};

	/* All drawn, so one score group.  Round 2: 0 has met 2, so meets
	 * 3; both sat first, and the higher ranked 0 gets the seat it
	 * needs, second.  Round 3: 0 and 1 alternate; 2 sat second twice
	 * and 3 first twice. */
	expect_plan(&field, &r, "0-2 3-1 | 3-0 1-2 | 0-1 2-3");
}
END_TEST

START_TEST(a_pairing_of_several_games_is_won_on_game_points)
{
	struct swiss_field field = {.bots = 4, .rounds = 2, .games = 2};
	struct results r = {.rounds_played = 2, .upsets = true};
	struct swiss_plan plan;
	int seating[2];

	swiss_seating((int[]){3, 1}, 0, seating);
	ck_assert_int_eq(seating[0], 3);
	ck_assert_int_eq(seating[1], 1);
	swiss_seating((int[]){3, 1}, 1, seating);
	ck_assert_int_eq(seating[0], 1);
	ck_assert_int_eq(seating[1], 3);
	ck_assert_int_eq(swiss_game_number(&field, 1, 1, 1), 8);
	/* The higher number wins both games of each pairing. */
	expect_plan(&field, &r, "0-2 3-1 | 2-3 1-0");
	r.field = &field;
	r.plan = &plan;
	swiss_plan(&field, ranks_of, &r, &plan);
	/* In half points: 3 won twice, 2 and 1 once, 0 never. */
	ck_assert_int_eq(plan.score[0], 0);
	ck_assert_int_eq(plan.score[1], 2);
	ck_assert_int_eq(plan.score[2], 2);
	ck_assert_int_eq(plan.score[3], 4);
	/* Opponents' scores: 0 met 2 and 1, 3 met 1 and 2, ... */
	ck_assert_int_eq(plan.buchholz[0], 4);
	ck_assert_int_eq(plan.buchholz[1], 4);
	ck_assert_int_eq(plan.buchholz[2], 4);
	ck_assert_int_eq(plan.buchholz[3], 4);
	swiss_plan_free(&plan);
}
END_TEST

START_TEST(a_round_waits_for_every_result_before_it)
{
	struct swiss_field field = {.bots = 6, .rounds = 5, .games = 1};
	struct results r = {.rounds_played = 2};
	struct swiss_plan plan;

	r.field = &field;
	r.plan = &plan;
	swiss_plan(&field, ranks_of, &r, &plan);
	ck_assert_int_eq(plan.paired, 3);
	swiss_plan_free(&plan);
}
END_TEST

/* A big field: no pair twice, each bot once a round, a bye at most once. */
static void check_big(int bots, int rounds)
{
	struct swiss_field field = {.bots = bots, .rounds = rounds, .games = 1};
	struct results r = {.field = &field, .rounds_played = rounds};
	struct swiss_plan plan;
	char *met = calloc((size_t)bots * (size_t)bots, 1);
	int *byes = calloc((size_t)bots, sizeof *byes);

	r.plan = &plan;
	swiss_plan(&field, ranks_of, &r, &plan);
	ck_assert_int_eq(plan.paired, rounds);
	for (int round = 0; round < rounds; round++) {
		char *seen = calloc((size_t)bots, 1);

		for (int b = 0; b < plan.boards; b++) {
			const int *p = plan.pairs[round * plan.boards + b];

			ck_assert(!met[p[0] * bots + p[1]]);
			met[p[0] * bots + p[1]] = met[p[1] * bots + p[0]] = 1;
			ck_assert(!seen[p[0]] && !seen[p[1]]);
			seen[p[0]] = seen[p[1]] = 1;
		}
		if (bots % 2)
			ck_assert_int_eq(++byes[plan.bye[round]], 1);
		else
			ck_assert_int_eq(plan.bye[round], -1);
		free(seen);
	}
	free(met);
	free(byes);
	swiss_plan_free(&plan);
}

START_TEST(a_field_of_64_and_of_65)
{
	check_big(64, 7);
	check_big(65, 7);
}
END_TEST

START_TEST(more_rounds_than_bots)
{
	struct swiss_field field = {.bots = 5, .rounds = 12, .games = 1};
	struct results r = {.field = &field, .rounds_played = 12};
	struct swiss_plan plan;
	int byes[5] = {0};

	r.plan = &plan;
	swiss_plan(&field, ranks_of, &r, &plan);
	ck_assert_int_eq(plan.paired, 12);
	/* Every pair of 5 bots has met after 5 rounds: repeats from then
	 * on; the byes go round, none twice before each had one. */
	for (int round = 0; round < 12; round++) {
		int least = 12, most = 0;

		byes[plan.bye[round]]++;
		for (int b = 0; b < 5; b++) {
			least = byes[b] < least ? byes[b] : least;
			most = byes[b] > most ? byes[b] : most;
		}
		ck_assert_int_le(most - least, 1);
	}
	swiss_plan_free(&plan);
}
END_TEST

/* A sharded Swiss's peers are the folders named with their numbers
 * where its own --out ends in its number (docs/TOURNAMENTS.md). */
/* The standings of `field` with the results `r` makes up, printed (into
 * *text, to be freed) and as JSON (returned, to be deleted). */
static cJSON *standings_of(const struct swiss_field *field, struct results *r,
			   const char *event, char *const *names, char **text)
{
	struct swiss_plan plan;
	size_t len = 0;
	FILE *out = open_memstream(text, &len);
	cJSON *standings;

	r->field = field;
	r->plan = &plan;
	swiss_plan(field, ranks_of, r, &plan);
	standings = swiss_standings_json(event, field, &plan, names);
	swiss_standings_print(out, standings);
	fclose(out);
	swiss_plan_free(&plan);
	return standings;
}

/* The standings a Swiss run's ladder and report lead with, after two of
 * three rounds of the odd field above (its third round paired, not
 * played): by points, then Buchholz, then pairing number. */
START_TEST(standings_by_points_then_buchholz)
{
	struct swiss_field field = {.bots = 5, .rounds = 3, .games = 1};
	struct results r = {.rounds_played = 2};
	char *const names[] = {"ann", "bob", "cy", "dee", "eve"};
	char *text, *row;
	cJSON *standings = standings_of(&field, &r, "club", names, &text);

	ck_assert_str_eq(text,
		"Swiss standings of club after 2 of 3 rounds\n"
		"rank  bot  points  Buchholz  round 1   round 2   round 3\n"
		"   1  ann     2/2       2.0  +cy (1)   +bob (2)  ?dee (1)\n"
		"   2  bob     1/2       3.0  +dee (2)  -ann (1)  ?eve (2)\n"
		"   3  cy      1/2       3.0  -ann (2)  +eve (1)  bye?\n"
		"   4  dee     1/2       1.0  -bob (1)  bye       ?ann (2)\n"
		"   5  eve     1/2       1.0  bye       -cy (2)   ?bob (1)\n");
	row = cJSON_PrintUnformatted(cJSON_GetArrayItem(
		cJSON_GetObjectItem(standings, "standings"), 3));
	ck_assert_str_eq(row, "{\"rank\":4,\"bot\":\"dee\",\"points\":1,\"buchholz\":1,"
			 "\"rounds\":[{\"round\":1,\"opponent\":\"bob\",\"seat\":1,\"result\":0},"
			 "{\"round\":2,\"bye\":true,\"result\":1},"
			 "{\"round\":3,\"opponent\":\"ann\",\"seat\":2,\"result\":null}]}");
	free(row);
	free(text);
	cJSON_Delete(standings);
}
END_TEST

/* Half points as ½, and a drawn pairing as =. */
START_TEST(standings_of_draws_in_half_points)
{
	struct swiss_field field = {.bots = 3, .rounds = 1, .games = 2};
	struct results r = {.rounds_played = 1, .draws = true};
	char *const names[] = {"a", "b", "c"};
	char *text;
	cJSON *standings = standings_of(&field, &r, "", names, &text);

	ck_assert_str_eq(text,
		"Swiss standings after 1 of 1 rounds\n"
		"rank  bot  points  Buchholz  round 1\n"
		"   1  c       1/1       0.0  bye\n"
		"   2  a       \u00bd/1       0.5  =b (1)\n"
		"   3  b       \u00bd/1       0.5  =a (2)\n");
	free(text);
	cJSON_Delete(standings);
}
END_TEST

START_TEST(a_shard_finds_its_peers_by_number)
{
	char *dir = tournament_peer_dir("out/club/shard-2", 2, 3);

	ck_assert_str_eq(dir, "out/club/shard-3");
	free(dir);
	dir = tournament_peer_dir("out/shard12/", 12, 1);
	ck_assert_str_eq(dir, "out/shard1");
	free(dir);
	ck_assert_ptr_null(tournament_peer_dir("out/shard-12", 2, 1));
	ck_assert_ptr_null(tournament_peer_dir("out/shard-2b", 2, 1));
	ck_assert_ptr_null(tournament_peer_dir("out/club", 1, 2));
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("swiss");
	TCase *pairs = tcase_create("pairs");

	tcase_add_test(pairs, round_one_is_top_half_against_bottom_half);
	tcase_add_test(pairs, odd_field_gives_each_bye_once_to_the_lowest);
	tcase_add_test(pairs, a_bot_left_out_is_never_paired);
	tcase_add_test(pairs, a_floater_meets_the_top_of_the_group_below);
	tcase_add_test(pairs, no_pair_meets_twice_while_it_can_be_avoided);
	tcase_add_test(pairs, seats_alternate);
	tcase_add_test(pairs, a_pairing_of_several_games_is_won_on_game_points);
	tcase_add_test(pairs, a_round_waits_for_every_result_before_it);
	tcase_add_test(pairs, a_field_of_64_and_of_65);
	tcase_add_test(pairs, more_rounds_than_bots);
	tcase_add_test(pairs, a_shard_finds_its_peers_by_number);
	tcase_add_test(pairs, standings_by_points_then_buchholz);
	tcase_add_test(pairs, standings_of_draws_in_half_points);
	suite_add_tcase(s, pairs);
	return s;
}
