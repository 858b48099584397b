/*
 * The manifest's "replies" records (docs/TOURNAMENTS.md): each bot's
 * reply times to turns, as histograms (reply_times.h) added up over the
 * games finished since the record before.  One goes in at most every
 * REPLIES_EVERY_S seconds and one before the run completes, so the
 * figures cost the manifest a few lines, not bytes in every game's line
 * (whose hashing is most of what the ladder spends on a million games).
 * Its "at" says when the games before it ended.
 */
#ifndef ARENA_MANIFEST_REPLIES_H
#define ARENA_MANIFEST_REPLIES_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <time.h>

#include "base/reply_times.h"

#define REPLIES_EVERY_S 30

struct replies_ledger {
	int bots;
	struct reply_clocks *pending; /* by bot, since the last record */
	long games;                  /* finished since the last record */
	time_t written;              /* when it was written (CLOCK_MONOTONIC) */
};

void replies_ledger_init(struct replies_ledger *ledger, int bots);
void replies_ledger_free(struct replies_ledger *ledger);

/* Whether a record is due: games finished, and the last one long ago
 * (`final`: the run is about to complete, so any game will do). */
bool replies_ledger_due(const struct replies_ledger *ledger, bool final);

/* How long until a record is due, in whole seconds (0: now). */
time_t replies_ledger_wait_s(const struct replies_ledger *ledger);

/* The record of what is pending ({"type":"replies","at":T,"bots":[...]},
 * the bots with replies only), which starts the next period. */
cJSON *replies_ledger_record(struct replies_ledger *ledger);

#endif
