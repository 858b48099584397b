/*
 * Unit tests for the run's loop (run_loop.c) on a table source of the
 * tests' own (table_source.h), its workers playing a job of the tests'
 * own that reports each game at once: every table handed out once, a
 * worker told to wait handed the table once the source is ready, no
 * worker started once the source has none left, a source's error and a
 * stop signal each ending the run with the workers killed.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "run/run_loop.h"
#include "run/worker.h"
#include "run_suite.h"

#define GAMES_A_TABLE 2
#define MAX_TABLES 8

/* The tests' source: `tables` tables of two games each, table t's games
 * 2t+1 and 2t+2; table `gated` (or -1) waits until table 0 is finished. */
struct fake {
	int tables, gated, next;
	int finished[MAX_TABLES * GAMES_A_TABLE + 1]; /* by game: "F" lines */
	int calls;                   /* next() asked */
	int order[MAX_TABLES * (GAMES_A_TABLE + 1)]; /* games finished, then -1 - table as handed */
	int said;
	bool fail_on_line, stop_on_next;
	char *err;
};

static bool table0_done(const struct fake *f)
{
	return f->finished[1] && f->finished[2];
}

static enum pool_next fake_next(void *state, int worker,
					  struct table_source_table *t)
{
	struct fake *f = state;

	(void)worker;
	f->calls++;
	if (f->stop_on_next)
		raise(SIGTERM);  /* blocked but while the pool waits */
	if (f->next == f->tables)
		return POOL_DONE;
	if (f->next == f->gated && !table0_done(f))
		return POOL_WAIT;
	t->number = f->next;
	t->count = GAMES_A_TABLE;
	t->games = xcalloc(GAMES_A_TABLE, sizeof *t->games);
	for (int k = 0; k < GAMES_A_TABLE; k++)
		t->games[k] = GAMES_A_TABLE * f->next + k + 1;
	f->order[f->said++] = -1 - f->next;
	f->next++;
	return POOL_TASK;
}

static int fake_line(void *state, int worker, char *line)
{
	struct fake *f = state;
	int ranks[2];
	char hash[65];
	const char *rest;
	long game;

	(void)worker;
	if (f->fail_on_line)
		return errorf(f->err, "the source refused: %.20s", line);
	ck_assert_int_eq(worker_read_finished(line, 2, &game, hash, ranks, &rest), 0);
	ck_assert_str_eq(hash, "-");
	ck_assert_int_eq(ranks[0], 1);
	ck_assert_int_eq(ranks[1], 2);
	ck_assert_str_eq(rest, " - - x x");
	f->finished[game]++;
	f->order[f->said++] = (int)game;
	return 0;
}

static bool fake_ready(void *state)
{
	return table0_done(state);
}

static const struct table_source_ops fake_ops = {
	.next = fake_next, .line = fake_line, .ready = fake_ready,
};

/* In a worker: each game of the table reported at once, then "D". */
static void play_now(const struct worker_job *job, int table, const long *games,
		     int count, const unsigned char *deal_key, int out)
{
	(void)job;
	(void)deal_key;
	for (int k = 0; k < count; k++)
		worker_say(out, "F %ld - 1 2 - - x x\n", games[k]);
	worker_say(out, "D %d\n", table);
}

/* Runs the loop on `f` with `concurrency` workers: its result, and the
 * stop signal run_loop_end() gave in *sig. */
static int run(struct fake *f, int concurrency, char *err, int *sig)
{
	const struct table_source source = {.ops = &fake_ops, .state = f};
	struct run_loop loop = {.source = &source, .concurrency = concurrency, .err = err,
				.job = {.play = play_now, .lock_fd = -1}};
	int rc;

	f->err = err;
	run_loop_begin(&loop);
	rc = run_loop_play(&loop);
	*sig = run_loop_end(&loop);
	return rc;
}

START_TEST(every_table_once)
{
	struct fake f = {.tables = 5, .gated = -1};
	char err[ERR_LEN] = "";
	int sig;

	ck_assert_int_eq(run(&f, 2, err, &sig), 0);
	ck_assert_int_eq(sig, 0);
	for (int g = 1; g <= 10; g++)
		ck_assert_int_eq(f.finished[g], 1);
	/* Five tables, then none for each of the two workers. */
	ck_assert_int_eq(f.calls, 7);
}
END_TEST

START_TEST(waits_until_ready)
{
	struct fake f = {.tables = 2, .gated = 1};
	char err[ERR_LEN] = "";
	int sig, handed1 = -1, last0 = -1;

	ck_assert_int_eq(run(&f, 3, err, &sig), 0);
	for (int g = 1; g <= 4; g++)
		ck_assert_int_eq(f.finished[g], 1);
	for (int i = 0; i < f.said; i++) {
		if (f.order[i] == -2)
			handed1 = i;
		if (f.order[i] == 1 || f.order[i] == 2)
			last0 = i;
	}
	/* Table 1 was handed out only after both games of table 0. */
	ck_assert_int_gt(handed1, last0);
	ck_assert_int_ge(last0, 0);
}
END_TEST

START_TEST(none_left_starts_no_more)
{
	struct fake f = {.tables = 1, .gated = -1};
	char err[ERR_LEN] = "";
	int sig;

	ck_assert_int_eq(run(&f, 4, err, &sig), 0);
	ck_assert_int_eq(f.finished[1] + f.finished[2], 2);
	/* The first worker's table, the second told to quit (no third
	 * started), the first's next once it is done. */
	ck_assert_int_eq(f.calls, 3);
}
END_TEST

START_TEST(source_error_ends_run)
{
	struct fake f = {.tables = 3, .gated = -1, .fail_on_line = true};
	char err[ERR_LEN] = "";
	int sig;

	/* One worker, so that its first line is the first read. */
	ck_assert_int_eq(run(&f, 1, err, &sig), -1);
	ck_assert_str_eq(err, "the source refused: F 1 - 1 2 - - x x");
	ck_assert_int_eq(sig, 0);
}
END_TEST

START_TEST(stop_signal_ends_run)
{
	struct fake f = {.tables = 3, .gated = -1, .stop_on_next = true};
	char err[ERR_LEN] = "";
	int sig;

	ck_assert_int_eq(run(&f, 1, err, &sig), SIGTERM);
	ck_assert_int_eq(sig, SIGTERM);
	/* Taken at the first wait: the one table handed out, no other. */
	ck_assert_int_eq(f.calls, 1);
}
END_TEST

START_TEST(finished_line_refused)
{
	int ranks[3];
	char hash[65];
	const char *rest;
	long game;

	ck_assert_int_eq(worker_read_finished("F 7 abc 2 1 3 - - -", 3, &game, hash, ranks,
					      &rest), 0);
	ck_assert_int_eq(game, 7);
	ck_assert_str_eq(hash, "abc");
	ck_assert_int_eq(ranks[0], 2);
	ck_assert_int_eq(ranks[2], 3);
	ck_assert_str_eq(rest, " - - -");
	/* A rank past the seats, a seat missing, no hash, not an "F". */
	ck_assert_int_eq(worker_read_finished("F 7 abc 2 4 3", 3, &game, hash, ranks, &rest), -1);
	ck_assert_int_eq(worker_read_finished("F 7 abc 2 1", 3, &game, hash, ranks, &rest), -1);
	ck_assert_int_eq(worker_read_finished("F 7", 3, &game, hash, ranks, &rest), -1);
	ck_assert_int_eq(worker_read_finished("F x abc 1 2 3", 3, &game, hash, ranks, &rest), -1);
	ck_assert_int_eq(worker_read_finished("D 7 abc 1 2 3", 3, &game, hash, ranks, &rest), -1);
	ck_assert_int_eq(worker_read_finished("F 7 abc 1x 2 3", 3, &game, hash, ranks, &rest), -1);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("table_source");
	TCase *tc = tcase_create("run_loop");

	tcase_add_test(tc, every_table_once);
	tcase_add_test(tc, waits_until_ready);
	tcase_add_test(tc, none_left_starts_no_more);
	tcase_add_test(tc, source_error_ends_run);
	tcase_add_test(tc, stop_signal_ends_run);
	tcase_add_test(tc, finished_line_refused);
	suite_add_tcase(s, tc);
	return s;
}
