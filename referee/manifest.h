/*
 * A tournament's manifest (docs/TOURNAMENTS.md): a hash-chained, signed
 * JSON Lines file in the output folder listing the games of each table
 * as it starts, and each game aborted and finished, with its seats and
 * its log's SHA-256, so a game the organiser dropped stays visible.  It
 * is written as the run goes and, after a stopped run, read back to
 * resume it.  Finished games go in batches, up to MANIFEST_BATCH_GAMES a
 * record and at most MANIFEST_BATCH_MS after the first of them finished:
 * the chain is hashed line by line, so a line per game would cost the
 * ladder twice the hashing (and the parsing) for a million games.
 */
#ifndef ARENA_MANIFEST_H
#define ARENA_MANIFEST_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "fair.h"
#include "journal.h"

#define MANIFEST_FILE "manifest.jsonl"
#define MANIFEST_FORMAT "arena-manifest/4"
#define MANIFEST_BATCH_GAMES 256
#define MANIFEST_BATCH_MS 1000

/* What an earlier run of the same tournament recorded. */
struct manifest_state {
	unsigned char id[FAIR_GAME_ID_BYTES];
	bool complete;       /* it was signed: nothing is left to do */
	long game_count;     /* games in the whole schedule */
	bool *finished;      /* by game number, 1..game_count */
	int *aborted;        /* logs of each game set aside so far */
};

/* Starts a new manifest in `dir` with `header` (consumed) as its first
 * record. */
struct journal *manifest_create(const char *dir, cJSON *header, char *err);

/* Called with each finished game of an earlier run (`type` "finished",
 * `record` the game's entry in its record) and each "replies" record, in
 * order. */
typedef void manifest_record_fn(void *ctx, const char *type, long game,
				const cJSON *record);

/* Reads the manifest in `dir` (a cut last line, from a killed run, is
 * dropped) and opens it to append; `on_record` (if not NULL) sees each
 * finished game's record and each "replies" record.  Fails when the file is damaged, or
 * when its first record, but for "seq" and "id", is not `expected`: the
 * run was made by another tournament file or shard, or in another
 * format.  Returns NULL with state->complete set when there is nothing
 * left to append. */
struct journal *manifest_reopen(const char *dir, const cJSON *expected,
				long game_count, struct manifest_state *state,
				manifest_record_fn *on_record, void *ctx,
				char *err);
void manifest_state_free(struct manifest_state *state);

/* Finished games waiting for their record. */
struct manifest_batch {
	cJSON *games;        /* their entries, or NULL */
	int count;
	int64_t first_ns;    /* when the first of them was added */
};

/* Adds a finished game's entry ({"game":N,...}, consumed). */
void manifest_batch_add(struct manifest_batch *batch, cJSON *game);
/* Whether the batch is full or its first game waited long enough. */
bool manifest_batch_due(const struct manifest_batch *batch);
/* Milliseconds until the batch is due (0: now), or -1 when it is empty. */
long manifest_batch_wait_ms(const struct manifest_batch *batch);
/* The record {"type":"finished","games":[...]} of the games waiting, who
 * wait no more; NULL when none does. */
cJSON *manifest_batch_record(struct manifest_batch *batch);
void manifest_batch_free(struct manifest_batch *batch);

#endif
