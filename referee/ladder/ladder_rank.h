/*
 * The ladder as `referee ladder` and the report both show it: the ratings
 * of the collected games (ladder.h), the bots in the ladder's order
 * (ratings_order) and each bot's forfeits and reply times, computed here
 * once so that the two can never disagree on an order, a rating or a
 * median.
 */
#ifndef ARENA_LADDER_RANK_H
#define ARENA_LADDER_RANK_H

#include <cjson/cJSON.h>

#include "ladder.h"

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
