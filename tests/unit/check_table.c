/*
 * Unit tests for table.c: who is still in, when a game ends early, and
 * how forfeits are ranked (PROTOCOL.md, "Faults and what they cost").
 */
#include <string.h>

#include "games/registry.h"
#include "run_suite.h"
#include "table.h"
#include "util.h"

static char err[ERR_LEN];
static const unsigned char zero_key[32];

static cJSON *rolit_options(const char *first)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "size", 8);
	cJSON_AddStringToObject(o, "first", first);
	return o;
}

static void begin(struct table *t, int players, struct draws *draws)
{
	cJSON *options = rolit_options("seat0");

	table_init(t, &rolit_rules, players);
	draws_init(draws, zero_key, NULL, NULL);
	ck_assert_int_eq(table_begin(t, options, draws, err), 0);
	cJSON_Delete(options);
}

START_TEST(two_player_forfeit_ends_the_game)
{
	struct table t;
	struct draws d;
	struct game_result r;

	begin(&t, 2, &d);
	ck_assert_int_eq(table_to_move(&t), 0);
	table_forfeit(&t, 0, &d);
	ck_assert_int_eq(table_to_move(&t), -1);
	table_result(&t, &r);
	ck_assert_int_eq(r.rank[0], 2);
	ck_assert_int_eq(r.rank[1], 1);
	table_free(&t);
}
END_TEST

START_TEST(multiplayer_forfeits_rank_last_in_order)
{
	struct table t;
	struct draws d;
	struct game_result r;
	cJSON *move = cJSON_CreateString("D6");

	begin(&t, 4, &d);
	table_forfeit(&t, 2, &d);           /* before any move */
	ck_assert_int_eq(table_to_move(&t), 0);
	ck_assert_int_eq(table_apply(&t, move, &d, err), 0);
	table_forfeit(&t, 1, &d);           /* on its turn, after a move */
	ck_assert_int_eq(table_to_move(&t), 3);
	table_result(&t, &r);
	/* Seat 0 captured: 3 red balls against 1 blue. */
	ck_assert_int_eq(r.rank[0], 1);
	ck_assert_int_eq(r.rank[3], 2);
	ck_assert_int_eq(r.rank[1], 3);     /* left later */
	ck_assert_int_eq(r.rank[2], 4);     /* left first */
	cJSON_Delete(move);
	table_free(&t);
}
END_TEST

START_TEST(forfeits_before_play_share_a_rank)
{
	struct table t;
	struct draws d;
	struct game_result r;
	cJSON *options = rolit_options("seat0");

	table_init(&t, &rolit_rules, 3);
	table_forfeit(&t, 0, NULL);
	table_forfeit(&t, 1, NULL);
	draws_init(&d, zero_key, NULL, NULL);
	ck_assert_int_eq(table_begin(&t, options, &d, err), 0);
	ck_assert_ptr_null(t.state);          /* one seat left: no game */
	ck_assert_int_eq(table_to_move(&t), -1);
	table_result(&t, &r);
	ck_assert_int_eq(r.rank[2], 1);
	ck_assert_int_eq(r.rank[0], 2);
	ck_assert_int_eq(r.rank[1], 2);
	cJSON_Delete(options);
}
END_TEST

START_TEST(abandoned_game_is_shared_first)
{
	struct table t;
	struct game_result r;

	table_init(&t, &rolit_rules, 3);
	table_forfeit(&t, 1, NULL);
	table_abandon(&t);
	table_result(&t, &r);
	ck_assert_int_eq(r.rank[0], 1);
	ck_assert_int_eq(r.rank[2], 1);
	ck_assert_int_eq(r.rank[1], 3);
}
END_TEST

START_TEST(first_random_is_draw_zero)
{
	struct table t;
	struct draws d;
	cJSON *options = rolit_options("random");

	table_init(&t, &rolit_rules, 4);
	draws_init(&d, zero_key, NULL, NULL);
	ck_assert_int_eq(table_begin(&t, options, &d, err), 0);
	ck_assert_uint_eq(d.next_index, 1);
	ck_assert_int_eq(table_to_move(&t), t.first_seat);
	cJSON_Delete(options);
	table_free(&t);
}
END_TEST

START_TEST(setup_check_names_the_problem)
{
	cJSON *options = rolit_options("seat0");

	ck_assert_int_eq(table_check_setup(&rolit_rules, options, 5, err), -1);
	ck_assert_str_eq(err, "rolit is played by 2 to 4 players, not 5");
	ck_assert_int_eq(table_check_setup(&rolit_rules, options, 2, err), 0);
	cJSON_Delete(options);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, two_player_forfeit_ends_the_game);
	tcase_add_test(tc, multiplayer_forfeits_rank_last_in_order);
	tcase_add_test(tc, forfeits_before_play_share_a_rank);
	tcase_add_test(tc, abandoned_game_is_shared_first);
	tcase_add_test(tc, first_random_is_draw_zero);
	tcase_add_test(tc, setup_check_names_the_problem);
	suite_add_tcase(s, tc);
	return s;
}
