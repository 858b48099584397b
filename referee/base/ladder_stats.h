/*
 * What the ladder says of each bot beside its results: its forfeits by
 * reason and its reply times to turns.  A game contributes, seat by seat,
 * the reason of a forfeit, read from its log's forfeit records (or, for a
 * tournament, from the manifest's finished record, which says the same),
 * and its reply times go into the bot's histogram (reply_times.h), from
 * the log's action records (or from the manifest's "replies" records,
 * which add up the same histograms), so both sources give the same
 * figures and a million games need no more than kilobytes of them.
 */
#ifndef ARENA_LADDER_STATS_H
#define ARENA_LADDER_STATS_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "logread.h"
#include "ratings_types.h"
#include "reply_times.h"
#include "timings.h"

/* Forfeit reasons seen, numbered from 1 in the order met (0: none). */
struct ladder_reasons {
	char **names;
	int count;
};

struct ladder_game_stats {
	uint32_t ended;        /* when the game ended (Unix time), 0: unknown */
	/* The tournament it was played in: 1 + its index in the ladder's
	 * events (ladder.h), 0 for a log played alone. */
	uint16_t event;
	unsigned char reason[RATINGS_MAX_SEATS];
};

struct ladder_bot_stats {
	long forfeits;
	long *by_reason;       /* [reason number - 1] */
	uint64_t turns;
	int64_t us[TIMINGS_SUMMARY];      /* wall time */
	uint64_t cpu_turns;               /* those timed by the CPU clock */
	int64_t cpu_us[TIMINGS_SUMMARY];  /* the CPU time charged to them */
};

/* The number of reason `name` (NULL: 0, no forfeit), added when new. */
unsigned char ladder_reasons_number(struct ladder_reasons *reasons, const char *name);

/* A game's figures from its (verified) log; each seat's reply times are
 * added to replies[seat] (when not NULL). */
void ladder_stats_from_log(const struct game_log *log, int seats,
			   struct ladder_reasons *reasons,
			   struct ladder_game_stats *out,
			   struct reply_clocks *const *replies);

/* The seats of a game that forfeited. */
int ladder_stats_forfeits(const struct ladder_game_stats *game, int seats);

/* Each entrant's figures over `count` games and its reply times
 * replies[entrant]: out[entrant], with by_reason arrays of
 * reasons->count (free with ladder_stats_free). */
void ladder_stats_by_bot(const struct rating_game *games,
			 const struct ladder_game_stats *stats, size_t count,
			 int entrants, const struct ladder_reasons *reasons,
			 const struct reply_clocks *replies,
			 struct ladder_bot_stats *out);
void ladder_stats_free(struct ladder_bot_stats *bots, int entrants);
void ladder_reasons_free(struct ladder_reasons *reasons);

#endif
