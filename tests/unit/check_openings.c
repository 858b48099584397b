/*
 * Unit tests for openings.c: the known-answer opening of docs/FAIRNESS.md
 * (tests/tools/kat.py computes the same moves with its own Rolit), which games
 * take openings, an opening that would end the game, and an opening that
 * stops when the game ends.
 */
#include <stdio.h>

#include "base/openings.h"
#include "base/options.h"
#include "base/util.h"
#include "games/registry.h"
#include "run_suite.h"

static char err[ERR_LEN];

/* K of the known-answer vectors (docs/FAIRNESS.md). */
static const char kat_k[] =
	"14ffa17d9437a87e2b3a979fb3c214fdf42cf7ec8d352f373890bae6a4e301c8";
static const char *const kat_actions[4] = {"F4", "E3", "D6", "G5"};
static const uint32_t kat_m[4] = {3, 4, 4, 6};

/* The `m` of each draw, as the match's log would show it. */
struct seen {
	int count;
	uint32_t m[8];
	uint64_t index[8];
};

static void see_draw(void *ctx, const struct draw_record *draw)
{
	struct seen *seen = ctx;

	seen->index[seen->count] = draw->index;
	seen->m[seen->count++] = draw->param;
}

static cJSON *rolit_options(int size, const char *first)
{
	cJSON *given = cJSON_CreateObject(), *options;

	cJSON_AddNumberToObject(given, "size", size);
	cJSON_AddStringToObject(given, "first", first);
	options = options_resolve(&arena_rolit_rules, given, err);
	ck_assert_msg(options != NULL, "%s", err);
	cJSON_Delete(given);
	return options;
}

START_TEST(known_answer_opening)
{
	unsigned char key[32];
	cJSON *options = rolit_options(8, "seat0");
	struct game_play play;
	struct seen seen = {0};
	struct draws draws;

	ck_assert_int_eq(hex_decode(key, sizeof key, kat_k), 0);
	game_play_init(&play, &arena_rolit_rules, 2);
	arena_draws_init(&draws, key, see_draw, &seen);
	ck_assert_int_eq(game_play_begin(&play, options, &draws, err), 0);
	for (int ply = 0; ply < 4; ply++) {
		cJSON *action;

		ck_assert(openings_due(&play, 4, ply));
		ck_assert_int_eq(game_play_to_move(&play), ply % 2);
		action = openings_draw(&play, &draws);
		ck_assert_str_eq(cJSON_GetStringValue(action), kat_actions[ply]);
		ck_assert_int_eq(game_play_apply(&play, action, &draws, err), 0);
		cJSON_Delete(action);
	}
	ck_assert(!openings_due(&play, 4, 4));
	ck_assert_int_eq(seen.count, 4);
	for (int ply = 0; ply < 4; ply++) {
		ck_assert_uint_eq(seen.index[ply], (uint64_t)ply);
		ck_assert_uint_eq(seen.m[ply], kat_m[ply]);
	}
	game_play_free(&play);
	cJSON_Delete(options);
}
END_TEST

START_TEST(games_with_chance_take_none)
{
	static const struct game_rules *const chance[] = {
		&arena_bolo_rules, &arena_bolo5_rules, &arena_volle_lotte_rules,
		&arena_black_pot_rules,
	};

	for (size_t i = 0; i < sizeof chance / sizeof chance[0]; i++) {
		char want[ERR_LEN];

		ck_assert_int_eq(openings_check(chance[i], NULL, 2, 0, err), 0);
		ck_assert_int_eq(openings_check(chance[i], NULL, 2, 1, err), -1);
		snprintf(want, sizeof want, "%s takes no openings: only games without "
			 "chance in play do (rolit); the draws of %s already make "
			 "each game different", chance[i]->name, chance[i]->name);
		ck_assert_str_eq(err, want);
	}
}
END_TEST

START_TEST(an_opening_leaves_a_game_to_play)
{
	cJSON *small = rolit_options(4, "seat0"), *large = rolit_options(8, "random");

	ck_assert_int_eq(openings_check(&arena_rolit_rules, small, 2, 11, err), 0);
	ck_assert_int_eq(openings_check(&arena_rolit_rules, small, 2, 12, err), -1);
	ck_assert_str_eq(err, "an opening of 12 plies would end a game of rolit "
			 "with these options (it lasts 12 moves): give fewer plies");
	ck_assert_int_eq(openings_check(&arena_rolit_rules, large, 4,
					OPENINGS_MAX_PLIES, err), 0);
	cJSON_Delete(small);
	cJSON_Delete(large);
}
END_TEST

START_TEST(an_opening_stops_when_the_game_ends)
{
	static const unsigned char key[32];
	cJSON *options = rolit_options(4, "seat0");
	struct game_play play;
	struct draws draws;
	int done = 0;

	game_play_init(&play, &arena_rolit_rules, 2);
	arena_draws_init(&draws, key, NULL, NULL);
	ck_assert_int_eq(game_play_begin(&play, options, &draws, err), 0);
	for (; openings_due(&play, 20, done); done++) {
		cJSON *action = openings_draw(&play, &draws);

		ck_assert_int_eq(game_play_apply(&play, action, &draws, err), 0);
		cJSON_Delete(action);
	}
	ck_assert_int_eq(done, 12);
	ck_assert_int_eq(game_play_to_move(&play), -1);
	game_play_free(&play);
	cJSON_Delete(options);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("openings");
	TCase *tc = tcase_create("openings");

	tcase_add_test(tc, known_answer_opening);
	tcase_add_test(tc, games_with_chance_take_none);
	tcase_add_test(tc, an_opening_leaves_a_game_to_play);
	tcase_add_test(tc, an_opening_stops_when_the_game_ends);
	suite_add_tcase(s, tc);
	return s;
}
