/*
 * Forfeits and reply times per bot for the ladder; see ladder_stats.h.
 */
#include "ladder_stats.h"

#include <stdlib.h>
#include <string.h>

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
