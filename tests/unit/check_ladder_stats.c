/*
 * Unit tests for timings.c, reply_times.c and ladder/ladder_rank.c: the median,
 * 95th percentile and largest of reply times, exactly and as histograms
 * (their buckets, their JSON and worker forms), and a bot's figures (a
 * game's forfeits in a manifest's finished record are
 * check_manifest_read.c's).
 */
#include <stdlib.h>
#include <string.h>

#include "base/timings.h"
#include "ladder/ladder_rank.h"
#include "run_suite.h"

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
	/* The one definition of a percentile's rank: ceil(p * n / 100), at
	 * least 1, so the median of an even count is the lower middle one. */
	ck_assert_uint_eq(timings_rank(4, 50), 2);
	ck_assert_uint_eq(timings_rank(5, 50), 3);
	ck_assert_uint_eq(timings_rank(20, 95), 19);
	ck_assert_uint_eq(timings_rank(1, 95), 1);
	ck_assert_uint_eq(timings_rank(0, 50), 1);
	timings_free(&t);
	timings_add(&t, 7);
	timings_summarize(&t, sum);
	ck_assert(sum[TIMINGS_MEDIAN] == 7 && sum[TIMINGS_P95] == 7 && sum[TIMINGS_MAX] == 7);
	timings_free(&t);
}
END_TEST

/* Every bucket's floor is in that bucket and the one before it ends
 * just below; below 32 µs each time has a bucket. */
START_TEST(buckets)
{
	for (int b = 0; b < REPLY_TIMES_BUCKETS; b++) {
		ck_assert_int_eq(reply_times_bucket(reply_times_floor(b)), b);
		if (b)
			ck_assert_int_eq(reply_times_bucket(reply_times_floor(b) - 1), b - 1);
	}
	ck_assert_int_eq(reply_times_bucket(31), 31);
	ck_assert_int_eq(reply_times_floor(32), 32);
	ck_assert_int_eq(reply_times_floor(47), 62);  /* 62 and 63 */
	ck_assert_int_eq(reply_times_floor(48), 64);
	ck_assert_int_eq(reply_times_bucket(-5), 0);
	ck_assert_int_eq(reply_times_bucket(INT64_MAX), REPLY_TIMES_BUCKETS - 1);
	ck_assert_int_eq(reply_times_bucket(REPLY_TIMES_LIMIT_US), REPLY_TIMES_BUCKETS - 1);
}
END_TEST

START_TEST(histogram_percentiles)
{
	struct reply_times t = {0};

	ck_assert_int_eq(reply_times_percentile(&t, 50), 0);
	/* 1..20 backwards: exact below 32 µs, nearest rank 10 and 19. */
	for (int v = 20; v >= 1; v--)
		reply_times_add(&t, v);
	ck_assert_int_eq(t.turns, 20);
	ck_assert_int_eq(reply_times_percentile(&t, 50), 10);
	ck_assert_int_eq(reply_times_percentile(&t, 95), 19);
	ck_assert_int_eq(t.max, 20);
	/* Above, the middle of the bucket: 992..1023 µs is one bucket
	 * (1024 = 16 << 6 starts the next), so 1010 reads as 1007, within
	 * 3.2% of any time in it; never above the longest. */
	memset(&t, 0, sizeof t);
	reply_times_add(&t, 1010);
	ck_assert_int_eq(reply_times_floor(reply_times_bucket(1010)), 992);
	ck_assert_int_eq(reply_times_percentile(&t, 50), 1007);
	t.max = 1000;
	ck_assert_int_eq(reply_times_percentile(&t, 50), 1000);
	t.max = 1010;
	reply_times_add(&t, 5000);
	reply_times_add(&t, 5000);
	ck_assert_int_eq(reply_times_percentile(&t, 50), 5000 / 256 * 256 + 127);
	ck_assert_int_eq(reply_times_percentile(&t, 95), 4991);
	for (int64_t us = 32; us < 100000000; us = us * 5 / 4) {
		struct reply_times one = {0};
		int64_t read;

		reply_times_add(&one, us);
		one.max = INT64_MAX;  /* no clamp */
		read = reply_times_percentile(&one, 50);
		ck_assert(llabs(read - us) * 1000 <= us * 32);
	}
}
END_TEST

START_TEST(histogram_json_and_text)
{
	struct reply_times t = {0}, back = {0};
	cJSON *o = cJSON_CreateObject();
	char *text, buf[256];

	reply_times_add(&t, 7);
	reply_times_add(&t, 7);
	reply_times_add(&t, 1010);
	reply_times_put_json(&t, o);
	text = cJSON_PrintUnformatted(o);
	ck_assert_str_eq(text, "{\"turns\":3,\"max\":1010,\"us\":[[7,2],[992,1]]}");
	ck_assert(reply_times_add_json(&back, o));
	ck_assert_int_eq(memcmp(&t, &back, sizeof t), 0);
	free(text);
	cJSON_Delete(o);
	/* Not a floor, counts that do not add up, a floor above max. */
	for (int i = 0; i < 4; i++) {
		static const char *const bad[] = {
			"{\"turns\":1,\"max\":1010,\"us\":[[1000,1]]}",
			"{\"turns\":2,\"max\":10,\"us\":[[7,1]]}",
			"{\"turns\":1,\"max\":5,\"us\":[[7,1]]}",
			"{\"turns\":1,\"max\":-1,\"us\":[[0,1]]}",
		};

		o = cJSON_Parse(bad[i]);
		ck_assert(!reply_times_add_json(&back, o));
		ck_assert_int_eq(memcmp(&t, &back, sizeof t), 0);
		cJSON_Delete(o);
	}
	ck_assert_int_eq(reply_times_to_text(&t, buf, sizeof buf), 14);
	ck_assert_str_eq(buf, "1010,7:2,111:1");
	memset(&back, 0, sizeof back);
	ck_assert_ptr_eq(reply_times_add_text(&back, buf), buf + 14);
	ck_assert_int_eq(memcmp(&t, &back, sizeof t), 0);
	ck_assert_ptr_null(reply_times_add_text(&back, "10,448:1"));
	ck_assert_ptr_null(reply_times_add_text(&back, "x"));
}
END_TEST

/* Both clocks: the CPU time in a member "cpu", and after a "/" in the
 * short form, only when there is any. */
START_TEST(clocks_json_and_text)
{
	struct reply_clocks c, back;
	cJSON *o = cJSON_CreateObject();
	char *text, buf[256];

	memset(&c, 0, sizeof c);
	memset(&back, 0, sizeof back);
	reply_times_add(&c.wall, 7);
	reply_clocks_put_json(&c, o);
	text = cJSON_PrintUnformatted(o);
	ck_assert_str_eq(text, "{\"turns\":1,\"max\":7,\"us\":[[7,1]]}");
	free(text);
	ck_assert_int_eq(reply_clocks_to_text(&c, buf, sizeof buf), 5);
	ck_assert_str_eq(buf, "7,7:1");
	cJSON_Delete(o);

	reply_times_add(&c.cpu, 5);
	o = cJSON_CreateObject();
	reply_clocks_put_json(&c, o);
	text = cJSON_PrintUnformatted(o);
	ck_assert_str_eq(text, "{\"turns\":1,\"max\":7,\"us\":[[7,1]],"
			 "\"cpu\":{\"turns\":1,\"max\":5,\"us\":[[5,1]]}}");
	free(text);
	ck_assert(reply_clocks_add_json(&back, o));
	ck_assert_int_eq(memcmp(&c, &back, sizeof c), 0);
	cJSON_Delete(o);
	ck_assert_int_eq(reply_clocks_to_text(&c, buf, sizeof buf), 11);
	ck_assert_str_eq(buf, "7,7:1/5,5:1");
	memset(&back, 0, sizeof back);
	ck_assert_ptr_eq(reply_clocks_add_text(&back, buf), buf + 11);
	ck_assert_int_eq(memcmp(&c, &back, sizeof c), 0);
	/* A "cpu" that is not a histogram is refused whole. */
	o = cJSON_Parse("{\"turns\":1,\"max\":7,\"us\":[[7,1]],\"cpu\":{\"turns\":2}}");
	ck_assert(!reply_clocks_add_json(&back, o));
	ck_assert_int_eq(memcmp(&c, &back, sizeof c), 0);
	cJSON_Delete(o);
}
END_TEST

START_TEST(by_bot)
{
	struct forfeit_reasons reasons = {0};
	struct rating_game games[3] = {
		{.seats = 2, .entrant = {0, 1}},
		{.seats = 2, .entrant = {1, 0}},
		{.seats = 2, .entrant = {0, 2}},
	};
	struct game_figures stats[3] = {0};
	struct ladder_bot_stats bots[3];
	struct reply_clocks replies[3];

	stats[1].reason[0] = forfeit_reasons_number(&reasons, "exit");
	stats[2].reason[1] = forfeit_reasons_number(&reasons, "timeout");
	memset(replies, 0, sizeof replies);
	for (int v = 1; v <= 13; v++) {
		reply_times_add(&replies[0].wall, v);
		reply_times_add(&replies[0].cpu, 2 * v);
	}
	reply_times_add(&replies[1].wall, 25);
	ladder_stats_by_bot(games, stats, 3, 3, &reasons, replies, bots);
	ck_assert_int_eq(bots[0].turns, 13);
	ck_assert_int_eq(bots[0].us[TIMINGS_MEDIAN], 7);
	ck_assert_int_eq(bots[0].us[TIMINGS_P95], 13);
	ck_assert_int_eq(bots[0].us[TIMINGS_MAX], 13);
	ck_assert_int_eq(bots[0].cpu_turns, 13);
	ck_assert_int_eq(bots[0].cpu_us[TIMINGS_MEDIAN], 14);
	ck_assert_int_eq(bots[0].cpu_us[TIMINGS_MAX], 26);
	ck_assert_int_eq(bots[1].cpu_turns, 0); /* no game of the CPU clock */
	ck_assert_int_eq(bots[0].forfeits, 0);
	ck_assert_int_eq(bots[1].forfeits, 1);
	ck_assert_int_eq(bots[1].by_reason[0], 1); /* exit, met first */
	ck_assert_int_eq(bots[1].turns, 1);
	ck_assert_int_eq(bots[1].us[TIMINGS_MEDIAN], 25);
	ck_assert_int_eq(bots[2].forfeits, 1);
	ck_assert_int_eq(bots[2].by_reason[1], 1); /* timeout */
	ck_assert_int_eq(bots[2].turns, 0);
	ck_assert_int_eq(bots[2].us[TIMINGS_MAX], 0);
	ladder_stats_free(bots, 3);
	forfeit_reasons_free(&reasons);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("ladder_stats");
	TCase *tc = tcase_create("ladder_stats");

	tcase_add_test(tc, percentiles);
	tcase_add_test(tc, buckets);
	tcase_add_test(tc, histogram_percentiles);
	tcase_add_test(tc, histogram_json_and_text);
	tcase_add_test(tc, clocks_json_and_text);
	tcase_add_test(tc, by_bot);
	suite_add_tcase(s, tc);
	return s;
}
