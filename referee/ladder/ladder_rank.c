/*
 * The ladder's ratings, order and per-bot figures (ladder_rank.h).
 */
#include <stdlib.h>
#include <string.h>

#include "ladder_rank.h"
#include "base/util.h"

void ladder_stats_by_bot(const struct rating_game *games,
			 const struct game_figures *stats, size_t count,
			 int entrants, const struct forfeit_reasons *reasons,
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

int ladder_rank(const struct ladder_data *data, const struct ratings_options *options,
		struct ladder_rank *out, char *err)
{
	struct ratings_options o = {.anchor = -1};

	/* Games played in duplicate sets count as one unit a set. */
	if (options)
		o = *options;
	o.set = data->set_count ? data->sets : NULL;
	if (ratings_compute(data->games, data->count, data->entrants, &o,
			    &out->r, err))
		return -1;
	out->entrants = data->entrants;
	out->order = xcalloc((size_t)data->entrants + 1, sizeof *out->order);
	ratings_order(&out->r, data->games, data->count,
		      (const char *const *)data->names, out->order);
	out->bots = xcalloc((size_t)data->entrants + 1, sizeof *out->bots);
	ladder_stats_by_bot(data->games, data->stats, data->count, data->entrants,
			    &data->reasons, data->replies, out->bots);
	return 0;
}

void ladder_rank_free(struct ladder_rank *rank)
{
	ladder_stats_free(rank->bots, rank->entrants);
	free(rank->bots);
	free(rank->order);
	ratings_free(&rank->r);
}

/* {"turns", "median", "p95", "max"} of a bot's reply times, in ms. */
static void add_times(cJSON *o, const char *key, uint64_t turns, const int64_t *us)
{
	cJSON *t = cJSON_AddObjectToObject(o, key);

	cJSON_AddNumberToObject(t, "turns", (double)turns);
	cJSON_AddNumberToObject(t, "median", us[TIMINGS_MEDIAN] / 1000.0);
	cJSON_AddNumberToObject(t, "p95", us[TIMINGS_P95] / 1000.0);
	cJSON_AddNumberToObject(t, "max", us[TIMINGS_MAX] / 1000.0);
}

/* A bot's forfeits (in all and by reason) and reply times to turns. */
static void add_bot_stats(const struct ladder_data *data,
			  const struct ladder_bot_stats *b, cJSON *o)
{
	cJSON *f = cJSON_AddObjectToObject(o, "forfeits"), *why;

	cJSON_AddNumberToObject(f, "total", (double)b->forfeits);
	why = cJSON_AddObjectToObject(f, "by_reason");
	for (int k = 0; k < data->reasons.count; k++)
		if (b->by_reason[k])
			cJSON_AddNumberToObject(why, data->reasons.names[k],
						(double)b->by_reason[k]);
	add_times(o, "reply_ms", b->turns, b->us);
	if (b->cpu_turns)
		add_times(o, "cpu_ms", b->cpu_turns, b->cpu_us);
}

cJSON *ladder_rank_json(const struct ladder_data *data, const struct ladder_rank *rank)
{
	cJSON *list = cJSON_CreateArray();

	for (int k = 0; k < rank->entrants; k++) {
		int i = rank->order[k];
		const struct ratings_entry *e = &rank->r.entry[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddNumberToObject(o, "rank", k + 1);
		cJSON_AddStringToObject(o, "bot", data->names[i]);
		cJSON_AddStringToObject(o, "status", ladder_status_word(e->status));
		cJSON_AddNumberToObject(o, "elo", e->elo);
		if (e->status == RATINGS_RATED)
			cJSON_AddNumberToObject(o, "ci95", RATINGS_Z95 * e->se);
		cJSON_AddNumberToObject(o, "group", e->group + 1);
		cJSON_AddNumberToObject(o, "games", e->games);
		cJSON_AddNumberToObject(o, "points", e->points);
		cJSON_AddNumberToObject(o, "pairs", e->pairs);
		cJSON_AddNumberToObject(o, "wins", e->wins);
		cJSON_AddNumberToObject(o, "draws", e->draws);
		cJSON_AddNumberToObject(o, "losses", e->losses);
		cJSON_AddNumberToObject(o, "place", e->place);
		add_bot_stats(data, &rank->bots[i], o);
		if (data->swiss)
			cJSON_AddNumberToObject(o, "buchholz", data->buchholz[i] / 2.0);
		cJSON_AddItemToArray(list, o);
	}
	return list;
}
