/*
 * Unit tests for ladder.c, which gathers what `referee ladder` and the
 * report rate, on a copy of the fixture run (fixture_run.h: three bots,
 * 6 games of Rolit): the run read from its signed manifest; a game given twice, as
 * its log and through its run, and a run given twice, each counted once
 * with its exact problem; a planted log and an unsigned manifest refused,
 * the latter rated with provisional; and logs given alone rated the same
 * whatever the order of the paths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/paths.h"
#include "base/util.h"
#include "fixture_run.h"
#include "ladder/ladder.h"
#include "run_suite.h"

static char *dir;
static char said[4 * ERR_LEN];   /* every problem, "WHERE: WHAT\n" */

static void setup(void)
{
	dir = fixture_run_copy();
	said[0] = '\0';
}

static void teardown(void)
{
	fixture_run_remove(dir);
}

/* Appends `text` to `said`, the folder's path in it written "DIR". */
static void say(const char *text)
{
	for (const char *at; (at = strstr(text, dir)); text = at + strlen(dir))
		snprintf(said + strlen(said), sizeof said - strlen(said), "%.*sDIR",
			 (int)(at - text), text);
	snprintf(said + strlen(said), sizeof said - strlen(said), "%s", text);
}

static void note(void *ctx, const char *where, const char *what)
{
	(void)ctx;
	say(where);
	say(": ");
	say(what);
	say("\n");
}

/* ladder_collect() of `count` paths, each in the folder ("": the folder
 * itself); how many problems it reported. */
static long collect(const struct ladder_options *options, struct ladder_data *data,
		    int count, const char *const *names)
{
	struct problems problems = {.report = note};
	char *paths[4];

	ck_assert_int_le(count, 4);
	for (int i = 0; i < count; i++)
		paths[i] = path_join(dir, names[i]);
	ladder_collect(paths, count, options, data, &problems);
	for (int i = 0; i < count; i++)
		free(paths[i]);
	return problems.count;
}

START_TEST(reads_a_signed_run)
{
	struct ladder_options options = {.jobs = 1};
	struct ladder_data d;

	ck_assert_int_eq(collect(&options, &d, 1, (const char *[]){""}), 0);
	ck_assert_int_eq(d.entrants, 3);
	ck_assert_str_eq(d.names[0], "alpha");
	ck_assert_str_eq(d.names[1], "beta");
	ck_assert_str_eq(d.names[2], "gamma");
	ck_assert_uint_eq(d.count, 6);
	ck_assert_str_eq(d.game, "rolit");
	ck_assert_str_eq(d.key_hex, FIXTURE_RUN_KEY);
	ck_assert_int_eq(d.event_count, 1);
	ck_assert_str_eq(d.events[0], "fixture");
	ck_assert_int_eq(d.unfinished_runs, 0);
	/* A round robin of two games a pair: each bot plays four. */
	for (int e = 0, seen[3] = {0}; e < 3; e++) {
		for (size_t g = 0; g < d.count; g++)
			for (int s = 0; s < d.games[g].seats; s++)
				seen[e] += d.games[g].entrant[s] == e;
		ck_assert_int_eq(seen[e], 4);
	}
	ladder_free(&d);
}
END_TEST

START_TEST(counts_a_game_once)
{
	struct ladder_options options = {.jobs = 1};
	struct ladder_data d;

	ck_assert_int_eq(collect(&options, &d, 2, (const char *[]){
		"", "games/000002.jsonl"}), 1);
	ck_assert_str_eq(said, "DIR/games/000002.jsonl: this log is the same "
			 "game as game 2 of DIR/manifest.jsonl: a game counts once\n");
	ladder_free(&d);
	said[0] = '\0';
	ck_assert_int_eq(collect(&options, &d, 2, (const char *[]){"", ""}), 1);
	ck_assert_str_eq(said, "DIR/manifest.jsonl: the same tournament run as "
			 "DIR/manifest.jsonl: its games count once\n");
	ck_assert_uint_eq(d.count, 6);
	ladder_free(&d);
}
END_TEST

START_TEST(refuses_a_planted_log)
{
	struct ladder_options options = {.jobs = 1};
	struct ladder_data d;
	char *plant = xasprintf("cp '%s/games/000001.jsonl' '%s/games/000099.jsonl'", dir, dir);

	ck_assert_int_eq(system(plant), 0);
	free(plant);
	ck_assert_int_eq(collect(&options, &d, 1, (const char *[]){""}), 1);
	ck_assert_str_eq(said, "DIR/games/000099.jsonl: not listed in the "
			 "manifest: planted, or left there by another run\n");
	ladder_free(&d);
}
END_TEST

START_TEST(rates_an_unsigned_run_only_as_provisional)
{
	struct ladder_options options = {.jobs = 1};
	struct ladder_data d;
	/* The manifest without its last line, the signature. */
	char *cut = xasprintf("sed -i '$d' '%s/manifest.jsonl'", dir);

	ck_assert_int_eq(system(cut), 0);
	free(cut);
	ck_assert_int_eq(collect(&options, &d, 1, (const char *[]){""}), 1);
	ck_assert_str_eq(said, "DIR/manifest.jsonl: not signed: the tournament "
			 "has not finished (finish it with --resume, or rate the "
			 "games finished so far with 'referee ladder --provisional')\n");
	ladder_free(&d);
	said[0] = '\0';
	options.provisional = true;
	ck_assert_int_eq(collect(&options, &d, 1, (const char *[]){""}), 0);
	ck_assert_uint_eq(d.count, 6);
	ck_assert_str_eq(d.key_hex, FIXTURE_RUN_KEY);
	ck_assert_int_eq(d.unfinished_runs, 1);
	ck_assert_uint_eq(d.unfinished_games, 6);
	ladder_free(&d);
}
END_TEST

/* The games of `d` in its order, as text: each one's entrants and ranks. */
static char *games_in_order(const struct ladder_data *d)
{
	char *text = xstrdup("");

	for (size_t k = 0; k < d->count; k++) {
		const struct rating_game *g = &d->games[d->order[k]];

		for (int s = 0; s < g->seats; s++) {
			char *more = xasprintf("%s%s:%d%s", text, d->names[g->entrant[s]],
					       g->rank[s], s + 1 < g->seats ? " " : "\n");

			free(text);
			text = more;
		}
	}
	return text;
}

START_TEST(logs_alone_in_any_order)
{
	struct ladder_options options = {.jobs = 1, .in_order = true};
	struct ladder_data a, b;
	char *first, *second;

	ck_assert_int_eq(collect(&options, &a, 3, (const char *[]){
		"games/000001.jsonl", "games/000004.jsonl", "games/000006.jsonl"}), 0);
	ck_assert_int_eq(collect(&options, &b, 3, (const char *[]){
		"games/000006.jsonl", "games/000001.jsonl", "games/000004.jsonl"}), 0);
	ck_assert_uint_eq(a.count, 3);
	ck_assert_int_eq(a.event_count, 0);
	first = games_in_order(&a);
	second = games_in_order(&b);
	ck_assert_str_eq(first, second);
	ck_assert_str_eq(a.key_hex, FIXTURE_RUN_KEY);
	free(first);
	free(second);
	ladder_free(&a);
	ladder_free(&b);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("ladder_collect");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, reads_a_signed_run);
	tcase_add_test(tc, counts_a_game_once);
	tcase_add_test(tc, refuses_a_planted_log);
	tcase_add_test(tc, rates_an_unsigned_run_only_as_provisional);
	tcase_add_test(tc, logs_alone_in_any_order);
	suite_add_tcase(s, tc);
	return s;
}
