/*
 * A running tournament's manifest as one ledger: every record the run
 * writes goes through it, the finished games wait in a batch (written a
 * second after the first of them ended, or once 256 wait: manifest.h) and
 * the bots' reply times in their own ledger (manifest_replies.h) until
 * their "replies" record is due, which comes after the games it covers.
 * The run says what happened; the ledger decides when it is on disk.
 */
#ifndef ARENA_MANIFEST_LEDGER_H
#define ARENA_MANIFEST_LEDGER_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "manifest.h"
#include "manifest_replies.h"
#include "run_manifest.h"

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
