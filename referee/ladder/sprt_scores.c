/*
 * The SPRT on real-valued pair scores; see sprt_scores.h.
 */
#include "sprt_scores.h"

#include <math.h>
#include <stdio.h>

#include "elo.h"

/* The weight of a pair's score at each pentanomial value, as fishtest
 * counts an empty cell. */
#define PRIOR 1e-3

double sprt_scores_llr(const struct sprt *test, const struct moments *m)
{
	struct moments w = *m;
	double mean, var, r[2];

	if (!m->n)
		return 0;
	for (int i = 0; i <= 4; i++) {
		w.n += PRIOR;
		w.sum += PRIOR * i / 4;
		w.squares += PRIOR * (i / 4.0) * (i / 4.0);
	}
	mean = w.sum / w.n;
	var = fmax(0, w.squares / w.n - mean * mean);
	for (int k = 0; k < 2; k++) {
		double s = elo_expected(k ? test->elo1 : test->elo0);

		r[k] = var + (mean - s) * (mean - s);
	}
	return w.n / 2 * log(r[0] / r[1]);
}

bool sprt_scores_add(struct sprt_scores *s, const struct sprt *test,
		     const double *score)
{
	moments_add(&s->scores, (score[0] + score[1]) / 2);
	s->llr = sprt_scores_llr(test, &s->scores);
	s->verdict = sprt_verdict(test, s->llr);
	return s->verdict != SPRT_CONTINUE;
}

void sprt_scores_estimate(const struct sprt_scores *s, struct sprt_estimate *out)
{
	sprt_estimate_mean(moments_mean(&s->scores),
			   sqrt(moments_variance(&s->scores) / s->scores.n),
			   NAN, out);
}

void sprt_scores_text(const struct sprt_scores *s, const struct sprt_tally *plain,
		      const struct sprt *test, char *buf, size_t len)
{
	snprintf(buf, len, "%ld pair%s, %ld games: W-L-D %ld-%ld-%ld, luck-adjusted "
		 "mean %.4f, LLR %.3f [%.3f, %.3f]", plain->pairs,
		 plain->pairs == 1 ? "" : "s", 2 * plain->pairs, plain->wld[0],
		 plain->wld[1], plain->wld[2], moments_mean(&s->scores), s->llr,
		 test->lower, test->upper);
}

/* `value` with `digits` decimals, or "n/a" when undefined. */
static void number(char *buf, size_t len, double value, int digits)
{
	if (isfinite(value))
		snprintf(buf, len, "%.*f", digits, value);
	else
		snprintf(buf, len, "n/a");
}

/* The plain pair scores' moments from their pentanomial counts: a pair
 * scores i / 4, and sums of quarters are exact, as counted one by one. */
static struct moments plain_moments(const struct sprt_tally *plain)
{
	struct moments m = {0};

	for (int i = 0; i <= 4; i++) {
		m.n += plain->counts[i];
		m.sum += plain->counts[i] * (i / 4.0);
		m.squares += plain->counts[i] * (i / 4.0) * (i / 4.0);
	}
	return m;
}

void sprt_scores_variance_text(const struct sprt_scores *s,
			       const struct sprt_tally *plain, char *buf, size_t len)
{
	struct moments counted = plain_moments(plain);
	double result = moments_variance(&counted);
	double adjusted = moments_variance(&s->scores);
	char text[3][32];

	number(text[0], sizeof text[0], result, 5);
	number(text[1], sizeof text[1], adjusted, 5);
	number(text[2], sizeof text[2], result / adjusted, 1);
	snprintf(buf, len, "variance a pair: plain %s, luck-adjusted %s, ratio %s",
		 text[0], text[1], text[2]);
}
