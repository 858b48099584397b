/*
 * The ladder as `referee ladder` and the report both show it: the ratings
 * of the collected games (ladder.h), the bots in the ladder's order
 * (ratings_order) and each bot's forfeits and reply times, summed over
 * its games' figures (base/game_figures.h), computed here once so that
 * the two can never disagree on an order, a rating or a median.
 */
#ifndef ARENA_LADDER_RANK_H
#define ARENA_LADDER_RANK_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "base/timings.h"
#include "ladder.h"

/* What the ladder says of each bot beside its results: its forfeits by
 * reason and its reply times to turns. */
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

struct ladder_rank {
	struct ratings r;
	int entrants;
	int *order;                    /* entrants, best first, grouped */
	struct ladder_bot_stats *bots; /* by entrant */
};

/* Rates `data` with `options` (NULL: each group's mean is 0).  -1 with err
 * when the ratings cannot be computed. */
int ladder_rank(const struct ladder_data *data, const struct ratings_options *options,
		struct ladder_rank *out, char *err);
void ladder_rank_free(struct ladder_rank *rank);

/* The ladder as `referee ladder --format json` lists it: each bot in
 * ladder order, "rank", "bot", "status", "elo", "ci95" (when rated),
 * "group", "games", "points", "pairs", "wins", "draws", "losses",
 * "place", "forfeits" ({"total", "by_reason"}), "reply_ms" ({"turns",
 * "median", "p95", "max"}), for games timed by the CPU clock "cpu_ms",
 * and of a Swiss run "buchholz".  The report adds its own fields to the
 * same objects. */
cJSON *ladder_rank_json(const struct ladder_data *data, const struct ladder_rank *rank);

#endif
