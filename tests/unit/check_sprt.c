/*
 * Unit tests for sprt.c.  The LLR cases are fastchess's own test values
 * (to the 2 decimals it asserts, and within its 1% where its iteration
 * stops early), and the 4-decimal values beside them are those of the
 * separate Python implementation in tests/tools/ratings_reference.py, iterated
 * to convergence.  Trinomial counts are given as wins, losses, draws and
 * pentanomial ones as fastchess names them: LL, LD, WL, DD, WD, WW.
 * The test on real-valued scores (sprt_scores.c) is held to a value
 * computed by hand and to the exact GSPRT on pentanomial scores.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "ladder/sprt.h"
#include "ladder/sprt_scores.h"
#include "run_suite.h"

static double trinomial(enum sprt_model model, double elo0, double elo1,
			long w, long l, long d)
{
	struct sprt t;
	long counts[3] = {l, d, w};

	ck_assert_int_eq(sprt_init(&t, elo0, elo1, 0.05, 0.05, model, NULL), 0);
	return sprt_llr(&t, counts, 3);
}

static double pentanomial(enum sprt_model model, double elo0, double elo1,
			  long ll, long ld, long wl, long dd, long wd, long ww)
{
	struct sprt t;
	long counts[5] = {ll, ld, wl + dd, wd, ww};

	ck_assert_int_eq(sprt_init(&t, elo0, elo1, 0.05, 0.05, model, NULL), 0);
	return sprt_llr(&t, counts, 5);
}

START_TEST(bounds_and_verdicts)
{
	struct sprt t;

	ck_assert_int_eq(sprt_init(&t, 0, 5, 0.05, 0.05, SPRT_LOGISTIC,
				   NULL), 0);
	ck_assert_double_eq_tol(t.upper, log(19), 1e-12);
	ck_assert_double_eq_tol(t.lower, -2.944439, 1e-6);
	ck_assert_int_eq(sprt_verdict(&t, 2.95), SPRT_H1);
	ck_assert_int_eq(sprt_verdict(&t, -2.95), SPRT_H0);
	ck_assert_int_eq(sprt_verdict(&t, 2.9), SPRT_CONTINUE);
	ck_assert_int_eq(sprt_init(&t, 0, 5, 0.05, 0.10, SPRT_LOGISTIC,
				   NULL), 0);
	ck_assert_double_eq_tol(t.lower, log(0.10 / 0.95), 1e-12);
	ck_assert_double_eq_tol(t.upper, log(0.90 / 0.05), 1e-12);
}
END_TEST

START_TEST(bad_parameters)
{
	struct sprt t;
	char err[ERR_LEN];

	ck_assert_int_eq(sprt_init(&t, 5, 0, 0.05, 0.05, SPRT_LOGISTIC,
				   err), -1);
	ck_assert_ptr_nonnull(strstr(err, "elo0"));
	ck_assert_int_eq(sprt_init(&t, 0, 5, 0, 0.05, SPRT_LOGISTIC, err), -1);
	ck_assert_int_eq(sprt_init(&t, 0, 5, 0.6, 0.5, SPRT_LOGISTIC, err), -1);
	ck_assert_ptr_nonnull(strstr(err, "alpha"));
}
END_TEST

START_TEST(logistic_trinomial)
{
	double llr = trinomial(SPRT_LOGISTIC, 0.5, 2.5, 21404, 21184, 40708);

	ck_assert_double_eq_tol(llr, -1.57, 0.005);
	ck_assert_double_eq_tol(llr, -1.5719, 1e-4);
	llr = trinomial(SPRT_LOGISTIC, 0, 2, 57433, 57030, 106593);
	ck_assert_double_eq_tol(llr, -2.59, 0.005);
	ck_assert_double_eq_tol(llr, -2.5930, 1e-4);
}
END_TEST

START_TEST(normalized_trinomial)
{
	double llr = trinomial(SPRT_NORMALIZED, 0, 2, 36433, 36027, 68692);

	ck_assert_double_eq_tol(llr, 0.92, 0.005);
	ck_assert_double_eq_tol(llr, 0.9233, 1e-4);
	llr = trinomial(SPRT_NORMALIZED, -1.75, 0.25, 10871, 10650, 20431);
	ck_assert_double_eq_tol(llr, 2.30, 0.005);
	ck_assert_double_eq_tol(llr, 2.2975, 1e-4);
	/* every game won: fastchess says 120.56 after at most 10 rounds of
	 * its iteration; converged it is 120.548 */
	llr = trinomial(SPRT_NORMALIZED, 0, 10, 4250, 0, 0);
	ck_assert_double_eq_tol(llr, 120.56, 120.56 * 0.01);
	ck_assert_double_eq_tol(llr, 120.5483, 1e-3);
}
END_TEST

START_TEST(logistic_pentanomial)
{
	double llr = pentanomial(SPRT_LOGISTIC, 0.5, 2.5,
				 223, 9863, 20279, 1000, 10037, 246);

	ck_assert_double_eq_tol(llr, -3.07, 0.005);
	ck_assert_double_eq_tol(llr, -3.0741, 1e-4);
	llr = pentanomial(SPRT_LOGISTIC, 0, 2,
			  871, 26175, 55003, 980, 26678, 821);
	ck_assert_double_eq_tol(llr, -4.98, 0.005);
	ck_assert_double_eq_tol(llr, -4.9787, 1e-4);
}
END_TEST

START_TEST(normalized_pentanomial)
{
	double llr = pentanomial(SPRT_NORMALIZED, 0, 2,
				 365, 16618, 36029, 200, 16974, 390);

	ck_assert_double_eq_tol(llr, 2.25, 0.005);
	ck_assert_double_eq_tol(llr, 2.2504, 1e-4);
	llr = pentanomial(SPRT_NORMALIZED, -1.75, 0.25,
			  127, 4883, 10311, 401, 5150, 104);
	ck_assert_double_eq_tol(llr, 3.01, 0.005);
	ck_assert_double_eq_tol(llr, 3.0102, 1e-4);
	llr = pentanomial(SPRT_NORMALIZED, 0, 5, 0, 0, 0, 0, 0, 5550);
	ck_assert_double_eq_tol(llr, 111.82, 111.82 * 0.01);
	ck_assert_double_eq_tol(llr, 111.7976, 1e-3);
}
END_TEST

START_TEST(no_games_and_symmetry)
{
	struct sprt t;
	long none[5] = {0}, even[3] = {30, 40, 30};
	long a[5] = {3, 10, 20, 12, 5}, b[5] = {5, 12, 20, 10, 3};

	ck_assert_int_eq(sprt_init(&t, -2, 2, 0.05, 0.05, SPRT_NORMALIZED,
				   NULL), 0);
	ck_assert_double_eq(sprt_llr(&t, none, 5), 0);
	ck_assert_double_eq_tol(sprt_llr(&t, even, 3), 0, 1e-9);
	/* swapping A and B mirrors the LLR of symmetric bounds */
	ck_assert_double_eq_tol(sprt_llr(&t, a, 5), -sprt_llr(&t, b, 5), 1e-9);
	ck_assert_int_eq(sprt_pair_outcome(1, 0), 2);
	ck_assert_int_eq(sprt_pair_outcome(0.5, 0.5), 2);
	ck_assert_int_eq(sprt_pair_outcome(1, 0.5), 3);
	ck_assert_int_eq(sprt_pair_outcome(0, 0), 0);
}
END_TEST

/* W40 D40 L20: +70.44 +/- 53.55, the margin on the score scale. */
START_TEST(estimate)
{
	long wdl[3] = {20, 40, 40}, pairs[5] = {0, 10, 20, 15, 5};
	struct sprt_estimate e;
	double sd = sqrt(0.14 / 100);

	sprt_estimate(wdl, 3, &e);
	ck_assert_double_eq_tol(e.score, 0.6, 1e-12);
	ck_assert_double_eq_tol(e.elo, 70.4365, 1e-4);
	ck_assert_double_eq_tol(e.elo_margin, 53.55, 0.005);
	ck_assert_double_eq_tol(e.nelo, 0.1 / sqrt(0.14) * 800 / log(10), 1e-9);
	ck_assert_double_eq_tol(e.los, 0.5 * erfc(-0.1 / sd / sqrt(2)), 1e-12);
	/* pairs: mean 0.575 and per-pair variance 0.050625; a game's
	 * deviation is sqrt(2) times the pair's */
	sprt_estimate(pairs, 5, &e);
	ck_assert_double_eq_tol(e.score, 0.575, 1e-12);
	ck_assert_double_eq_tol(e.nelo, 0.075 / sqrt(2 * 0.050625) *
				800 / log(10), 1e-9);
	ck_assert_double_eq_tol(e.nelo_margin, 1.959963984540054 *
				sqrt(0.050625 / 50) / sqrt(2 * 0.050625) *
				800 / log(10), 1e-9);
}
END_TEST

/* A run's tally: each pair counted by its points, A's games won, lost
 * and drawn, the LLR of the counts and the verdict it gives, in words. */
START_TEST(tally)
{
	static const double scores[][2] = {{1, 1}, {1, 0}, {0.5, 0.5}};
	struct sprt_tally run = {0};
	struct sprt t;
	char text[256], want[256];

	ck_assert_int_eq(sprt_init(&t, 0, 50, 0.05, 0.05, SPRT_LOGISTIC, NULL), 0);
	for (int p = 0; p < 3; p++)
		ck_assert(!sprt_tally_add(&run, &t, p + 1, scores[p]));
	ck_assert_int_eq(run.pairs, 3);
	ck_assert_int_eq(run.counts[0] + run.counts[1] + run.counts[3], 0);
	ck_assert_int_eq(run.counts[2], 2);
	ck_assert_int_eq(run.counts[4], 1);
	ck_assert_int_eq(run.wld[0], 3);
	ck_assert_int_eq(run.wld[1], 1);
	ck_assert_int_eq(run.wld[2], 2);
	ck_assert_double_eq(run.llr, sprt_llr(&t, run.counts, 5));
	ck_assert_int_eq(run.verdict, SPRT_CONTINUE);
	sprt_tally_text(&run, &t, text, sizeof text);
	snprintf(want, sizeof want, "3 pairs, 6 games: W-L-D 3-1-2, LL 0 LD 0 DD/WL 2 "
		 "WD 0 WW 1, LLR %.3f [-2.944, 2.944]", run.llr);
	ck_assert_str_eq(text, want);
	/* Won pairs only: H1 in the end, and adding says so. */
	for (long p = 4; !sprt_tally_add(&run, &t, p, scores[0]); p++)
		ck_assert_int_lt(p, 1000);
	ck_assert_int_eq(run.verdict, SPRT_H1);
	ck_assert_double_ge(run.llr, t.upper);
}
END_TEST

/* Scores 0.4, 0.6, 0.7 with 1e-3 of a pair at each pentanomial value:
 * N/2 ln(r0/r1) by hand (Python). */
START_TEST(scores_llr)
{
	static const double xs[] = {0.4, 0.6, 0.7};
	struct moments m = {0};
	struct sprt t;

	ck_assert_int_eq(sprt_init(&t, 0, 100, 0.05, 0.05, SPRT_LOGISTIC, NULL), 0);
	ck_assert_double_eq(sprt_scores_llr(&t, &m), 0);
	for (int i = 0; i < 3; i++)
		moments_add(&m, xs[i]);
	ck_assert_double_eq_tol(moments_mean(&m), 17.0 / 30, 1e-15);
	ck_assert_double_eq_tol(moments_variance(&m), 7.0 / 300, 1e-15);
	ck_assert_double_eq_tol(sprt_scores_llr(&t, &m), -0.0708375492372583, 1e-12);
}
END_TEST

/* On pentanomial scores, the approximation is within 1% of the exact
 * GSPRT of their counts, for a gap near the bounds and one past them. */
START_TEST(scores_as_pentanomial)
{
	static const long counts[][5] = {{1000, 5000, 9000, 5200, 1100},
					 {200, 3000, 9000, 6000, 900}};
	struct sprt t;

	ck_assert_int_eq(sprt_init(&t, 0, 10, 0.05, 0.05, SPRT_LOGISTIC, NULL), 0);
	for (int c = 0; c < 2; c++) {
		struct moments m = {0};
		double exact = sprt_llr(&t, counts[c], 5);

		for (int i = 0; i < 5; i++)
			for (long k = 0; k < counts[c][i]; k++)
				moments_add(&m, i / 4.0);
		ck_assert_double_eq_tol(sprt_scores_llr(&t, &m), exact, 0.01 * fabs(exact));
	}
}
END_TEST

/* A run on its scores, its plain results counted beside: the plain
 * scores' variance beside, in words. */
START_TEST(scores_tally)
{
	static const double plain[][2] = {{1, 0}, {0, 1}, {1, 0.5}};
	static const double adjusted[][2] = {{0.55, 0.45}, {0.5, 0.6}, {0.6, 0.5}};
	struct sprt_scores run = {0};
	struct sprt_tally counted = {0};
	struct sprt t;
	char text[256];

	ck_assert_int_eq(sprt_init(&t, 0, 50, 0.05, 0.05, SPRT_LOGISTIC, NULL), 0);
	for (int p = 0; p < 3; p++) {
		sprt_tally_add(&counted, &t, p + 1, plain[p]);
		ck_assert(!sprt_scores_add(&run, &t, adjusted[p]));
	}
	ck_assert_double_eq(run.llr, sprt_scores_llr(&t, &run.scores));
	sprt_scores_text(&run, &counted, &t, text, sizeof text);
	ck_assert_str_eq(text, "3 pairs, 6 games: W-L-D 3-2-1, luck-adjusted mean "
			 "0.5333, LLR -0.258 [-2.944, 2.944]");
	/* pair means 0.5, 0.5, 0.75 and 0.5, 0.55, 0.55 */
	sprt_scores_variance_text(&run, &counted, text, sizeof text);
	ck_assert_str_eq(text, "variance a pair: plain 0.02083, luck-adjusted "
			 "0.00083, ratio 25.0");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("sprt");
	TCase *tc = tcase_create("sprt");

	tcase_add_test(tc, bounds_and_verdicts);
	tcase_add_test(tc, bad_parameters);
	tcase_add_test(tc, logistic_trinomial);
	tcase_add_test(tc, normalized_trinomial);
	tcase_add_test(tc, logistic_pentanomial);
	tcase_add_test(tc, normalized_pentanomial);
	tcase_add_test(tc, no_games_and_symmetry);
	tcase_add_test(tc, estimate);
	tcase_add_test(tc, tally);
	tcase_add_test(tc, scores_llr);
	tcase_add_test(tc, scores_as_pentanomial);
	tcase_add_test(tc, scores_tally);
	suite_add_tcase(s, tc);
	return s;
}
