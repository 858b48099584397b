/*
 * What the ladder says of each bot beside its results: its forfeits by
 * reason and its reply times to turns, summed over its games' figures
 * (base/game_figures.h).
 */
#ifndef ARENA_LADDER_STATS_H
#define ARENA_LADDER_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "base/game_figures.h"
#include "base/ratings_types.h"
#include "base/reply_times.h"
#include "base/timings.h"

struct ladder_bot_stats {
	long forfeits;
	long *by_reason;       /* [reason number - 1] */
	uint64_t turns;
	int64_t us[TIMINGS_SUMMARY];      /* wall time */
	uint64_t cpu_turns;               /* those timed by the CPU clock */
	int64_t cpu_us[TIMINGS_SUMMARY];  /* the CPU time charged to them */
};

/* Each entrant's figures over `count` games and its reply times
 * replies[entrant]: out[entrant], with by_reason arrays of
 * reasons->count (free with ladder_stats_free). */
void ladder_stats_by_bot(const struct rating_game *games,
			 const struct game_figures *stats, size_t count,
			 int entrants, const struct forfeit_reasons *reasons,
			 const struct reply_clocks *replies,
			 struct ladder_bot_stats *out);
void ladder_stats_free(struct ladder_bot_stats *bots, int entrants);

#endif
