/*
 * The opponent-free measure of `referee grade --summary` (grade.h;
 * docs/ANALYSIS.md, "Against optimal play"): for each bot, by name, over
 * its exactly-valued games, the chance it lost per game against the best
 * play (the sum of its errors in a game) and, from it, its expected score
 * against the optimal bot: against a seat that never errs, a seat's
 * result is its start value plus its luck less its own errors, and luck
 * has mean zero, so with who starts drawn fairly (the two start values
 * sum to 1) the expected score is 1/2 less the mean errors per game.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/moments.h"
#include "base/ratings_types.h"
#include "base/util.h"
#include "base/visible.h"
#include "grade.h"
#include "values/values.h"

struct grade_bot {
	char *name;
	struct moments error, result;	/* over its games */
};

struct grade_summary {
	struct grade_bot *bot;
	int bots;
	size_t room;
};

struct grade_summary *grade_summary_new(void)
{
	return xcalloc(1, sizeof(struct grade_summary));
}

void grade_summary_free(struct grade_summary *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->bots; i++) {
		free(s->bot[i].name);
	}
	free(s->bot);
	free(s);
}

/* The entry of the bot named `name`, made if it is new. */
static struct grade_bot *grade_bot(struct grade_summary *s, const char *name)
{
	for (int i = 0; i < s->bots; i++)
		if (!strcmp(s->bot[i].name, name))
			return &s->bot[i];
	s->bot = xgrow(s->bot, (size_t)s->bots, &s->room, sizeof *s->bot);
	s->bot[s->bots] = (struct grade_bot){.name = xstrdup(name)};
	return &s->bot[s->bots++];
}

void grade_summary_add(struct grade_summary *s, const cJSON *doc)
{
	const cJSON *players = json_member(doc, "players");

	if (!cJSON_IsTrue(json_member(doc, "exact")))
		return;
	for (int seat = 0; seat < VALUES_SEATS; seat++) {
		const cJSON *entry = cJSON_GetArrayItem(json_member(doc, "seats"), seat);

		struct grade_bot *b = grade_bot(s, cJSON_GetStringValue(
				cJSON_GetArrayItem(players, seat)));

		moments_add(&b->error, json_number(entry, "error"));
		moments_add(&b->result, grade_seat(doc, "result", seat));
	}
}

/* The mean and the half width of its 95% interval (the sample's
 * standard deviation over the root of n; NAN under 2). */
static double grade_mean(const struct moments *m, double *half)
{
	*half = RATINGS_Z95 * sqrt(moments_variance(m) / m->n);
	return moments_mean(m);
}

/* Best first: the least error per game (the best expected score against
 * the optimal bot), then by name. */
static int grade_by_error(const void *a, const void *b)
{
	const struct grade_bot *x = a, *y = b;
	double ex = moments_mean(&x->error), ey = moments_mean(&y->error);

	return ex < ey ? -1 : ex > ey ? 1 : strcmp(x->name, y->name);
}

cJSON *grade_summary_json(struct grade_summary *s)
{
	cJSON *doc = cJSON_CreateObject(), *bots = cJSON_CreateArray();

	if (s->bots)
		qsort(s->bot, (size_t)s->bots, sizeof *s->bot, grade_by_error);
	for (int i = 0; i < s->bots; i++) {
		const struct grade_bot *b = &s->bot[i];
		cJSON *bot = cJSON_CreateObject();
		double error_ci, score_ci;
		double error = grade_mean(&b->error, &error_ci);
		double score = grade_mean(&b->result, &score_ci);

		cJSON_AddStringToObject(bot, "name", b->name);
		cJSON_AddNumberToObject(bot, "games", b->error.n);
		cJSON_AddNumberToObject(bot, "error", error);
		json_add_number_or_null(bot, "error_ci", error_ci);
		cJSON_AddNumberToObject(bot, "against_optimal", 0.5 - error);
		json_add_number_or_null(bot, "against_optimal_ci", error_ci);
		cJSON_AddNumberToObject(bot, "score", score);
		json_add_number_or_null(bot, "score_ci", score_ci);
		cJSON_AddItemToArray(bots, bot);
	}
	cJSON_AddItemToObject(doc, "bots", bots);
	return doc;
}

/* "x.xxxx +- y.yyyy" of a member and its _ci (the interval's half
 * width; the mean alone without one), in percent or not, into cell. */
static void grade_interval(char cell[32], const cJSON *bot, const char *name,
			   const char *ci, bool percent)
{
	const cJSON *half = json_member(bot, ci);
	double mean = cJSON_GetNumberValue(json_member(bot, name));

	if (percent && cJSON_IsNumber(half))
		snprintf(cell, 32, "%6.2f%% +- %5.2f%%", 100 * mean,
			 100 * half->valuedouble);
	else if (percent)
		snprintf(cell, 32, "%6.2f%%", 100 * mean);
	else if (cJSON_IsNumber(half))
		snprintf(cell, 32, "%6.4f +- %6.4f", mean, half->valuedouble);
	else
		snprintf(cell, 32, "%6.4f", mean);
}

void grade_summary_text(FILE *out, const cJSON *doc)
{
	const cJSON *bot;

	fprintf(out, "games  %-20s  %-20s  %-20s  name\n", "error per game, 95%",
		"against optimal, 95%", "score, 95%");
	cJSON_ArrayForEach(bot, json_member(doc, "bots")) {
		char error[32], optimal[32], score[32];

		grade_interval(error, bot, "error", "error_ci", true);
		grade_interval(optimal, bot, "against_optimal",
			       "against_optimal_ci", false);
		grade_interval(score, bot, "score", "score_ci", false);
		fprintf(out, "%5d  %-20s  %-20s  %-20s  ",
			(int)cJSON_GetNumberValue(json_member(bot, "games")),
			error, optimal, score);
		visible_line(out, "%s", cJSON_GetStringValue(json_member(bot, "name")));
	}
}
