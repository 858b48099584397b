/*
 * What a game's log says of each seat beside its result: the reason of
 * its forfeit, if any, read from the log's forfeit records (a tournament's
 * manifest says the same in its finished record), and its reply times to
 * turns, from the log's action records, added to the seat's histograms
 * (reply_times.h; a manifest's "replies" records add up the same), so
 * that both sources give the same figures and a million games need no
 * more than kilobytes of them.  The ladder sums them by bot
 * (ladder/ladder_rank.h); verify and a resumed run read them too.
 */
#ifndef ARENA_GAME_FIGURES_H
#define ARENA_GAME_FIGURES_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "logread.h"
#include "ratings_types.h"
#include "reply_times.h"

/* Forfeit reasons seen, numbered from 1 in the order met (0: none). */
struct forfeit_reasons {
	char **names;
	int count;
};

struct game_figures {
	uint32_t ended;        /* when the game ended (Unix time), 0: unknown */
	/* The tournament it was played in: 1 + its index in the ladder's
	 * events (ladder/ladder.h), 0 for a log played alone. */
	uint16_t event;
	unsigned char reason[RATINGS_MAX_SEATS];
};

/* The number of reason `name` (NULL: 0, no forfeit), added when new. */
unsigned char forfeit_reasons_number(struct forfeit_reasons *reasons, const char *name);

/* A game's figures from its (verified) log; each seat's reply times are
 * added to replies[seat] (when not NULL). */
void game_figures_from_log(const struct game_log *log, int seats,
			   struct forfeit_reasons *reasons,
			   struct game_figures *out,
			   struct reply_clocks *const *replies);

void forfeit_reasons_free(struct forfeit_reasons *reasons);

#endif
