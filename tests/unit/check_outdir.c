/*
 * Unit tests for outdir.c: the exact path of every file of a tournament's
 * output folder, relative ones included, and the reading back of the
 * names found in it: a game's log, a log set aside, a result log of a
 * folder without a manifest, a manifest.  What is written must be read
 * back, and a name that is not exactly one the referee writes is refused.
 */
#include <stdlib.h>
#include <string.h>

#include "base/outdir.h"
#include "run_suite.h"

static void expect_path(char *got, const char *want)
{
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(paths_of_the_run)
{
	expect_path(outdir_manifest("out"), "out/manifest.jsonl");
	expect_path(outdir_manifest("/srv/t/"), "/srv/t/manifest.jsonl");
	expect_path(outdir_manifest(NULL), "manifest.jsonl");
	expect_path(outdir_run_lock("out"), "out/run.lock");
	expect_path(outdir_public_key("out"), "out/referee.pub");
	expect_path(outdir_stderr("out"), "out/stderr");
	expect_path(outdir_table_stderr("out", 7, "bot-a"),
		    "out/stderr/table0007-bot-a.stderr");
	expect_path(outdir_table_stderr("out", 12345, "b"), "out/stderr/table12345-b.stderr");
	expect_path(outdir_preflight_stderr("out", "bot-a"),
		    "out/stderr/preflight-bot-a.stderr");
}
END_TEST

START_TEST(paths_of_the_logs)
{
	expect_path(outdir_games("out"), "out/games");
	expect_path(outdir_games_file("out", "x.jsonl"), "out/games/x.jsonl");
	expect_path(outdir_games_file(NULL, "x.jsonl"), "games/x.jsonl");
	expect_path(outdir_log("out", 42), "out/games/000042.jsonl");
	expect_path(outdir_log("/srv/t/", 1), "/srv/t/games/000001.jsonl");
	expect_path(outdir_log(NULL, 999999), "games/999999.jsonl");
	expect_path(outdir_log(NULL, 1234567), "games/1234567.jsonl");
	expect_path(outdir_play_log("run1", 42), "run1/game-000042.jsonl");
	expect_path(outdir_play_log("run1", 1234567), "run1/game-1234567.jsonl");
	expect_path(outdir_aside("out"), "out/games/aborted");
	expect_path(outdir_set_aside("out", 42, 3), "out/games/aborted/000042.aborted-3.jsonl");
	expect_path(outdir_set_aside(NULL, 1234567, 12),
		    "games/aborted/1234567.aborted-12.jsonl");
}
END_TEST

START_TEST(paths_of_the_report)
{
	expect_path(outdir_report("out"), "out/report");
	expect_path(outdir_report_index("out/report"), "out/report/index.html");
	expect_path(outdir_report_index("site/"), "site/index.html");
	expect_path(outdir_replays("site"), "site/replays");
	expect_path(outdir_replay_page("site", "000042"), "site/replays/000042.html");
	expect_path(outdir_replay_page(NULL, "000042"), "replays/000042.html");
	expect_path(outdir_replays_cache("site"), "site/replays/games.jsonl");
}
END_TEST

static long log_game(const char *name)
{
	return outdir_log_game(name, strlen(name));
}

START_TEST(reads_a_log_name)
{
	ck_assert_int_eq(log_game("000042.jsonl"), 42);
	ck_assert_int_eq(log_game("000001.jsonl"), 1);
	ck_assert_int_eq(log_game("999999.jsonl"), 999999);
	ck_assert_int_eq(log_game("1234567.jsonl"), 1234567);
	ck_assert_int_eq(log_game("999999999999999.jsonl"), 999999999999999L);
	/* Only the `len` bytes given are the name. */
	ck_assert_int_eq(outdir_log_game("000042.jsonl.bak", 12), 42);
}
END_TEST

START_TEST(refuses_what_is_not_a_log_name)
{
	static const char *const bad[] = {
		"", ".jsonl", "42.jsonl", "00042.jsonl", "0000042.jsonl",
		"000000.jsonl", "000042.json", "000042.jsonl.bak", "000042.JSONL",
		"x00042.jsonl", "00004x.jsonl", "+00042.jsonl", " 000042.jsonl",
		"000042.aborted-1.jsonl", "1234567890123456.jsonl", "manifest.jsonl",
		"game-000001.jsonl",
	};

	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_msg(log_game(bad[i]) == 0, "'%s' was read as a log", bad[i]);
}
END_TEST

START_TEST(reads_a_set_aside_name)
{
	long count = 0;

	ck_assert_int_eq(outdir_set_aside_game("000042.aborted-1.jsonl", &count), 42);
	ck_assert_int_eq(count, 1);
	ck_assert_int_eq(outdir_set_aside_game("1234567.aborted-12.jsonl", &count), 1234567);
	ck_assert_int_eq(count, 12);
	ck_assert_int_eq(outdir_set_aside_game("000001.aborted-100.jsonl", &count), 1);
	ck_assert_int_eq(count, 100);
}
END_TEST

START_TEST(refuses_what_is_not_a_set_aside_name)
{
	static const char *const bad[] = {
		"", "000042.jsonl", "000042.aborted-.jsonl", "000042.aborted-0.jsonl",
		"000042.aborted-01.jsonl", "000042.aborted-+1.jsonl",
		"000042.aborted- 1.jsonl", "000042.aborted--1.jsonl",
		"000042.aborted-1.json", "000042.aborted-1.jsonl.bak",
		"000042.aborted-1x.jsonl", "000042.aborted1.jsonl", "42.aborted-1.jsonl",
		"0000042.aborted-1.jsonl", "000000.aborted-1.jsonl",
		"x.aborted-1.jsonl", "aborted",
	};

	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		long count = -7;

		ck_assert_msg(outdir_set_aside_game(bad[i], &count) == 0,
			      "'%s' was read as set aside", bad[i]);
	}
}
END_TEST

/* The last name of a path, as a folder's listing gives it. */
static const char *last_name(const char *path)
{
	return strrchr(path, '/') + 1;
}

/* Every name written is read back as what it was written for. */
START_TEST(reads_back_what_it_writes)
{
	static const long games[] = {1, 42, 999999, 1000000, 123456789, 999999999999999L};

	for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
		char *log = outdir_log("out", games[i]);
		char *aside = outdir_set_aside("out", games[i], (int)i + 1);
		long count = 0;

		ck_assert_int_eq(log_game(last_name(log)), games[i]);
		ck_assert_int_eq(outdir_set_aside_game(last_name(aside), &count), games[i]);
		ck_assert_int_eq(count, (long)i + 1);
		ck_assert(outdir_is_result_log(last_name(log)));
		ck_assert(!outdir_is_result_log(last_name(aside)));
		free(log);
		free(aside);
	}
}
END_TEST

START_TEST(tells_result_logs)
{
	static const char *const results[] = {
		"000042.jsonl", "game-000001.jsonl", "x.jsonl", "a.b.jsonl",
	};
	static const char *const others[] = {
		".jsonl", "manifest.jsonl", "000042.aborted-1.jsonl",
		"any.aborted-x.jsonl", "000042.json", "notes.txt", "jsonl", "",
	};

	for (size_t i = 0; i < sizeof results / sizeof *results; i++)
		ck_assert_msg(outdir_is_result_log(results[i]), "'%s'", results[i]);
	for (size_t i = 0; i < sizeof others / sizeof *others; i++)
		ck_assert_msg(!outdir_is_result_log(others[i]), "'%s'", others[i]);
}
END_TEST

START_TEST(tells_a_manifest)
{
	ck_assert(outdir_is_manifest("manifest.jsonl"));
	ck_assert(outdir_is_manifest("out/manifest.jsonl"));
	ck_assert(outdir_is_manifest("/a/b/manifest.jsonl"));
	ck_assert(!outdir_is_manifest("out"));
	ck_assert(!outdir_is_manifest("out/manifest.jsonl.bak"));
	ck_assert(!outdir_is_manifest("out/xmanifest.jsonl"));
	ck_assert(!outdir_is_manifest("manifest.jsonl/x"));
	ck_assert(!outdir_is_manifest("out/"));
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("outdir");
	TCase *build = tcase_create("build"), *read = tcase_create("read");

	tcase_add_test(build, paths_of_the_run);
	tcase_add_test(build, paths_of_the_logs);
	tcase_add_test(build, paths_of_the_report);
	tcase_add_test(read, reads_a_log_name);
	tcase_add_test(read, refuses_what_is_not_a_log_name);
	tcase_add_test(read, reads_a_set_aside_name);
	tcase_add_test(read, refuses_what_is_not_a_set_aside_name);
	tcase_add_test(read, reads_back_what_it_writes);
	tcase_add_test(read, tells_result_logs);
	tcase_add_test(read, tells_a_manifest);
	suite_add_tcase(s, build);
	suite_add_tcase(s, read);
	return s;
}
