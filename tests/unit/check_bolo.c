/*
 * Unit tests for bolo and bolo5 (games/bolo.c, bolo5.c): the rule
 * cases of tests/cases/bolo.txt and tests/cases/bolo5.txt, one test per
 * case, run by the interpreter of dice_cases.c with loaded dice; then
 * whole games through the rules tables alone for every number of players,
 * with and without a forfeit, and the option tables.
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "dice_cases.h"
#include "game_start.h"
#include "games/dice.h"
#include "games/registry.h"
#include "rules_table_text.h"
#include "run_suite.h"

static const struct game_rules *const bolo_games[] = {
	&arena_bolo_rules, &arena_bolo5_rules, NULL,
};

static const struct dice_cases bolo_cases = {
	.table = "bolo.txt", .games = bolo_games,
};
static const struct dice_cases bolo5_cases = {
	.table = "bolo5.txt", .games = bolo_games,
};

START_TEST(bolo_case)
{
	ck_assert_int_ge(sodium_init(), 0);
	dice_cases_run(&bolo_cases, _i);
}
END_TEST

START_TEST(bolo5_case)
{
	ck_assert_int_ge(sodium_init(), 0);
	dice_cases_run(&bolo5_cases, _i);
}
END_TEST

/* _i: players 2..8 (_i / 4 + 2), legal[0] or random, with or without a
 * forfeit; bolo then bolo5. */
START_TEST(full_games)
{
	int players = _i / 4 + 2, pick = _i % 2;
	int quitter = _i % 4 >= 2 ? (int)((unsigned)_i % (unsigned)players) : -1;

	ck_assert_int_ge(sodium_init(), 0);
	for (unsigned seed = 1; seed <= 2; seed++) {
		dice_cases_play(&arena_bolo_rules, players, seed + 100u * (unsigned)_i,
				pick, quitter);
		dice_cases_play(&arena_bolo5_rules, players, seed + 100u * (unsigned)_i,
				pick, quitter);
	}
}
END_TEST

/* A game of `rules` for 2 with default options on a zero key. */
static void *start_game(const struct game_rules *rules, struct draws *draws)
{
	cJSON *options = cJSON_CreateObject();
	void *state;

	cJSON_AddNumberToObject(options, "target", 10000);
	cJSON_AddStringToObject(options, "yahtzee_clause", "off");
	state = game_start(rules, 2, options, draws);
	cJSON_Delete(options);
	return state;
}

/* The rules' text rendering of `state` is `want`. */
static void render_is(const struct game_rules *rules, const void *state,
		      const char *want)
{
	char *text = rules->render(state);

	ck_assert_str_eq(text, want);
	free(text);
}

START_TEST(render_text)
{
	static const int faces[] = {1, 1, 5, 2, 3, 4, 6, 5, 5, 2, 2, 3};
	struct draws draws;
	void *state = start_game(&arena_bolo_rules, &draws);
	cJSON *keep = cJSON_Parse("{\"keep\":[1]}");

	ck_assert_int_ge(sodium_init(), 0);
	arena_dice_game_preset(state, 0, 1200, true);
	arena_dice_game_load(state, faces, 7);
	arena_dice_game_start(state, &draws, 1);
	render_is(&arena_bolo_rules, state, "scores: 1200 0\n"
		  "seat 1 to move, turn total 0, roll 1 1 2 3 4 5 6, set aside []\n");
	ck_assert_int_eq(arena_bolo_rules.apply(state, keep, &draws, NULL), 0);
	render_is(&arena_bolo_rules, state, "scores: 1200 0\n"
		  "seat 1 to move, turn total 100, 6 dice to roll, set aside [1]\n");
	arena_bolo_rules.destroy(state);
	state = start_game(&arena_bolo5_rules, &draws);
	arena_dice_game_load(state, faces + 7, 5);
	arena_dice_game_start(state, &draws, 0);
	arena_bolo5_rules.forfeit(state, 1, &draws);
	render_is(&arena_bolo5_rules, state, "scores: 0 0(out)\n"
		  "seat 0 to move, turn total 0, roll 2 2 3 5 5, set aside []\n");
	arena_bolo5_rules.destroy(state);
	cJSON_Delete(keep);
}
END_TEST

/* One die left is "1 die", not "1 dice". */
START_TEST(render_one_die)
{
	static const int faces[] = {1, 1, 1, 5, 5, 5, 2};
	struct draws draws;
	void *state = start_game(&arena_bolo_rules, &draws);
	cJSON *keep = cJSON_Parse("{\"keep\":[1,1,1,5,5,5]}");

	arena_dice_game_load(state, faces, 7);
	arena_dice_game_start(state, &draws, 0);
	ck_assert_int_eq(arena_bolo_rules.apply(state, keep, &draws, NULL), 0);
	render_is(&arena_bolo_rules, state, "scores: 0 0\n"
		  "seat 0 to move, turn total 1500, 1 die to roll, set aside [1 1 1 5 5 5]\n");
	arena_bolo_rules.destroy(state);
	cJSON_Delete(keep);
}
END_TEST

/* The id of `text` (an action as a bot writes it) in `state`. */
static int action_id(const void *state, const char *text)
{
	cJSON *action = cJSON_Parse(text);
	int id = arena_dice_game_action_id(state, action);

	cJSON_Delete(action);
	return id;
}

/* arena_dice_game_action_id() undoes arena_dice_game_action_json() for
 * every id of bolo (7 dice) and bolo5 (5 dice), takes a keep's faces in
 * any order, and gives -1 for what is no action of the game. */
START_TEST(action_ids)
{
	const struct game_rules *games[] = {&arena_bolo_rules, &arena_bolo5_rules};
	struct draws draws;

	for (int k = 0; k < 2; k++) {
		void *state = start_game(games[k], &draws);

		for (int id = 0; id < arena_dice_game_actions(state); id++) {
			cJSON *json = arena_dice_game_action_json(state, id);

			ck_assert_int_eq(arena_dice_game_action_id(state, json), id);
			cJSON_Delete(json);
		}
		ck_assert_int_eq(action_id(state, "{\"keep\":[5,1,1]}"),
				 action_id(state, "{\"keep\":[1,1,5]}"));
		ck_assert_int_eq(action_id(state, "\"roll\""),
				 arena_dice_keep_ids(k ? 5 : 7) + 1);
		ck_assert_int_eq(action_id(state, "\"fold\""), -1);
		ck_assert_int_eq(action_id(state, "{\"keep\":[7]}"), -1);
		ck_assert_int_eq(action_id(state, "{\"keep\":[1],\"x\":1}"), -1);
		ck_assert_int_eq(action_id(state, "3"), -1);
		/* six dice: a keep of bolo's, none of bolo5's */
		ck_assert_int_eq(action_id(state, "{\"keep\":[1,1,1,1,1,1]}"),
				 k ? -1 : arena_dice_keep_ids(5));
		games[k]->destroy(state);
	}
}
END_TEST

START_TEST(rules_tables)
{
	ck_assert_str_eq(rules_table_text(&arena_bolo_rules),
			 "bolo (Bolo (7 dice)) bolo/2, 2-8 players; target=10000 {1000..1000000}");
	ck_assert_str_eq(rules_table_text(&arena_bolo5_rules),
			 "bolo5 (Bolo (5 dice, house rules)) bolo5/2, 2-8 players; "
			 "target=10000 {1000..1000000}; yahtzee_clause=off [off|on]");
}
END_TEST

/* create() refusals the option tables cannot express. */
START_TEST(create_refusals)
{
	cJSON *options = cJSON_CreateObject();

	cJSON_AddNumberToObject(options, "target", 10000);
	ck_assert_str_eq(game_refusal(&arena_bolo_rules, 9, 0, options),
			 "the game is for 2 to 8 players, not 9");
	ck_assert_str_eq(game_refusal(&arena_bolo_rules, 2, 2, options),
			 "seat 2 is not a seat of 2 players");
	ck_assert_str_eq(game_refusal(&arena_bolo5_rules, 2, 0, options),
			 "yahtzee_clause must be on or off");
	cJSON_DeleteItemFromObject(options, "target");
	ck_assert_str_eq(game_refusal(&arena_bolo_rules, 2, 0, options),
			 "target must be a positive whole number of points");
	cJSON_Delete(options);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("bolo");
	TCase *cases = tcase_create("cases"), *games = tcase_create("games");

	tcase_add_loop_test(cases, bolo_case, 0, dice_cases_count(&bolo_cases));
	tcase_add_loop_test(cases, bolo5_case, 0,
			    dice_cases_count(&bolo5_cases));
	suite_add_tcase(s, cases);
	tcase_set_timeout(games, 30);
	tcase_add_loop_test(games, full_games, 0, 7 * 4);
	tcase_add_test(games, action_ids);
	tcase_add_test(games, rules_tables);
	tcase_add_test(games, render_text);
	tcase_add_test(games, render_one_die);
	tcase_add_test(games, create_refusals);
	suite_add_tcase(s, games);
	return s;
}
