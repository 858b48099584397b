/*
 * Unit tests for progress_leader.c: the status line's leader is the bot
 * `referee ladder` puts first, with its rating or bound as the ladder
 * shows it, whatever the bots' order in the tournament file; and a new
 * fit waits until it is due unless asked for now.
 */
#include "run/progress_leader.h"
#include "run_suite.h"

static char *names[] = {"alpha", "beta"};

/* One two-player game: `winner` beats the other. */
static void game(struct progress_leader *l, int winner)
{
	int bot[2] = {0, 1}, rank[2] = {winner ? 2 : 1, winner ? 1 : 2};

	progress_leader_add(l, bot, rank, 2);
}

/* Bots field[] (`bots` of them) play `count` two-player games, in each
 * games[k][0] beating games[k][1]: the leader is bot `leader`, shown as
 * `want`. */
static void check_leader(char **field, int bots, const int (*games)[2], int count,
			 const char *want, int leader)
{
	static const int rank[2] = {1, 2};
	struct progress_leader l;
	char text[64];

	progress_leader_init(&l, NULL, field, bots);
	for (int k = 0; k < count; k++)
		progress_leader_add(&l, games[k], rank, 2);
	ck_assert_int_eq(progress_leader_update(&l, true), leader);
	ck_assert(progress_leader_text(&l, text, sizeof text));
	ck_assert_str_eq(text, want);
	progress_leader_free(&l);
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
	ck_assert_str_eq(text, "alpha +0.0 Elo");
	/* Three losses: not fitted again before it is due... */
	game(&l, 1);
	game(&l, 1);
	game(&l, 1);
	ck_assert_int_eq(progress_leader_update(&l, false), 0);
	/* ...unless now: beta scores 3/4, 400 log10(3) = 190.85 Elo more,
	 * the pair centred on 0. */
	ck_assert_int_eq(progress_leader_update(&l, true), 1);
	ck_assert(progress_leader_text(&l, text, sizeof text));
	ck_assert_str_eq(text, "beta +95.4 Elo");
	ck_assert_int_eq(l.entry.status, RATINGS_RATED);
	ck_assert_double_eq_tol(l.entry.elo, 95.424, 0.001);
	progress_leader_free(&l);
}
END_TEST

/* One bot won every game against the other: the ladder fits the winner
 * (the more points), whatever the bots' numbers, and bounds the loser
 * below it; the leader is its reference, "+0.0". */
START_TEST(winner_of_every_game)
{
	static const int games[][2] = {{1, 0}};
	static char *field[] = {"zbank", "rnd"};
	static const int zbank_won[][2] = {{0, 1}, {0, 1}};

	check_leader(names, 2, games, 1, "beta +0.0 Elo", 1);
	check_leader(field, 2, zbank_won, 2, "zbank +0.0 Elo", 0);
}
END_TEST

/* Nobody has met a bot that also won every game: in the file's order
 * "win" would be the rated reference with "top" unplaced; the ladder
 * rates "a" and puts both winners above it, the one with two wins
 * first. */
START_TEST(leader_as_the_ladder_orders_the_bots)
{
	static char *field[] = {"win", "top", "a"};
	static const int games[][2] = {{0, 2}, {1, 2}, {1, 2}};

	check_leader(field, 3, games, 3, "top > -216.2 Elo", 1);
}
END_TEST

/* Seats 0 and 2 against 1 and 3. */
static int pairs_of_seats(int players, int seat)
{
	(void)players;
	return seat % 2;
}

/* Partners that never change have no ratings: the ladder lists them
 * unrated, by name, and so does the leader, without a number; a bot
 * without a game is never the leader. */
START_TEST(unrated)
{
	static char *field[] = {"delta", "charlie", "bravo", "alpha", "aardvark"};
	static const struct game_rules teams = {.team_of = pairs_of_seats};
	int bot[4] = {0, 1, 2, 3}, won[4] = {1, 2, 1, 2}, lost[4] = {2, 1, 2, 1};
	struct progress_leader l;
	char text[64];

	progress_leader_init(&l, &teams, field, 5);
	progress_leader_add(&l, bot, won, 4);
	progress_leader_add(&l, bot, lost, 4);
	ck_assert_int_eq(progress_leader_update(&l, true), 3);
	ck_assert(progress_leader_text(&l, text, sizeof text));
	ck_assert_str_eq(text, "alpha unrated");
	progress_leader_free(&l);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("progress_leader");
	TCase *tc = tcase_create("progress_leader");

	tcase_add_test(tc, leader_and_throttle);
	tcase_add_test(tc, winner_of_every_game);
	tcase_add_test(tc, leader_as_the_ladder_orders_the_bots);
	tcase_add_test(tc, unrated);
	suite_add_tcase(s, tc);
	return s;
}
