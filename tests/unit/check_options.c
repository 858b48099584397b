/*
 * Unit tests for options.c: what -o KEY=VALUE and tournament options
 * become, and the messages for everything refused.
 */
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/options.h"
#include "base/util.h"
#include "games/registry.h"
#include "run_suite.h"

static char err[ERR_LEN];

/* Resolves "k=v" words for rolit; returns the printed object or NULL. */
static char *resolve(const char *const *pairs, int count)
{
	cJSON *given = options_from_pairs(pairs, count, err), *out;
	char *text = NULL;

	if (!given)
		return NULL;
	out = options_resolve(&arena_rolit_rules, given, err);
	if (out)
		text = json_print_line(out);
	cJSON_Delete(given);
	cJSON_Delete(out);
	return text;
}

START_TEST(defaults_are_filled_in)
{
	char *text = resolve(NULL, 0);

	ck_assert_str_eq(text, "{\"size\":8,\"first\":\"random\"}");
	free(text);
}
END_TEST

START_TEST(values_are_typed)
{
	const char *pairs[] = {"first=seat0", "size=6"};
	char *text = resolve(pairs, 2);

	ck_assert_str_eq(text, "{\"size\":6,\"first\":\"seat0\"}");
	free(text);
}
END_TEST

#define PLAIN " (plain digits only: no sign, spaces or decimal point)"

/* Integers are plain digits: a sign or a space is refused wherever it
 * stands, with the accepted form in the message. */
START_TEST(refusals)
{
	static const struct {
		const char *pair;
		const char *message;
	} cases[] = {
		{"nope=1", "unknown option 'nope' for rolit (its options: size, first)"},
		{"size=9", "option 'size' must be an integer 4..8, not '9'"},
		{"size=99999999999999999999", "option 'size' must be an integer 4..8, not '99999999999999999999'"},
		{"size=x", "option 'size' must be an integer 4..8, not 'x'" PLAIN},
		{"size=6.5", "option 'size' must be an integer 4..8, not '6.5'" PLAIN},
		{"size=", "option 'size' must be an integer 4..8, not ''" PLAIN},
		{"size=+6", "option 'size' must be an integer 4..8, not '+6'" PLAIN},
		{"size=-6", "option 'size' must be an integer 4..8, not '-6'" PLAIN},
		{"size= 6", "option 'size' must be an integer 4..8, not ' 6'" PLAIN},
		{"size=6 ", "option 'size' must be an integer 4..8, not '6 '" PLAIN},
		{"size=0x6", "option 'size' must be an integer 4..8, not '0x6'" PLAIN},
		{"first= seat0", "option 'first' must be one of random | seat0, not ' seat0'"},
		{"first=seat0 ", "option 'first' must be one of random | seat0, not 'seat0 '"},
		{"first=last", "option 'first' must be one of random | seat0, not 'last'"},
		{"size", "option 'size' must look like KEY=VALUE"},
		{"=3", "option '=3' must look like KEY=VALUE"},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *pairs[] = {cases[i].pair};

		ck_assert_ptr_null(resolve(pairs, 1));
		ck_assert_str_eq(err, cases[i].message);
	}
}
END_TEST

/* A value cut to fit a buffer must not be read as a shorter one. */
START_TEST(long_value_refused)
{
	char pair[300] = "size=";
	const char *pairs[] = {pair};

	memset(pair + 5, '0', 200);
	strcpy(pair + 205, "6");
	ck_assert_ptr_null(resolve(pairs, 1));
	ck_assert_str_eq(err, "option 'size' is given a value of 201 characters; "
			 "no option takes more than 127");
}
END_TEST

START_TEST(repeated_key_refused)
{
	const char *pairs[] = {"size=6", "size=8"};

	ck_assert_ptr_null(resolve(pairs, 2));
	ck_assert_str_eq(err, "option 'size' is given twice");
}
END_TEST

/* Tournament files give options as JSON numbers and strings. */
START_TEST(json_options)
{
	cJSON *given = cJSON_Parse("{\"size\":4,\"first\":\"seat0\"}");
	cJSON *out = options_resolve(&arena_rolit_rules, given, err);
	char *text = json_print_line(out);

	ck_assert_str_eq(text, "{\"size\":4,\"first\":\"seat0\"}");
	free(text);
	cJSON_Delete(out);
	cJSON_Delete(given);
	given = cJSON_Parse("{\"size\":[8]}");
	ck_assert_ptr_null(options_resolve(&arena_rolit_rules, given, err));
	ck_assert_str_eq(err, "option 'size' must be an integer 4..8, not '(a JSON array)'");
	cJSON_Delete(given);
	given = cJSON_Parse("{\"size\":6.5}");
	ck_assert_ptr_null(options_resolve(&arena_rolit_rules, given, err));
	ck_assert_str_eq(err, "option 'size' must be an integer 4..8, not '6.5'" PLAIN);
	cJSON_Delete(given);
	given = cJSON_Parse("{\"size\":\"6 \"}");
	ck_assert_ptr_null(options_resolve(&arena_rolit_rules, given, err));
	ck_assert_str_eq(err, "option 'size' must be an integer 4..8, not '6 '" PLAIN);
	cJSON_Delete(given);
	given = cJSON_Parse("[]");
	ck_assert_ptr_null(options_resolve(&arena_rolit_rules, given, err));
	ck_assert_str_eq(err, "options must be a JSON object");
	cJSON_Delete(given);
}
END_TEST

START_TEST(registry_finds_games)
{
	ck_assert_ptr_eq(arena_game_find("rolit"), &arena_rolit_rules);
	ck_assert_ptr_null(arena_game_find("chess"));
	ck_assert_ptr_null(arena_game_find(""));
}
END_TEST

/* `referee games` and the cases where min..max is not the whole story. */
START_TEST(registry_players_text)
{
	char buf[GAME_PLAYERS_TEXT];

	ck_assert_str_eq(arena_game_players_text(&arena_bolo_rules, buf), "2 to 8");
	ck_assert_str_eq(arena_game_players_text(&arena_rolit_rules, buf), "2 to 4");
	ck_assert_str_eq(arena_game_players_text(&arena_black_pot_rules, buf), "2 or 4");
}
END_TEST

/* A log of retired rules names its version and the release for it. */
START_TEST(registry_rules_versions)
{
	ck_assert_int_eq(arena_game_check_rules_version(&arena_bolo5_rules, "bolo5/2", err), 0);
	ck_assert_int_eq(arena_game_check_rules_version(&arena_bolo5_rules, "bolo5/1", err), -1);
	ck_assert_str_eq(err, "the log was written under bolo5 rules version 1 (\"bolo5/1\"); this referee verifies version 2 only: verify the log with arena 0.1.x, the release of version 1");
	ck_assert_int_eq(arena_game_check_rules_version(&arena_volle_lotte_rules, "volle-lotte/1", err), -1);
	ck_assert_str_eq(err, "the log was written under volle-lotte rules version 1 (\"volle-lotte/1\"); this referee verifies version 3 only: verify the log with arena 0.1.x, the release of version 1");
	ck_assert_int_eq(arena_game_check_rules_version(&arena_volle_lotte_rules, "volle-lotte/2", err), -1);
	ck_assert_str_eq(err, "the log was written under volle-lotte rules version 2 (\"volle-lotte/2\"); this referee verifies version 3 only: verify the log with arena 0.5.x, the release of version 2");
	ck_assert_int_eq(arena_game_check_rules_version(&arena_black_pot_rules, "black-pot/1", err), -1);
	ck_assert_str_eq(err, "the log was written under black-pot rules version 1 (\"black-pot/1\"); this referee verifies version 2 only: verify the log with arena 0.1.x, the release of version 1");
	/* Another game's old version is not this game's. */
	ck_assert_int_eq(arena_game_check_rules_version(&arena_volle_lotte_rules, "bolo5/1", err), -1);
	ck_assert_str_eq(err, "the log names volle-lotte rules \"bolo5/1\", which this referee does not know (it verifies version 3, \"volle-lotte/3\"): verify the log with the arena release that wrote it");
	ck_assert_int_eq(arena_game_check_rules_version(&arena_bolo_rules, NULL, err), -1);
	ck_assert_str_eq(err, "the header names no rules version (this referee verifies bolo rules version 2, \"bolo/2\")");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("options");
	TCase *tc = tcase_create("options");

	tcase_add_test(tc, defaults_are_filled_in);
	tcase_add_test(tc, values_are_typed);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, long_value_refused);
	tcase_add_test(tc, repeated_key_refused);
	tcase_add_test(tc, json_options);
	tcase_add_test(tc, registry_finds_games);
	tcase_add_test(tc, registry_players_text);
	tcase_add_test(tc, registry_rules_versions);
	suite_add_tcase(s, tc);
	return s;
}
