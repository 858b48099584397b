/*
 * Unit tests for progress_leader.c: the status line's leader is the bot
 * the ratings put first, with its rating or bound, and a new fit waits
 * until it is due unless asked for now.
 */
#include "progress_leader.h"
#include "run_suite.h"

static char *names[] = {"alpha", "beta"};

/* One two-player game: `winner` beats the other. */
static void game(struct progress_leader *l, int winner)
{
	int bot[2] = {0, 1}, rank[2] = {winner ? 2 : 1, winner ? 1 : 2};

	progress_leader_add(l, bot, rank, 2);
}

START_TEST(leader_and_throttle)
{
	struct progress_leader l;
	char text[64];

	progress_leader_init(&l, NULL, names, 2);
	ck_assert(!progress_leader_text(&l, text, sizeof text));
	ck_assert_int_eq(progress_leader_update(&l, false), -1);
	/* One win: alpha leads, as the ladder places it (the rated
	 * reference, beta only bounded below it). */
	game(&l, 0);
	ck_assert_int_eq(progress_leader_update(&l, false), 0);
	ck_assert(progress_leader_text(&l, text, sizeof text));
	ck_assert_str_eq(text, "alpha +0 Elo");
	/* Three losses: not fitted again before it is due... */
	game(&l, 1);
	game(&l, 1);
	game(&l, 1);
	ck_assert_int_eq(progress_leader_update(&l, false), 0);
	/* ...unless now: beta scores 3/4, 400 log10(3) = 190.85 Elo more,
	 * the pair centred on 0. */
	ck_assert_int_eq(progress_leader_update(&l, true), 1);
	ck_assert(progress_leader_text(&l, text, sizeof text));
	ck_assert_str_eq(text, "beta +95 Elo");
	ck_assert_int_eq(l.status, RATINGS_RATED);
	ck_assert_double_eq_tol(l.elo, 95.424, 0.001);
	progress_leader_free(&l);
}
END_TEST

/* A leader known only by a bound says so, as the ladder does. */
START_TEST(bound)
{
	struct progress_leader l;
	char text[64];

	progress_leader_init(&l, NULL, names, 2);
	game(&l, 1);
	ck_assert_int_eq(progress_leader_update(&l, true), 1);
	ck_assert(progress_leader_text(&l, text, sizeof text));
	ck_assert_str_eq(text, "beta > -512 Elo");
	progress_leader_free(&l);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("progress_leader");
	TCase *tc = tcase_create("progress_leader");

	tcase_add_test(tc, leader_and_throttle);
	tcase_add_test(tc, bound);
	suite_add_tcase(s, tc);
	return s;
}
