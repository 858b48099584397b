/*
 * Unit tests for the league's picks (league_pick.c) and its index and
 * ladder (league_db.c, league_rate.c): the seed is the least certain
 * version, sets in flight count against it, opponents keep to the pair
 * caps, and the ladder goes by the interval's lower bound, keeping a
 * superseded version ranked until its successor is rated and numbering
 * the versions waiting for a first game; a league rests once every
 * interval is narrow enough; a Slurm
 * run's batch file (league_slurm_batch.c) read back as written.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "league/league_db.h"
#include "league/league_pace.h"
#include "league/league_pick.h"
#include "league/league_wall.h"
#include "league/league_rate.h"
#include "league/league_slurm.h"
#include "run_suite.h"

START_TEST(seed_least_certain)
{
	struct league_pick p;

	league_pick_init(&p, 4, 2, 2);
	for (int i = 0; i < 4; i++)
		p.e[i] = (struct league_pick_entry){.rated = true, .elo = 0, .se = 50, .games = 40};
	p.e[2].se = 80;
	ck_assert_int_eq(league_pick_seed(&p, NULL), 2);
	/* No rating yet: the least certain of all. */
	p.e[3] = (struct league_pick_entry){.rated = false, .se = INFINITY, .games = 2};
	ck_assert_int_eq(league_pick_seed(&p, NULL), 3);
	/* Two without a rating: the fewer games, sets in flight included. */
	p.e[1] = (struct league_pick_entry){.rated = false, .se = INFINITY, .games = 0};
	ck_assert_int_eq(league_pick_seed(&p, NULL), 1);
	p.e[1].pending = 4;
	ck_assert_int_eq(league_pick_seed(&p, NULL), 3);
	/* Games handed out shrink an error as if counted: 80 with 40 games
	 * and 120 pending is 40, below the others' 50. */
	p.e[1] = p.e[3] = (struct league_pick_entry){.rated = true, .se = 50, .games = 40};
	p.e[2].pending = 120;
	ck_assert_int_eq(league_pick_seed(&p, NULL), 0);
	league_pick_free(&p);
}
END_TEST

START_TEST(caps_and_seats)
{
	struct league_pick p;
	int seats[2];

	league_pick_init(&p, 4, 2, 2);
	for (int i = 0; i < 4; i++) {
		p.e[i] = (struct league_pick_entry){.rated = true, .elo = 100.0 * i, .se = 50,
						    .games = 100};
		p.wall[i] = 0.05;  /* measured, and quick */
	}
	p.e[0].se = 90;  /* the seed */
	/* 10 sets, all of pair (0, 1): a mean of 10/6 a pair, so the cap is
	 * 2 * 10/6 + 2 and (0, 1) is past it. */
	p.sets = 10;
	p.pair_sets[0 * 4 + 1] = p.pair_sets[1 * 4 + 0] = 10;
	ck_assert(league_pick_capped(&p, 0, 1));
	ck_assert(!league_pick_capped(&p, 0, 2));
	for (int k = 0, capped = 0; k < 200; k++) {
		bool was = league_pick_capped(&p, 0, 1);

		bool slow;

		p.e[0].pending = 0;  /* stays the seed */
		league_pick_next(&p, seats, 1, &slow);
		ck_assert_int_eq(seats[0], 0);
		ck_assert_int_ne(seats[1], 0);
		/* Its nearest, 1, is never drawn while capped, the others
		 * are not; it is at first (13 sets). */
		ck_assert(!league_pick_capped(&p, 0, 2) || !league_pick_capped(&p, 0, 3));
		if (was)
			ck_assert_int_ne(seats[1], 1);
		capped += was;
		if (k == 199)
			ck_assert_int_ge(capped, 13);
	}
	ck_assert_int_eq(p.sets, 210);
	ck_assert_int_eq(p.pair_sets[1] + p.pair_sets[2] + p.pair_sets[3], 210);
	league_pick_free(&p);
}
END_TEST

/* A task of several sets counts as that many sets handed out: its
 * versions' pending games, its pair's sets and the sets in all. */
START_TEST(task_of_sets)
{
	struct league_pick p;
	int seats[2];
	bool slow;

	league_pick_init(&p, 3, 2, 2);
	for (int i = 0; i < 3; i++) {
		p.e[i] = (struct league_pick_entry){.rated = true, .elo = 0, .se = 50,
						    .games = 100};
		p.wall[i] = 0.05;  /* quick sets: a task of 24 is 1.2 s */
	}
	p.e[2].se = 90;  /* the seed */
	ck_assert_int_eq(league_pick_next(&p, seats, 24, &slow), 24);
	ck_assert(!slow);
	ck_assert_int_eq(seats[0], 2);
	ck_assert_int_ne(seats[1], 2);
	ck_assert_int_eq(p.e[2].pending, 48);
	ck_assert_int_eq(p.e[seats[1]].pending, 48);
	ck_assert_int_eq(p.e[1 - seats[1]].pending, 0);  /* the one left out */
	ck_assert_int_eq(p.pair_sets[2 * 3 + seats[1]], 24);
	ck_assert_int_eq(p.pair_sets[seats[1] * 3 + 2], 24);
	ck_assert_int_eq(p.sets, 24);
	league_pick_free(&p);
}
END_TEST

/* An index in memory with versions a v1, a v2 (a's newest), b v1 and c
 * v1 (retired). */
static sqlite3 *small_index(void)
{
	char err[ERR_LEN], *none[] = {NULL};
	sqlite3 *db = league_db_open(NULL, true, "rolit", 2, err);
	const char *names[] = {"a", "a", "b", "c"};
	int numbers[] = {1, 2, 1, 1};

	ck_assert_msg(db != NULL, "%s", err);
	for (int i = 0; i < 4; i++) {
		char hash[65];
		struct league_version v = {.name = (char *)names[i], .number = numbers[i],
					   .hash = hash, .command = "bot", .dir = "/",
					   .readable = none};

		snprintf(hash, sizeof hash, "%064d", i);
		ck_assert_int_eq(league_db_add_version(db, &v, err), 0);
	}
	ck_assert_int_eq(league_db_retire(db, "c", err), 0);
	return db;
}

START_TEST(versions_listed)
{
	struct league_version *v;
	char err[ERR_LEN];
	sqlite3 *db = small_index();
	int n = league_db_versions(db, &v, err);

	ck_assert_int_eq(n, 4);
	ck_assert(!v[0].latest && v[1].latest && v[2].latest && v[3].latest);
	ck_assert(!v[0].retired && !v[2].retired && v[3].retired);
	ck_assert_int_eq(v[1].number, 2);
	ck_assert_str_eq(v[1].name, "a");
	league_versions_free(v, n);
	/* The same name and files twice: refused by the index. */
	ck_assert_int_ne(sqlite3_exec(db, "INSERT INTO versions(name, number, hash,"
				      " command, dir, readable) SELECT name, 9, hash,"
				      " command, dir, readable FROM versions WHERE id = 1",
				      NULL, NULL, NULL), SQLITE_OK);
	league_db_close(db);
}
END_TEST

START_TEST(ladder_by_lower_bound)
{
	char err[ERR_LEN];
	sqlite3 *db = small_index();
	struct league_rating lr;
	long ab[2] = {2, 3}, ac[2] = {2, 4};
	int won[2] = {1, 2}, lost[2] = {2, 1}, none[2] = {0, 0}, second[2] = {0, 1};

	/* a v2 beats b 6 times in 10, and c (retired) loses to a v2 always,
	 * forfeiting its last game. */
	for (long g = 1; g <= 10; g++)
		ck_assert_int_eq(league_db_add_game(db, 1, g, g - (g - 1) % 2, "x", 2, ab,
						    g <= 6 ? won : lost, none, err), 0);
	for (long g = 11; g <= 14; g++)
		ck_assert_int_eq(league_db_add_game(db, 1, g, g - (g - 1) % 2, "x", 2, ac,
						    won, g == 14 ? second : none, err), 0);
	ck_assert_int_eq(league_rating_load(db, &lr, err), 0);
	ck_assert_int_eq(lr.game_count, 14);
	ck_assert_int_eq(lr.set_count, 7);
	/* Active first: a v2 (id 2) then b v1 (id 3); then c v1, then a v1
	 * with no game at all. */
	ck_assert_int_eq(lr.active, 2);
	ck_assert_int_eq(lr.order[0], 1);
	ck_assert_int_eq(lr.order[1], 2);
	ck_assert_int_eq(lr.order[2], 3);
	ck_assert_int_eq(lr.order[3], 0);
	/* Each version's forfeits: c v1's one. */
	ck_assert_int_eq(lr.forfeits[3], 1);
	ck_assert_int_eq(lr.forfeits[0] + lr.forfeits[1] + lr.forfeits[2], 0);
	league_rating_free(&lr);
	league_db_close(db);
}
END_TEST

START_TEST(ladder_keeps_superseded)
{
	char err[ERR_LEN];
	sqlite3 *db = small_index();
	struct league_rating lr;
	long ab[2] = {1, 3};
	int won[2] = {1, 2}, lost[2] = {2, 1}, none[2] = {0, 0};

	/* a v1 (id 1) beats b 6 times in 10; a v2 (id 2) has no game. */
	for (long g = 1; g <= 10; g++)
		ck_assert_int_eq(league_db_add_game(db, 1, g, g - (g - 1) % 2, "x", 2, ab,
						    g <= 6 ? won : lost, none, err), 0);
	ck_assert_int_eq(league_rating_load(db, &lr, err), 0);
	/* Ranked: a v1, kept until v2 is rated, b v1, and a v2 waiting,
	 * first in the queue; c (retired) apart. */
	ck_assert(lr.ranked == 3 && lr.active == 2);
	ck_assert(lr.order[2] == 1 && lr.order[3] == 3);
	ck_assert(lr.until[0] == 2 && lr.until[2] == 0);
	ck_assert(lr.waiting[1] == 1 && lr.waiting[0] + lr.waiting[2] + lr.waiting[3] == 0);
	league_rating_free(&lr);
	league_db_close(db);
}
END_TEST

/* A version slow in wall time (its sets 30 s, the others' 50 ms) plays
 * tasks of one set, in one lane of two workers' (the other's tasks leave
 * it out while its task is in flight), and a version never measured is
 * not seated with it; a lone worker alternates. */
START_TEST(slow_lane)
{
	struct league_pick p, one;
	int seats[2];
	bool slow, quick_seed;

	league_pick_init(&p, 4, 2, 2);
	for (int i = 0; i < 4; i++) {
		p.e[i] = (struct league_pick_entry){.rated = true, .elo = 0, .se = 50,
						    .games = 100};
		p.wall[i] = 0.05;
	}
	p.wall[3] = 30;
	p.e[3].se = 200;  /* the seed while it may be */
	ck_assert(league_pick_slow(&p, 3));
	ck_assert(!league_pick_slow(&p, 0));
	ck_assert_int_eq(league_pick_next(&p, seats, 24, &slow), 1);
	ck_assert(slow);
	ck_assert_int_eq(seats[0], 3);
	for (int k = 0; k < 50; k++) {
		ck_assert_int_eq(league_pick_next(&p, seats, 24, &quick_seed), 24);
		ck_assert(!quick_seed);
		ck_assert_int_ne(seats[0], 3);
		ck_assert_int_ne(seats[1], 3);
		league_pick_ended(&p, false);
	}
	league_pick_ended(&p, true);
	league_pick_next(&p, seats, 24, &slow);
	ck_assert(slow);
	league_pick_ended(&p, true);
	/* A version never measured, the seed: never with the slow one. */
	p.wall[0] = NAN;
	p.e[0].rated = false;
	p.e[0].se = INFINITY;
	for (int k = 0; k < 50; k++) {
		p.e[0].pending = 0;
		p.probing[0] = false;
		ck_assert_int_eq(league_pick_next(&p, seats, 24, &slow), 1);
		ck_assert_int_eq(seats[0], 0);
		ck_assert_int_ne(seats[1], 3);
		ck_assert(!slow);
		/* Its one task in flight: it is not seated again meanwhile. */
		league_pick_next(&p, seats, 24, &slow);
		ck_assert_int_ne(seats[0], 0);
		ck_assert_int_ne(seats[1], 0);
		league_pick_ended(&p, slow);
	}
	p.wall[0] = 0.05;
	p.e[0].rated = true;
	p.e[0].se = 50;
	p.last_slow = false;
	/* One worker (its lanes as a picker for one has them): a slow task,
	 * then one without it. */
	league_pick_init(&one, 4, 2, 1);
	p.lanes = one.lanes;
	league_pick_free(&one);
	league_pick_next(&p, seats, 24, &slow);
	ck_assert(slow);
	league_pick_ended(&p, true);
	league_pick_next(&p, seats, 24, &slow);
	ck_assert(!slow);
	league_pick_ended(&p, false);
	league_pick_next(&p, seats, 24, &slow);
	ck_assert(slow);
	league_pick_free(&p);
}
END_TEST

/* A version's wall time is the lower median of its last 8 sets: one slow
 * set among quick ones does not make it slow, and the oldest go. */
START_TEST(walls_kept)
{
	struct league_walls w = {0};

	ck_assert(isnan(league_walls_median(&w, 7)));
	league_walls_charge(&w, 7, 30);
	ck_assert(league_walls_median(&w, 7) == 30);
	league_walls_charge(&w, 7, 0.05);
	ck_assert(league_walls_median(&w, 7) == 0.05);
	for (int k = 0; k < 8; k++)
		league_walls_charge(&w, 9, 2.0 + k);
	ck_assert(league_walls_median(&w, 9) == 5);  /* 2..9: the lower median */
	for (int k = 0; k < 4; k++)
		league_walls_charge(&w, 9, 1);
	ck_assert(league_walls_median(&w, 9) == 1);  /* four 1s and 6..9: 2..5 gone */
	ck_assert(league_walls_median(&w, 7) == 0.05);
	league_walls_free(&w);
}
END_TEST

START_TEST(rests_when_settled)
{
	struct league_pick p;

	league_pick_init(&p, 3, 2, 2);
	p.e[0].se = 30 / RATINGS_Z95;
	p.e[1].se = 45 / RATINGS_Z95;
	p.e[2].se = 12 / RATINGS_Z95;
	ck_assert(league_pick_widest(&p) == 1);
	ck_assert(league_pace_settled(50, 45));
	ck_assert(!league_pace_settled(40, 45));
	ck_assert(!league_pace_settled(0, 45));  /* 0: never */
	p.e[2].se = INFINITY;  /* a version without an interval */
	ck_assert(league_pick_widest(&p) == 2);
	league_pick_free(&p);
}
END_TEST

/* A version's error counts no larger than an evenly matched version's
 * after half its pairs, 800 / (ln 10 sqrt(pairs / 2)); a bound as an
 * even version's of all of them. */
START_TEST(little_taught_counts_as_half_the_games)
{
	double even_200 = 800 / (M_LN10 * 10);  /* 200 pairs: sqrt(100) */

	ck_assert(fabs(league_pick_se(100, 200) - even_200) < 1e-9);
	ck_assert(league_pick_se(20, 200) == 20);
	ck_assert(fabs(league_pick_se(INFINITY, 100) - even_200) < 1e-9);
	ck_assert(league_pick_se(20, 0) == 20);
	ck_assert(isinf(league_pick_se(INFINITY, 0)));
}
END_TEST

START_TEST(not_an_index)
{
	char dir[] = "/tmp/check_league.XXXXXX", err[ERR_LEN], *path;
	sqlite3 *db;
	FILE *f;

	ck_assert(mkdtemp(dir) != NULL);
	ck_assert(league_db_open(dir, false, "rolit", 2, err) == NULL);
	path = xasprintf("%s/league.db", dir);
	ck_assert_str_eq(err + strlen(path), " is missing");
	f = fopen(path, "w");
	fputs("not a database, not at all, by any means\n", f);
	fclose(f);
	ck_assert(league_db_open(dir, false, "rolit", 2, err) == NULL);
	ck_assert_str_eq(err + strlen(path), " is not a league's index (damaged, or "
			 "another program's file)");
	unlink(path);
	sqlite3_close(league_db_open(dir, true, "bolo", 2, err));
	ck_assert(league_db_open(dir, false, "rolit", 2, err) == NULL);
	ck_assert_str_eq(err + strlen(path), " is the index of a league of bolo, not "
			 "of rolit: the folder is another league's");
	db = league_db_open(dir, false, "bolo", 2, err);
	ck_assert_int_eq(sqlite3_exec(db, "PRAGMA user_version=2", NULL, NULL, NULL), SQLITE_OK);
	league_db_close(db);
	ck_assert(league_db_open(dir, false, "bolo", 2, err) == NULL);
	ck_assert_str_eq(err + strlen(path), " is the index of an earlier referee (its "
			 "version 2, this one's 5)");
	unlink(path);
	rmdir(dir);
	free(path);
}
END_TEST

START_TEST(slurm_batch_round_trip)
{
	char dir[] = "/tmp/check_league.XXXXXX", err[ERR_LEN];
	char *none[] = {NULL}, *two[] = {"/r/one", "/r/two", NULL};
	struct league_version a = {.id = 3, .name = "a", .number = 2, .hash = "h1",
				   .command = "./bot x", .dir = "/d/a", .readable = two};
	struct league_version b = {.id = 7, .name = "b", .number = 1, .hash = "h2",
				   .command = "bot", .dir = "/d/b", .workdir = "/w/b",
				   .readable = none};
	struct league_slurm_task tasks[2] = {{.first = 1, .sets = 3, .seats = {a, b}},
					     {.first = 7, .sets = 1, .seats = {b, a}}};
	struct league_slurm_batch w = {.name = "arena-league-0011", .players = 2,
				       .count = 2, .tasks = tasks}, r;
	struct stat st;
	FILE *f;

	for (int i = 0; i < FAIR_HASH_BYTES; i++)
		w.key[i] = (unsigned char)i;
	ck_assert(mkdtemp(dir) != NULL);
	ck_assert_int_eq(league_slurm_batch_write(&w, dir, 4, err), 0);
	ck_assert(stat(w.path, &st) == 0 && (st.st_mode & 0777) == 0600);
	ck_assert_int_eq(league_slurm_batch_read(w.path, &r, err), 0);
	ck_assert_str_eq(r.name, "arena-league-0011");
	ck_assert(memcmp(r.key, w.key, sizeof r.key) == 0);
	ck_assert_int_eq(r.players, 2);
	ck_assert_int_eq(r.count, 2);
	ck_assert_int_eq(r.tasks[1].first, 7);
	ck_assert_int_eq(r.tasks[0].sets, 3);
	ck_assert_int_eq(r.tasks[1].seats[1].id, 3);
	ck_assert_int_eq(r.tasks[1].seats[1].number, 2);
	ck_assert_str_eq(r.tasks[1].seats[1].command, "./bot x");
	ck_assert_str_eq(r.tasks[1].seats[1].readable[1], "/r/two");
	ck_assert(r.tasks[1].seats[1].readable[2] == NULL);
	ck_assert(r.tasks[0].seats[0].workdir == NULL);
	ck_assert_str_eq(r.tasks[0].seats[1].workdir, "/w/b");
	ck_assert(r.tasks[0].seats[1].readable[0] == NULL);
	league_slurm_batch_free(&r);
	/* A task that seats one bot of two: refused, as a file of no batch. */
	f = fopen(w.path, "w");
	fprintf(f, "{\"format\":\"arena-league-batch/1\",\"name\":\"n\",\"key\":\"%064d\","
		"\"players\":2,\"tasks\":[{\"first\":1,\"sets\":1,\"seats\":[{\"id\":1,"
		"\"name\":\"a\",\"number\":1,\"hash\":\"h\",\"command\":\"c\",\"dir\":\"/\","
		"\"readable\":[]}]}]}\n", 0);
	fclose(f);
	ck_assert_int_eq(league_slurm_batch_read(w.path, &r, err), -1);
	ck_assert_str_eq(err + strlen(w.path), ": not a league's batch file");
	league_slurm_batch_free(&r);
	unlink(w.path);
	rmdir(dir);
	free(w.path);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("league");
	TCase *tc = tcase_create("league");

	tcase_add_test(tc, seed_least_certain);
	tcase_add_test(tc, caps_and_seats);
	tcase_add_test(tc, task_of_sets);
	tcase_add_test(tc, slow_lane);
	tcase_add_test(tc, walls_kept);
	tcase_add_test(tc, versions_listed);
	tcase_add_test(tc, ladder_by_lower_bound);
	tcase_add_test(tc, ladder_keeps_superseded);
	tcase_add_test(tc, rests_when_settled);
	tcase_add_test(tc, little_taught_counts_as_half_the_games);
	tcase_add_test(tc, not_an_index);
	tcase_add_test(tc, slurm_batch_round_trip);
	suite_add_tcase(s, tc);
	return s;
}
