/*
 * Unit tests for the ladder as `referee ladder` prints it (ladder_rank.c,
 * ladder_print.c, its formats by name in ladder_show.c, crosstable.c): a
 * small exact set of results, whose ratings follow from the reference
 * scores of docs/LADDER.md, printed as the table, csv, json and the
 * crosstable alone, character for character; and the crosstable of
 * multiplayer and team games.
 *
 * The results: alpha beats beta 3 games of 4 (75%: +190.85 Elo), beta
 * scores 2.5 of 4 against gamma (62.5%: +88.74), alpha and gamma never
 * meet.  Such a chain of pairs is fitted exactly, so with the mean at 0:
 * beta = (88.74 - 190.85) / 3 = -34.04, alpha = +156.81, gamma = -122.78.
 * (The intervals and the likelihoods of superiority are the fit's
 * sandwich variance, whose own tests are in check_ratings.c.)
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ladder/crosstable.h"
#include "ladder/ladder_print.h"
#include "run_suite.h"

enum { ALPHA, BETA, GAMMA, BOTS };

static char *names[BOTS] = {"alpha", "beta", "gamma"};

/* A two-player game; `timeout_seat`: the seat that forfeited on time,
 * or -1. */
static void add_game(struct ladder_data *d, int a, int b, int rank_a, int rank_b,
		     int timeout_seat)
{
	struct rating_game *g = &d->games[d->count];
	struct game_figures *st = &d->stats[d->count++];

	*g = (struct rating_game){.seats = 2, .rank = {(int8_t)rank_a, (int8_t)rank_b},
				  .team = {-1, -1}, .entrant = {(int16_t)a, (int16_t)b}};
	memset(st, 0, sizeof *st);
	if (timeout_seat >= 0)
		st->reason[timeout_seat] = forfeit_reasons_number(&d->reasons, "timeout");
}

/* The results above, with each bot's reply times: alpha's 1, 2 and 3 ms
 * (median 2 ms, as the middle of its histogram bucket), beta's 10 and
 * 20 µs (exact below 32 µs: the median of two is the lower, 10 µs),
 * gamma's none; gamma lost one game to beta on time. */
static void results(struct ladder_data *d)
{
	memset(d, 0, sizeof *d);
	d->entrants = BOTS;
	d->names = names;
	d->games = xcalloc(8, sizeof *d->games);
	d->stats = xcalloc(8, sizeof *d->stats);
	d->replies = xcalloc(BOTS, sizeof *d->replies);
	d->max_seats = 2;
	snprintf(d->game, sizeof d->game, "bolo");
	memset(d->key_hex, 'a', 64);
	add_game(d, ALPHA, BETA, 1, 2, -1);
	add_game(d, BETA, ALPHA, 2, 1, -1);
	add_game(d, ALPHA, BETA, 1, 2, -1);
	add_game(d, BETA, ALPHA, 1, 2, -1);
	add_game(d, BETA, GAMMA, 1, 2, -1);
	add_game(d, GAMMA, BETA, 2, 1, 0);
	add_game(d, BETA, GAMMA, 1, 1, -1);
	add_game(d, GAMMA, BETA, 1, 2, -1);
	for (int ms = 1; ms <= 3; ms++)
		reply_times_add(&d->replies[ALPHA].wall, 1000 * ms);
	reply_times_add(&d->replies[BETA].wall, 20);
	reply_times_add(&d->replies[BETA].wall, 10);
}

static void free_results(struct ladder_data *d)
{
	free(d->games);
	free(d->stats);
	free(d->replies);
	forfeit_reasons_free(&d->reasons);
}

/* What ladder_print() prints of `d` in `format`, a new string; `d` is
 * freed. */
static char *printed_of(struct ladder_data *d, enum ladder_format format)
{
	struct ladder_rank rank;
	char err[ERR_LEN], *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	ck_assert_msg(ladder_rank(d, NULL, &rank, err) == 0, "%s", err);
	ladder_print(out, d, &rank, names, format, false);
	fclose(out);
	ladder_rank_free(&rank);
	free_results(d);
	return text;
}

/* What ladder_print() prints of the results in `format`, a new string;
 * with `sets` (else NULL), the games' duplicate sets. */
static char *printed(enum ladder_format format, uint32_t *sets)
{
	struct ladder_data d;

	results(&d);
	d.sets = sets;
	d.set_count = sets ? 4 : 0;
	return printed_of(&d, format);
}

static void assert_printed(enum ladder_format format, const char *want)
{
	char *text = printed(format, NULL);

	ck_assert_str_eq(text, want);
	free(text);
}

/* The crosstable of the results, as the table and the crosstable views
 * print it. */
#define CROSSTABLE \
"\n" \
"crosstable (row's points against column, of the games between them)\n" \
"                                   1         2         3\n" \
"   1  alpha                        -       3/4         .\n" \
"   2  beta                       1/4         -     2.5/4\n" \
"   3  gamma                        .     1.5/4         -\n"


/* Every format of `referee ladder --format` is found by its name, the
 * table when none is given, and nothing else is one. */
START_TEST(formats_by_name)
{
	static const struct {
		const char *name;
		int format;
	} called[] = {
		{"table", LADDER_TABLE}, {"csv", LADDER_CSV}, {"json", LADDER_JSON},
		{"pgn", LADDER_PGN}, {"crosstable", LADDER_CROSSTABLE},
		{"folders", LADDER_FOLDERS}, {NULL, LADDER_TABLE}, {"", -1},
		{"PGN", -1}, {"tables", -1}, {"tabl", -1},
	};

	for (size_t i = 0; i < sizeof called / sizeof *called; i++)
		ck_assert_msg(ladder_format_called(called[i].name) == called[i].format,
			      "'%s' is format %d, not %d", called[i].name ? called[i].name : "(null)",
			      ladder_format_called(called[i].name), called[i].format);
}
END_TEST
START_TEST(table)
{
	assert_printed(LADDER_TABLE,
"rank  bot                        Elo  +/-95%  games  points   score  wins draws losses    LOS\n"
"   1  alpha                   +156.8   280.7      4     3.0   75.0%     3     0      1  82.9%\n"
"   2  beta                     -34.0   165.1      8     3.5   43.8%     3     1      4  71.8%\n"
"   3  gamma                   -122.8   239.7      4     1.5   37.5%     1     1      2       \n"
"\n"
"rank  bot                  forfeits   by reason                  turns    median       p95       max   CPU med   CPU p95\n"
"   1  alpha                       0                                  3    2.0 ms    3.0 ms    3.0 ms      -         -\n"
"   2  beta                        0                                  2    0.0 ms    0.0 ms    0.0 ms      -         -\n"
"   3  gamma                       1   timeout 1                      0      -         -         -         -         -\n"
CROSSTABLE
"\n"
"likelihood of superiority (row over column)\n"
"                                1      2      3\n"
"   1  alpha                     -  82.9%  86.6%\n"
"   2  beta                  17.1%      -  71.8%\n"
"   3  gamma                 13.4%  28.2%      -\n"
"\n"
"8 games; signed by key aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, "
"not checked against a key you trust\n");
}
END_TEST

/* Five duplicate sets of two bots, each won once by each: the ratings'
 * sandwich has no spread to go on.  The table says "too few games" and
 * the gap between the two, never +0.0 +/- 0.0. */
START_TEST(too_few_games)
{
	uint32_t sets[10];
	struct ladder_data d;
	char *text;

	results(&d);
	d.count = 0;
	d.entrants = 2;
	d.games = xrealloc(d.games, 10 * sizeof *d.games);
	d.stats = xrealloc(d.stats, 10 * sizeof *d.stats);
	for (int s = 0; s < 5; s++) {
		add_game(&d, ALPHA, BETA, 1, 2, -1);
		add_game(&d, BETA, ALPHA, 1, 2, -1);
		sets[2 * s] = sets[2 * s + 1] = (uint32_t)s + 1;
	}
	d.sets = sets;
	d.set_count = 6;
	text = printed_of(&d, LADDER_TABLE);
	ck_assert_msg(strstr(text, "   1  alpha                     +0.0       -     10 ") &&
		      strstr(text, "   2  beta                      +0.0       -     10 "), "%s", text);
	ck_assert_msg(strstr(text, "+/-95% -: too few games to tell (their results have no "
			     "spread yet; a zero interval would look certain)\n"), "%s", text);
	ck_assert_msg(strstr(text, "\ngap: alpha - beta = +0.0 Elo, +/-95%: too few games to "
			     "tell (their results have no spread yet)\n"), "%s", text);
	ck_assert_msg(!strstr(text, " 0.0      10"), "%s", text);
	free(text);
}
END_TEST

/* Two bots with a spread: the gap between them with its own interval. */
START_TEST(gap_of_two)
{
	struct ladder_data d;
	char *text;

	results(&d);
	d.count = 4;    /* alpha and beta only: alpha 3 of 4 */
	d.entrants = 2;
	text = printed_of(&d, LADDER_TABLE);
	ck_assert_msg(strstr(text, "\ngap: alpha - beta = +190.8 Elo +/- "), "%s", text);
	free(text);
}
END_TEST

/* Alpha won all its 4 games against beta: alpha, the only bot with a
 * rating (the fitted block is the first by name), is the point beta's
 * bound is measured from, shown without an interval rather than +0.0
 * +/- 0.0. */
START_TEST(one_rated_bot)
{
	struct ladder_data d;
	char *text;

	results(&d);
	d.count = 0;
	d.entrants = 2;
	for (int g = 0; g < 4; g++)
		add_game(&d, g % 2 ? ALPHA : BETA, g % 2 ? BETA : ALPHA, g % 2 ? 1 : 2,
			 g % 2 ? 2 : 1, -1);
	text = printed_of(&d, LADDER_TABLE);
	ck_assert_msg(strstr(text, "   1  alpha                     +0.0       -      4 ") &&
		      strstr(text, "   2  beta                   < +18.9              4 "),
		      "%s", text);
	ck_assert_msg(strstr(text, "\n+/-95% -: the only bot of its group with a rating, "
			     "the point the bounds (> X, < X) are measured from: no "
			     "interval of its own\n"), "%s", text);
	free(text);
}
END_TEST

START_TEST(crosstable_alone)
{
	assert_printed(LADDER_CROSSTABLE,
CROSSTABLE);
}
END_TEST

START_TEST(csv)
{
	assert_printed(LADDER_CSV,
"rank,bot,elo,status,ci95,games,points,score,wins,draws,losses,place,group,"
"forfeits,forfeit_reasons,turns,median_ms,p95_ms,max_ms,"
"cpu_turns,cpu_median_ms,cpu_p95_ms,cpu_max_ms,provisional\n"
"1,alpha,156.81,rated,280.67,4,3.0,0.7500,3,0,1,1.250,1,0,,3,2.015,3.000,3.000,0,0.000,0.000,0.000,0\n"
"2,beta,-34.04,rated,165.08,8,3.5,0.4375,3,1,4,1.500,1,0,,2,0.010,0.020,0.020,0,0.000,0.000,0.000,0\n"
"3,gamma,-122.78,rated,239.74,4,1.5,0.3750,1,1,2,1.500,1,1,timeout:1,0,0.000,0.000,0.000,0,0.000,0.000,0.000,0\n");
}
END_TEST

/* The results played as duplicate sets of two consecutive games: alpha
 * won both of the first set against beta and one of the second; beta won
 * both of the third against gamma, and drew one of the fourth and lost
 * the other.  The counts are the better ranked bot's, labelled as `referee
 * sprt` labels them. */
START_TEST(pentanomial_counts)
{
	uint32_t sets[8] = {1, 1, 2, 2, 3, 3, 4, 4};
	char *text = printed(LADDER_CROSSTABLE, sets);

	ck_assert_str_eq(text,
CROSSTABLE
"\n"
"duplicate sets of 2 games (the first bot's points x 2 in each set)\n"
"alpha                 beta                  LL 0 LD 0 DD/WL 1 WD 0 WW 1\n"
"beta                  gamma                 LL 0 LD 1 DD/WL 0 WD 0 WW 1\n");
	free(text);
}
END_TEST

/* The json view: the numbers of the table, each bot's line as
 * ladder_rank_json() makes it. */
START_TEST(json)
{
	char *text = printed(LADDER_JSON, NULL);
	cJSON *root = cJSON_Parse(text), *ladder = cJSON_GetObjectItem(root, "ladder");
	const char *order[] = {"alpha", "beta", "gamma"};
	double elo[] = {156.81, -34.04, -122.78};

	ck_assert_int_eq(cJSON_GetArraySize(ladder), 3);
	for (int k = 0; k < 3; k++) {
		cJSON *e = cJSON_GetArrayItem(ladder, k);

		ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(e, "bot")), order[k]);
		ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(e, "rank")), k + 1);
		ck_assert_double_eq_tol(cJSON_GetNumberValue(cJSON_GetObjectItem(e, "elo")),
					elo[k], 0.005);
	}
	ck_assert_double_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetObjectItem(
		cJSON_GetArrayItem(ladder, 0), "reply_ms"), "median")), 2.015);
	ck_assert_double_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetObjectItem(
		cJSON_GetArrayItem(ladder, 1), "reply_ms"), "median")), 0.010);
	ck_assert_double_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetObjectItem(
		cJSON_GetObjectItem(cJSON_GetArrayItem(ladder, 2), "forfeits"), "by_reason"),
		"timeout")), 1);
	ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(root, "games")), 8);
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(root, "provisional")));
	cJSON_Delete(root);
	free(text);
}
END_TEST

/* A four-seat game without teams is six pairs of seats; a bot holding
 * two seats is not its own opponent. */
START_TEST(crosstable_multiplayer)
{
	struct rating_game g = {.seats = 4, .rank = {2, 1, 3, 1}, .team = {-1, -1, -1, -1},
				.entrant = {0, 1, 2, 1}};
	struct crosstable t;

	crosstable_compute(&g, 1, 3, &t);
	/* Bot 1 (ranks 1 and 1) against bot 0 (2) and bot 2 (3): two wins each. */
	ck_assert_int_eq(crosstable_cell(&t, 1, 0)->wins, 2);
	ck_assert_int_eq(crosstable_cell(&t, 1, 2)->wins, 2);
	ck_assert_int_eq(crosstable_cell(&t, 0, 1)->losses, 2);
	ck_assert_int_eq(crosstable_games(crosstable_cell(&t, 1, 1)), 0);
	ck_assert_int_eq(crosstable_cell(&t, 0, 2)->wins, 1);
	ck_assert_int_eq(crosstable_cell(&t, 2, 0)->losses, 1);
	ck_assert_double_eq(crosstable_points(crosstable_cell(&t, 1, 0)), 2);
	crosstable_free(&t);
}
END_TEST

/* A two-against-two game: partners are one side, and each meets both
 * opponents; a draw is half a point to each. */
START_TEST(crosstable_teams)
{
	struct rating_game g = {.seats = 4, .rank = {1, 1, 1, 1}, .team = {0, 1, 0, 1},
				.entrant = {0, 1, 2, 3}};
	struct crosstable t;

	crosstable_compute(&g, 1, 4, &t);
	ck_assert_int_eq(crosstable_games(crosstable_cell(&t, 0, 2)), 0);
	ck_assert_int_eq(crosstable_games(crosstable_cell(&t, 1, 3)), 0);
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++)
			if (a % 2 != b % 2)
				ck_assert_int_eq(crosstable_cell(&t, a, b)->draws, 1);
	ck_assert_double_eq(crosstable_points(crosstable_cell(&t, 0, 1)), 0.5);
	crosstable_free(&t);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("ladder");
	TCase *tc = tcase_create("ladder");

	tcase_add_test(tc, formats_by_name);
	tcase_add_test(tc, table);
	tcase_add_test(tc, crosstable_alone);
	tcase_add_test(tc, too_few_games);
	tcase_add_test(tc, gap_of_two);
	tcase_add_test(tc, one_rated_bot);
	tcase_add_test(tc, pentanomial_counts);
	tcase_add_test(tc, csv);
	tcase_add_test(tc, json);
	tcase_add_test(tc, crosstable_multiplayer);
	tcase_add_test(tc, crosstable_teams);
	suite_add_tcase(s, tc);
	return s;
}
