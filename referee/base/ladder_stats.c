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

void ladder_stats_from_log(const struct game_log *log, int seats,
			   struct ladder_reasons *reasons,
			   struct ladder_game_stats *out,
			   struct reply_clocks *const *replies)
{
	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < log->count; i++) {
		const char *type = logread_string(log, i, "type");
		const cJSON *line = log->lines[i].json;
		int64_t seat = integer_of(cJSON_GetObjectItemCaseSensitive(line, "seat"), -1);

		if (!type || seat < 0 || seat >= seats)
			continue;
		if (!strcmp(type, "forfeit") && !out->reason[seat])
			out->reason[seat] = ladder_reasons_number(reasons, logread_string(log, i, "reason"));
		else if (!strcmp(type, "action") && replies && replies[seat] &&
			 !cJSON_GetObjectItemCaseSensitive(line, "opening")) {
			/* An opening move is no reply: no bot was asked. */
			const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(line, "cpu_us");

			reply_times_add(&replies[seat]->wall, integer_of(
				cJSON_GetObjectItemCaseSensitive(line, "us"), 0));
			if (cpu)
				reply_times_add(&replies[seat]->cpu, integer_of(cpu, 0));
		}
	}
}

int ladder_stats_forfeits(const struct ladder_game_stats *game, int seats)
{
	int n = 0;

	for (int s = 0; s < seats; s++)
		n += game->reason[s] != 0;
	return n;
}

void ladder_stats_by_bot(const struct rating_game *games,
			 const struct ladder_game_stats *stats, size_t count,
			 int entrants, const struct ladder_reasons *reasons,
			 const struct reply_clocks *replies,
			 struct ladder_bot_stats *out)
{
	for (int e = 0; e < entrants; e++) {
		const struct reply_times *wall = &replies[e].wall, *cpu = &replies[e].cpu;

		memset(&out[e], 0, sizeof out[e]);
		out[e].by_reason = xcalloc((size_t)reasons->count + 1, sizeof *out[e].by_reason);
		out[e].turns = wall->turns;
		out[e].us[TIMINGS_MEDIAN] = reply_times_percentile(wall, 50);
		out[e].us[TIMINGS_P95] = reply_times_percentile(wall, 95);
		out[e].us[TIMINGS_MAX] = wall->max;
		out[e].cpu_turns = cpu->turns;
		out[e].cpu_us[TIMINGS_MEDIAN] = reply_times_percentile(cpu, 50);
		out[e].cpu_us[TIMINGS_P95] = reply_times_percentile(cpu, 95);
		out[e].cpu_us[TIMINGS_MAX] = cpu->max;
	}
	for (size_t i = 0; i < count; i++)
		for (int s = 0; s < games[i].seats; s++)
			if (stats[i].reason[s]) {
				struct ladder_bot_stats *b = &out[games[i].entrant[s]];

				b->forfeits++;
				b->by_reason[stats[i].reason[s] - 1]++;
			}
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
