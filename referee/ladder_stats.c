/*
 * Forfeits and reply times per bot for the ladder; see ladder_stats.h.
 */
#include "ladder_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

unsigned char ladder_reasons_number(struct ladder_reasons *reasons, const char *name)
{
	if (!name)
		return 0;
	for (int i = 0; i < reasons->count; i++)
		if (!strcmp(reasons->names[i], name))
			return (unsigned char)(i + 1);
	if (reasons->count == 255)
		return 255; /* a log may say anything: the last stands for the rest */
	reasons->names = xrealloc(reasons->names,
				  (size_t)(reasons->count + 1) * sizeof *reasons->names);
	reasons->names[reasons->count++] = xstrdup(name);
	return (unsigned char)reasons->count;
}

/* A number of a record as an integer, `fallback` when it is missing or
 * not a number (a cast of cJSON's NaN for "missing" is undefined). */
static int64_t integer_of(const cJSON *item, int64_t fallback)
{
	double v = cJSON_IsNumber(item) ? item->valuedouble : NAN;

	return isfinite(v) && fabs(v) < 9e18 ? (int64_t)v : fallback;
}

static int32_t clamp32(int64_t v)
{
	return v < 0 ? 0 : v > INT32_MAX ? INT32_MAX : (int32_t)v;
}

void ladder_stats_from_log(const struct game_log *log, int seats,
			   struct ladder_reasons *reasons,
			   struct ladder_game_stats *out)
{
	struct timings t[RATINGS_MAX_SEATS] = {{0}};

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < log->count; i++) {
		const char *type = logread_string(log, i, "type");
		const cJSON *line = log->lines[i].json;
		int64_t seat = integer_of(cJSON_GetObjectItemCaseSensitive(line, "seat"), -1);

		if (!type || seat < 0 || seat >= seats)
			continue;
		if (!strcmp(type, "forfeit") && !out->reason[seat])
			out->reason[seat] = ladder_reasons_number(reasons, logread_string(log, i, "reason"));
		else if (!strcmp(type, "action"))
			timings_add(&t[seat], integer_of(
				cJSON_GetObjectItemCaseSensitive(line, "us"), 0));
	}
	for (int s = 0; s < seats; s++) {
		int64_t sum[TIMINGS_SUMMARY];

		out->turns[s] = (int32_t)t[s].count;
		timings_summarize(&t[s], sum);
		for (int k = 0; k < TIMINGS_SUMMARY; k++)
			out->us[s][k] = clamp32(sum[k]);
		timings_free(&t[s]);
	}
}

void ladder_stats_from_record(const cJSON *record, int seats,
			      struct ladder_reasons *reasons,
			      struct ladder_game_stats *out)
{
	const cJSON *forfeits = cJSON_GetObjectItemCaseSensitive(record, "forfeits");
	const cJSON *moves = cJSON_GetObjectItemCaseSensitive(record, "moves");

	memset(out, 0, sizeof *out);
	out->ended = integer_of(cJSON_GetObjectItemCaseSensitive(record, "ended"), 0);
	if (out->ended < 0)
		out->ended = 0;
	for (int s = 0; s < seats; s++) {
		const cJSON *m = cJSON_GetArrayItem(moves, s);

		out->reason[s] = ladder_reasons_number(reasons, cJSON_GetStringValue(
			cJSON_GetArrayItem(forfeits, s)));
		if (cJSON_GetArraySize(m) != 1 + TIMINGS_SUMMARY)
			continue;
		out->turns[s] = clamp32(integer_of(cJSON_GetArrayItem(m, 0), 0));
		for (int k = 0; k < TIMINGS_SUMMARY; k++)
			out->us[s][k] = clamp32(integer_of(cJSON_GetArrayItem(m, k + 1), 0));
	}
}

int ladder_stats_forfeits(const struct ladder_game_stats *game, int seats)
{
	int n = 0;

	for (int s = 0; s < seats; s++)
		n += game->reason[s] != 0;
	return n;
}

void ladder_stats_to_record(const struct ladder_game_stats *game, int seats,
			    const struct ladder_reasons *reasons, cJSON *record)
{
	cJSON *forfeits = cJSON_CreateArray(), *moves = cJSON_CreateArray();

	for (int s = 0; s < seats; s++) {
		int r = game->reason[s];
		double m[1 + TIMINGS_SUMMARY] = {game->turns[s]};

		cJSON_AddItemToArray(forfeits, r ? cJSON_CreateString(reasons->names[r - 1])
						 : cJSON_CreateNull());
		for (int k = 0; k < TIMINGS_SUMMARY; k++)
			m[k + 1] = game->us[s][k];
		cJSON_AddItemToArray(moves, cJSON_CreateDoubleArray(m, 1 + TIMINGS_SUMMARY));
	}
	if (ladder_stats_forfeits(game, seats))
		cJSON_AddItemToObject(record, "forfeits", forfeits);
	else
		cJSON_Delete(forfeits);
	cJSON_AddItemToObject(record, "moves", moves);
	if (game->ended)
		cJSON_AddNumberToObject(record, "ended", (double)game->ended);
}

struct weighted {
	int32_t value;
	int32_t weight;
};

static int by_value(const void *a, const void *b)
{
	int32_t x = ((const struct weighted *)a)->value, y = ((const struct weighted *)b)->value;

	return (x > y) - (x < y);
}

/* The smallest value whose cumulative weight reaches `percent` of the
 * total (the samples are sorted here). */
static int64_t weighted_percentile(struct weighted *w, size_t count, long total,
				   int percent)
{
	long need = (total * percent + 99) / 100, sum = 0;

	qsort(w, count, sizeof *w, by_value);
	for (size_t i = 0; i < count; i++)
		if ((sum += w[i].weight) >= need)
			return w[i].value;
	return count ? w[count - 1].value : 0;
}

/* One entrant's figures. */
static void one_bot(const struct rating_game *games,
		    const struct ladder_game_stats *stats, size_t count,
		    int entrant, struct weighted *p50, struct weighted *p95,
		    struct ladder_bot_stats *out)
{
	size_t n = 0;

	for (size_t i = 0; i < count; i++)
		for (int s = 0; s < games[i].seats; s++) {
			const struct ladder_game_stats *g = &stats[i];

			if (games[i].entrant[s] != entrant)
				continue;
			if (g->reason[s]) {
				out->forfeits++;
				out->by_reason[g->reason[s] - 1]++;
			}
			if (!g->turns[s])
				continue;
			out->turns += g->turns[s];
			p50[n] = (struct weighted){g->us[s][TIMINGS_MEDIAN], g->turns[s]};
			p95[n++] = (struct weighted){g->us[s][TIMINGS_P95], g->turns[s]};
			if (g->us[s][TIMINGS_MAX] > out->us[TIMINGS_MAX])
				out->us[TIMINGS_MAX] = g->us[s][TIMINGS_MAX];
		}
	out->us[TIMINGS_MEDIAN] = weighted_percentile(p50, n, out->turns, 50);
	out->us[TIMINGS_P95] = weighted_percentile(p95, n, out->turns, 95);
}

void ladder_stats_by_bot(const struct rating_game *games,
			 const struct ladder_game_stats *stats, size_t count,
			 int entrants, const struct ladder_reasons *reasons,
			 struct ladder_bot_stats *out)
{
	size_t *seats = xcalloc((size_t)entrants + 1, sizeof *seats), most = 1;
	struct weighted *p50, *p95;

	/* Room for the seats of the bot that sat most, not for every seat of
	 * every game: a million games' figures are then megabytes, not a
	 * hundred. */
	for (size_t i = 0; i < count; i++)
		for (int s = 0; s < games[i].seats; s++)
			if (++seats[games[i].entrant[s]] > most)
				most = seats[games[i].entrant[s]];
	free(seats);
	p50 = xmalloc(most * sizeof *p50);
	p95 = xmalloc(most * sizeof *p95);

	for (int e = 0; e < entrants; e++) {
		memset(&out[e], 0, sizeof out[e]);
		out[e].by_reason = xcalloc((size_t)reasons->count + 1, sizeof *out[e].by_reason);
		one_bot(games, stats, count, e, p50, p95, &out[e]);
	}
	free(p50);
	free(p95);
}

void ladder_stats_free(struct ladder_bot_stats *bots, int entrants)
{
	for (int e = 0; e < entrants; e++)
		free(bots[e].by_reason);
}

void ladder_reasons_free(struct ladder_reasons *reasons)
{
	for (int i = 0; i < reasons->count; i++)
		free(reasons->names[i]);
	free(reasons->names);
	memset(reasons, 0, sizeof *reasons);
}
