/*
 * Unit tests for timings.c and ladder_stats.c: the median, 95th
 * percentile and largest of reply times, a game's figures to and from a
 * manifest's finished record, and a bot's figures over games (forfeits
 * by reason, medians and 95th percentiles weighted by turns).
 */
#include <stdlib.h>
#include <string.h>

#include "ladder_stats.h"
#include "run_suite.h"
#include "timings.h"

START_TEST(percentiles)
{
	struct timings t = {0};
	int64_t sum[TIMINGS_SUMMARY];

	timings_summarize(&t, sum);
	ck_assert(sum[TIMINGS_MEDIAN] == 0 && sum[TIMINGS_P95] == 0 && sum[TIMINGS_MAX] == 0);
	/* 1..20 given backwards: nearest rank 10 and 19. */
	for (int v = 20; v >= 1; v--)
		timings_add(&t, v);
	timings_summarize(&t, sum);
	ck_assert_int_eq(sum[TIMINGS_MEDIAN], 10);
	ck_assert_int_eq(sum[TIMINGS_P95], 19);
	ck_assert_int_eq(sum[TIMINGS_MAX], 20);
	timings_clear(&t);
	timings_add(&t, 7);
	timings_summarize(&t, sum);
	ck_assert(sum[TIMINGS_MEDIAN] == 7 && sum[TIMINGS_P95] == 7 && sum[TIMINGS_MAX] == 7);
	timings_free(&t);
}
END_TEST

START_TEST(from_record)
{
	struct ladder_reasons reasons = {0};
	struct ladder_game_stats g;
	cJSON *r = cJSON_Parse("{\"type\":\"finished\",\"ranks\":[2,1],"
			       "\"forfeits\":[\"timeout\",null],"
			       "\"moves\":[[3,10,20,30],[4,5,6,7]]}");

	ladder_stats_from_record(r, 2, &reasons, &g);
	ck_assert_int_eq(reasons.count, 1);
	ck_assert_str_eq(reasons.names[0], "timeout");
	ck_assert_int_eq(g.reason[0], 1);
	ck_assert_int_eq(g.reason[1], 0);
	ck_assert_int_eq(g.turns[0], 3);
	ck_assert_int_eq(g.us[0][TIMINGS_P95], 20);
	ck_assert_int_eq(g.us[1][TIMINGS_MAX], 7);
	cJSON_Delete(r);
	/* A record from before these fields: no forfeits, no turns. */
	r = cJSON_Parse("{\"type\":\"finished\",\"ranks\":[1,2]}");
	ladder_stats_from_record(r, 2, &reasons, &g);
	ck_assert(g.reason[0] == 0 && g.reason[1] == 0 && g.turns[0] == 0 && g.turns[1] == 0);
	cJSON_Delete(r);
	ladder_reasons_free(&reasons);
}
END_TEST

START_TEST(to_record)
{
	struct ladder_reasons reasons = {0};
	struct ladder_game_stats g = {.turns = {2, 0}, .us = {{1, 2, 3}}}, back;
	cJSON *r = cJSON_CreateObject();
	char *text;

	ladder_stats_to_record(&g, 2, &reasons, r);
	text = cJSON_PrintUnformatted(r);
	ck_assert_str_eq(text, "{\"moves\":[[2,1,2,3],[0,0,0,0]]}");
	free(text);
	cJSON_Delete(r);
	g.reason[1] = ladder_reasons_number(&reasons, "illegal-action");
	g.ended = 1763800000;
	ck_assert_int_eq(ladder_stats_forfeits(&g, 2), 1);
	r = cJSON_CreateObject();
	ladder_stats_to_record(&g, 2, &reasons, r);
	text = cJSON_PrintUnformatted(r);
	ck_assert_str_eq(text, "{\"forfeits\":[null,\"illegal-action\"],"
			 "\"moves\":[[2,1,2,3],[0,0,0,0]],\"ended\":1763800000}");
	ladder_stats_from_record(r, 2, &reasons, &back);
	ck_assert_int_eq(memcmp(&g, &back, sizeof g), 0);
	free(text);
	cJSON_Delete(r);
	ladder_reasons_free(&reasons);
}
END_TEST

START_TEST(by_bot)
{
	struct ladder_reasons reasons = {0};
	struct rating_game games[3] = {
		{.seats = 2, .entrant = {0, 1}},
		{.seats = 2, .entrant = {1, 0}},
		{.seats = 2, .entrant = {0, 2}},
	};
	struct ladder_game_stats stats[3];
	struct ladder_bot_stats bots[3];
	cJSON *r[3] = {
		cJSON_Parse("{\"moves\":[[10,100,200,900],[1,50,50,50]]}"),
		cJSON_Parse("{\"forfeits\":[\"exit\",null],\"moves\":[[0,0,0,0],[2,300,400,400]]}"),
		cJSON_Parse("{\"forfeits\":[null,\"timeout\"],\"moves\":[[1,1000,1000,1000],[0,0,0,0]]}"),
	};

	for (int i = 0; i < 3; i++) {
		ladder_stats_from_record(r[i], 2, &reasons, &stats[i]);
		cJSON_Delete(r[i]);
	}
	ladder_stats_by_bot(games, stats, 3, 3, &reasons, bots);
	/* Bot 0: medians 100 (10 turns), 300 (2), 1000 (1): the median of
	 * 13 turns is in the first game's; the 95th percentile (rank 13 of
	 * 13) in the third's. */
	ck_assert_int_eq(bots[0].turns, 13);
	ck_assert_int_eq(bots[0].us[TIMINGS_MEDIAN], 100);
	ck_assert_int_eq(bots[0].us[TIMINGS_P95], 1000);
	ck_assert_int_eq(bots[0].us[TIMINGS_MAX], 1000);
	ck_assert_int_eq(bots[0].forfeits, 0);
	ck_assert_int_eq(bots[1].forfeits, 1);
	ck_assert_int_eq(bots[1].by_reason[0], 1); /* exit, met first */
	ck_assert_int_eq(bots[1].turns, 1);
	ck_assert_int_eq(bots[1].us[TIMINGS_MEDIAN], 50);
	ck_assert_int_eq(bots[2].forfeits, 1);
	ck_assert_int_eq(bots[2].by_reason[1], 1); /* timeout */
	ck_assert_int_eq(bots[2].turns, 0);
	ck_assert_int_eq(bots[2].us[TIMINGS_MAX], 0);
	ladder_stats_free(bots, 3);
	ladder_reasons_free(&reasons);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("ladder_stats");
	TCase *tc = tcase_create("ladder_stats");

	tcase_add_test(tc, percentiles);
	tcase_add_test(tc, from_record);
	tcase_add_test(tc, to_record);
	tcase_add_test(tc, by_bot);
	suite_add_tcase(s, tc);
	return s;
}
