/*
 * Unit tests for the report's numbers (report_manifest.c, report_games.c,
 * report_ladder.c, report.c) on tests/fixtures/report-run: a finished,
 * signed round robin of three random bots at 4x4 Rolit (6 games), copied
 * to a temporary folder.  The manifest as checked, each game's entry, the
 * verification summary, the ladder, its crosstable and LOS, the whole site
 * built, and the same run with one log changed: named as failing, its
 * hash no longer the manifest's, the other games untouched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/keys.h"
#include "base/util.h"
#include "fixture_run.h"
#include "report/report.h"
#include "run_suite.h"

static char *dir, err[ERR_LEN];
static cJSON *data;
static struct report_manifest run;

static void setup(void)
{
	dir = fixture_run_copy();
	data = cJSON_CreateObject();
}

static void teardown(void)
{
	cJSON_Delete(data);
	fixture_run_remove(dir);
}

static const cJSON *member(const cJSON *object, const char *name)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(object, name);

	ck_assert_msg(m != NULL, "no member \"%s\"", name);
	return m;
}

static void expect_json(const cJSON *value, const char *want)
{
	char *got = cJSON_PrintUnformatted(value);

	ck_assert_str_eq(got, want);
	free(got);
}

/* The manifest read, every game replayed into DIR/site, the hashes
 * compared. */
static void gather(void)
{
	char *site = xasprintf("%s/site", dir), *replays = xasprintf("%s/site/replays", dir);

	ck_assert_int_eq(mkdir(site, 0755), 0);
	ck_assert_int_eq(mkdir(replays, 0755), 0);
	report_manifest(dir, NULL, data, &run);
	ck_assert_msg(report_games(dir, site, &run, NULL, NULL, data, err) == 0, "%s", err);
	report_manifest_hashes(&run, data);
	free(site);
	free(replays);
}

START_TEST(manifest_of_a_finished_run)
{
	gather();
	ck_assert(run.present);
	ck_assert(run.listed);
	ck_assert(run.complete);
	expect_json(member(data, "manifest"),
		    "{\"present\":true,\"name\":\"fixture\",\"game\":\"rolit\",\"shard\":\"1/1\","
		    "\"scheduled\":6,\"finished\":6,\"aborted\":0,\"cut_games\":0,\"cut_sets\":0,"
		    "\"complete\":true,"
		    "\"open\":false,\"signed\":true,\"key\":\"" FIXTURE_RUN_KEY "\","
		    "\"bad_logs\":[],\"hashes_match\":6}");
	report_manifest_free(&run);
}
END_TEST

START_TEST(games_and_verification)
{
	const cJSON *games;

	gather();
	games = member(data, "games");
	ck_assert_int_eq(cJSON_GetArraySize(games), 6);
	/* "grade": what the report's bot table sums (null: a rolit game is
	 * not graded), taken out of the games before the page is written. */
	expect_json(cJSON_GetArrayItem(games, 0),
		    "{\"log\":\"games/000001.jsonl\",\"grade\":null,\"replay\":\"replays/000001.html#game=000001\","
		    "\"verified\":true,\"game_id\":\"d4c83a08a7144f219f74cb3c854ad1e1\","
		    "\"game\":\"rolit\",\"players\":[\"alpha\",\"beta\"],"
		    "\"result\":{\"ranks\":[2,1],\"scores\":[6,10]},\"moves\":12,\"forfeits\":[]}");
	expect_json(member(cJSON_GetArrayItem(games, 2), "result"),
		    "{\"ranks\":[1,1],\"scores\":[8,8]}");
	expect_json(member(data, "verification"),
		    "{\"logs\":6,\"verified\":6,\"in_progress\":0,\"failed\":[],"
		    "\"keys\":[\"" FIXTURE_RUN_KEY "\"],\"trusted\":false,"
		    "\"trust\":\"" KEYS_UNTRUSTED "\"}");
	report_manifest_free(&run);
}
END_TEST

/* The numbers `referee ladder` prints for the fixture (beta 3 points of
 * 4, alpha and gamma 1.5 each), from the same computation, rated from the
 * manifest the report read. */
START_TEST(ladder_crosstable_and_los)
{
	const cJSON *ladder, *los;

	report_manifest(dir, NULL, data, &run);
	ck_assert(run.listed);
	ck_assert_msg(report_ladder(dir, &run, false, data, err) == 0, "%s", err);
	report_manifest_free(&run);
	ladder = member(data, "ladder");
	ck_assert_int_eq(cJSON_GetArraySize(ladder), 3);
	ck_assert_str_eq(member(cJSON_GetArrayItem(ladder, 0), "bot")->valuestring, "beta");
	ck_assert_str_eq(member(cJSON_GetArrayItem(ladder, 1), "bot")->valuestring, "alpha");
	ck_assert_str_eq(member(cJSON_GetArrayItem(ladder, 2), "bot")->valuestring, "gamma");
	ck_assert_double_eq_tol(member(cJSON_GetArrayItem(ladder, 0), "elo")->valuedouble,
				127.2, 0.05);
	ck_assert_double_eq(member(cJSON_GetArrayItem(ladder, 0), "points")->valuedouble, 3);
	ck_assert_int_eq(member(member(cJSON_GetArrayItem(ladder, 0), "reply_ms"), "turns")->valueint,
			 24);
	expect_json(member(data, "crosstable"),
		    "{\"bots\":[\"alpha\",\"beta\",\"gamma\"],\"cells\":["
		    "[null,{\"w\":0,\"d\":0,\"l\":2,\"score\":0},{\"w\":1,\"d\":1,\"l\":0,\"score\":1.5}],"
		    "[{\"w\":2,\"d\":0,\"l\":0,\"score\":2},null,{\"w\":1,\"d\":0,\"l\":1,\"score\":1}],"
		    "[{\"w\":0,\"d\":1,\"l\":1,\"score\":0.5},{\"w\":1,\"d\":0,\"l\":1,\"score\":1},null]]}");
	los = member(data, "los");
	ck_assert_double_eq_tol(cJSON_GetArrayItem(cJSON_GetArrayItem(los, 0), 1)->valuedouble,
				0.8548, 0.0001);
	ck_assert_double_eq_tol(cJSON_GetArrayItem(cJSON_GetArrayItem(los, 1), 2)->valuedouble,
				0.5, 1e-9);
	ck_assert(cJSON_IsNull(cJSON_GetArrayItem(cJSON_GetArrayItem(los, 2), 2)));
	expect_json(member(data, "ladder_problems"), "[]");
}
END_TEST

/* A manifest the report could not read whole: the ladder reads the
 * folder itself, as `referee ladder` does, to the same order. */
START_TEST(ladder_read_again_when_the_manifest_was_not)
{
	struct report_manifest unread = {0};
	const cJSON *ladder;

	ck_assert_msg(report_ladder(dir, &unread, false, data, err) == 0, "%s", err);
	ladder = member(data, "ladder");
	ck_assert_int_eq(cJSON_GetArraySize(ladder), 3);
	ck_assert_str_eq(member(cJSON_GetArrayItem(ladder, 0), "bot")->valuestring, "beta");
	expect_json(member(data, "ladder_problems"), "[]");
}
END_TEST

/* One reply time changed in game 3: its log fails at the next line, the
 * manifest's hash of it no longer holds, the other five verify. */
START_TEST(a_changed_log)
{
	char *path = xasprintf("%s/games/000003.jsonl", dir);
	char *sed = xasprintf("sed -i '0,/\"us\":124/s//\"us\":7/' '%s'", path);
	const cJSON *failed;

	ck_assert_int_eq(system(sed), 0);
	gather();
	failed = member(member(data, "verification"), "failed");
	ck_assert_int_eq(cJSON_GetArraySize(failed), 1);
	ck_assert_str_eq(member(cJSON_GetArrayItem(failed, 0), "error")->valuestring,
			 "line 7: \"prev\" is not the hash of line 6: a line was changed, "
			 "removed or reordered");
	ck_assert_int_eq(member(member(data, "verification"), "verified")->valueint, 5);
	expect_json(member(member(data, "manifest"), "bad_logs"), "[\"games/000003.jsonl\"]");
	ck_assert_int_eq(member(member(data, "manifest"), "hashes_match")->valueint, 5);
	report_manifest_free(&run);
	free(sed);
	free(path);
}
END_TEST

/* The whole site: its index, the page of replays of the six games, the
 * shared script and style, and the key that signed. */
START_TEST(site_built)
{
	const struct report_options options = {0};
	const char *pages[] = {"index.html", "replays/000001.html", "replays/replay.js",
			       "replays/replay.css"};
	cJSON *keys = NULL;

	ck_assert_msg(report_build(dir, &options, &keys, err) == 0, "%s", err);
	expect_json(keys, "[\"" FIXTURE_RUN_KEY "\"]");
	for (size_t i = 0; i < sizeof pages / sizeof *pages; i++) {
		char *path = xasprintf("%s/report/%s", dir, pages[i]);

		ck_assert_msg(access(path, R_OK) == 0, "%s is missing", path);
		free(path);
	}
	cJSON_Delete(keys);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("report");
	TCase *c = tcase_create("fixture");

	tcase_add_checked_fixture(c, setup, teardown);
	tcase_add_test(c, manifest_of_a_finished_run);
	tcase_add_test(c, games_and_verification);
	tcase_add_test(c, ladder_crosstable_and_los);
	tcase_add_test(c, ladder_read_again_when_the_manifest_was_not);
	tcase_add_test(c, a_changed_log);
	tcase_add_test(c, site_built);
	suite_add_tcase(s, c);
	return s;
}
