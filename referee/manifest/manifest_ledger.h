/*
 * A running tournament's manifest as one ledger: every record the run
 * writes goes through it, the finished games wait in a batch (written a
 * second after the first of them ended, or once 256 wait: manifest.h) and
 * the bots' reply times in their own ledger until their "replies" record
 * is due, which comes after the games it covers.  The run says what
 * happened; the ledger decides when it is on disk.
 */
#ifndef ARENA_MANIFEST_LEDGER_H
#define ARENA_MANIFEST_LEDGER_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/reply_times.h"
#include "manifest.h"
#include "run_manifest.h"

/* The manifest's "replies" records (docs/TOURNAMENTS.md): each bot's
 * reply times to turns, as histograms (reply_times.h) added up over the
 * games finished since the record before.  One goes in at most every
 * REPLIES_EVERY_S seconds and one before the run completes, so the
 * figures cost the manifest a few lines, not bytes in every game's line
 * (whose hashing is most of what the ladder spends on a million games).
 * Its "at" says when the games before it ended. */
#define REPLIES_EVERY_S 30

struct replies_ledger {
	int bots;
	struct reply_clocks *pending; /* by bot, since the last record */
	long games;                  /* finished since the last record */
	time_t written;              /* when it was written (CLOCK_MONOTONIC) */
};

struct manifest_ledger {
	struct run_manifest run;       /* run.jsonl, once created or reopened
					* (an earlier version's manifest.jsonl
					* when it resumes such a run) */
	cJSON *games;                  /* finished games not yet in it, their
					* entries, or NULL; */
	int count;                     /* how many, */
	int64_t first_ns;              /* and since when the first waits */
	struct replies_ledger replies; /* reply times not yet in it */
};

void manifest_ledger_init(struct manifest_ledger *ledger, int bots);
void manifest_ledger_free(struct manifest_ledger *ledger);

/* A finished game's entry ({"game":N,...}, taken), to wait for its record. */
void manifest_ledger_finished(struct manifest_ledger *ledger, cJSON *game);
/* The finished games waiting, if any, as one record, on disk at once. */
int manifest_ledger_write_finished(struct manifest_ledger *ledger, char *err);
/* The finished games when their batch is due, and the "replies" record
 * when due (`final`: the run is about to complete), after the games it
 * covers. */
int manifest_ledger_due(struct manifest_ledger *ledger, bool final, char *err);
/* How long until something is due, in milliseconds (0: now; -1: nothing
 * waits). */
long manifest_ledger_wait_ms(const struct manifest_ledger *ledger);

#endif
