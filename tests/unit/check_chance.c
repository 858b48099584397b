/*
 * Unit tests for explicit chance (games/chance.c) as a C bot that
 * simulates uses it: the multisets of a roll ranked and their exact
 * probabilities, a bolo game created and stepped with chosen dice
 * (arena_chance_trial, arena_chance_apply_move), and the fast
 * generator's range.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/chance.h"
#include "games/dice.h"
#include "games/draws_fast.h"
#include "games/registry.h"
#include "run_suite.h"

START_TEST(multisets_and_probabilities)
{
	struct chance_script script;
	int faces[7], outcomes;
	double sum = 0;

	arena_chance_script_init(&script, &arena_bolo_rules);
	script.request = (struct chance_request){ DRAW_DICE, 7, 0 };
	outcomes = arena_chance_outcomes(&script);
	ck_assert_int_eq(outcomes, 792);
	arena_chance_faces(7, 0, faces);
	for (int i = 0; i < 7; i++)
		ck_assert_int_eq(faces[i], 1);
	arena_chance_faces(7, 791, faces);
	for (int i = 0; i < 7; i++)
		ck_assert_int_eq(faces[i], 6);
	arena_chance_faces(7, 1, faces);
	ck_assert_int_eq(faces[6], 2);
	for (int i = 0; i < outcomes; i++)
		sum += arena_chance_probability(&script, i);
	ck_assert(fabs(sum - 1) < 1e-12);
	ck_assert(arena_chance_probability(&script, 0) == 1.0 / 279936);
	ck_assert(arena_chance_probability(&script, 1) == 7.0 / 279936);
	/* one die at a time where the order shows */
	arena_chance_script_init(&script, &arena_black_pot_rules);
	script.request = (struct chance_request){ DRAW_DICE, 3, 1 };
	ck_assert_int_eq(arena_chance_outcomes(&script), 6);
	ck_assert(arena_chance_probability(&script, 5) == 1.0 / 6);
	script.request = (struct chance_request){ DRAW_SHUFFLE, 56, 10 };
	ck_assert_int_eq(arena_chance_outcomes(&script), 46);
	ck_assert_int_eq(arena_chance_choose(&script, 46), -1);
}
END_TEST

/* The roll waiting in a bolo state, ascending, from its view. */
static void view_roll(void *state, int *faces, int *count)
{
	cJSON *view = arena_bolo_rules.view(state, 0), *face;

	*count = 0;
	cJSON_ArrayForEach(face, cJSON_GetObjectItemCaseSensitive(view, "roll"))
		faces[(*count)++] = face->valueint;
	cJSON_Delete(view);
}

START_TEST(a_bolo_game_with_chosen_dice)
{
	static const unsigned char key[32];
	const struct game_rules *rules = &arena_bolo_rules;
	cJSON *options = cJSON_Parse("{\"target\": 10000, \"first\": \"seat0\"}");
	struct game_setup setup = { .players = 2, .options = options };
	struct chance_script script;
	struct draws draws, trial;
	int faces[7], count, moves[GAME_MAX_MOVES], n;
	char err[GAME_ERR_LEN];
	void *state, *after = malloc(rules->state_size);

	arena_draws_init(&draws, key, NULL, NULL);
	arena_chance_script_init(&script, rules);
	trial = draws;
	arena_chance_trial(&script, &trial);
	rules->destroy(rules->create(&setup, &trial, err));
	ck_assert(script.asked);    /* create() rolls the first 7 dice */
	ck_assert_int_eq(script.request.kind, DRAW_DICE);
	ck_assert_int_eq((int)script.request.param, 7);
	ck_assert_int_eq(arena_chance_choose(&script, 1), 0);
	arena_chance_trial(&script, &draws);
	state = rules->create(&setup, &draws, err);
	ck_assert(!script.asked);
	view_roll(state, faces, &count);
	ck_assert_int_eq(count, 7);
	ck_assert_int_eq(faces[0], 1);
	ck_assert_int_eq(faces[6], 2);
	/* keep the 1 (id 0), then roll the six left: a chance node */
	script.count = 0;
	ck_assert(arena_chance_apply_move(rules, state, 0, &script, &draws,
					  after));
	memcpy(state, after, rules->state_size);
	n = rules->moves(state, moves);
	ck_assert_int_eq(moves[n - 1], arena_dice_keep_ids(7) + 1);
	ck_assert(!arena_chance_apply_move(rules, state, moves[n - 1], &script,
					   &draws, after));
	ck_assert_int_eq((int)script.request.param, 6);
	ck_assert_int_eq(arena_chance_choose(&script, 461), 0);
	ck_assert(arena_chance_apply_move(rules, state, moves[n - 1], &script,
					  &draws, after));
	view_roll(after, faces, &count);
	ck_assert_int_eq(count, 6);
	for (int i = 0; i < 6; i++)
		ck_assert_int_eq(faces[i], 6);
	rules->destroy(state);
	free(after);
	cJSON_Delete(options);
}
END_TEST

START_TEST(fast_values_in_range)
{
	static const unsigned char seed[32] = { 1 };
	struct draws draws;
	struct draws_fast fast;
	int seen[6] = {0}, faces[7];

	arena_draws_init(&draws, seed, NULL, NULL);
	arena_draws_fast(&draws, &fast, seed);
	for (int i = 0; i < 600; i++) {
		arena_draws_dice(&draws, 7, faces);
		for (int k = 0; k < 7; k++) {
			ck_assert(faces[k] >= 1 && faces[k] <= 6);
			seen[faces[k] - 1]++;
		}
	}
	for (int f = 0; f < 6; f++)
		ck_assert(seen[f] > 500 && seen[f] < 900);
	ck_assert_uint_lt(arena_draws_fast_uniform(&fast, 1), 1);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("chance");
	TCase *c = tcase_create("chance");

	tcase_add_test(c, multisets_and_probabilities);
	tcase_add_test(c, a_bolo_game_with_chosen_dice);
	tcase_add_test(c, fast_values_in_range);
	suite_add_tcase(s, c);
	return s;
}
