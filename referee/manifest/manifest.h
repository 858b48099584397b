/*
 * A tournament's manifest (docs/TOURNAMENTS.md): its run.jsonl
 * (run_manifest.h, which writes it), a hash-chained, signed JSON Lines
 * file in the output folder listing the games of each table
 * as it starts, and each game aborted and finished, with its seats and
 * its log's SHA-256, so a game the organiser dropped stays visible.  It
 * is written as the run goes (its records are manifest_records.h's) and,
 * after a stopped run, read back by manifest_read.h to resume it.
 * Finished games go in batches (manifest_ledger.h), up to
 * MANIFEST_BATCH_GAMES a record and at most MANIFEST_BATCH_MS after the
 * first of them finished: the chain is hashed line by line, so a line per
 * game would cost the ladder twice the hashing (and the parsing) for a
 * million games.
 */
#ifndef ARENA_MANIFEST_H
#define ARENA_MANIFEST_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "games/fair.h"
#include "manifest_format.h"
#include "run_manifest.h"

struct manifest_view;

/* The tournament's manifest in `dir`, a new string: its run.jsonl when
 * that is a tournament's, else an earlier version's manifest.jsonl; NULL:
 * neither. */
char *manifest_find(const char *dir);

/* Whether `path` is a tournament's manifest: either of those. */
bool manifest_is(const char *path);

/* Reads the manifest in `dir` as manifest_read() does in MANIFEST_RESUME
 * mode, into `view` (free it with manifest_view_free()), and refuses it
 * when it reports a problem: a cut last line, from a killed run, is
 * dropped, and anything else `verify` refuses is refused, naming the
 * first problem.  Refused too when its first record, but for "seq",
 * "id" and the tournament file's "file" and "file_sha256", is not
 * `expected`: the run was made by another tournament or shard; or when
 * `expected`'s "file" changes what a resumed run may not
 * (manifest_file.h).  `plays` says, by game number (1 to `count`),
 * which games this run can play (NULL: none).  Returns 1 when the
 * manifest is signed, `expected`'s file adds no bots and no game a
 * skipped record left out (--skip-broken) is one this run plays: nothing
 * is left to append; 0 with `run` open to append after its last whole
 * line (after the signature of a run that grows or plays such games) and
 * *versions the "bot" records this run must add, for its bots whose entry
 * changed (manifest_file.h); -1 with err. */
int manifest_reopen(const char *dir, const cJSON *expected, const bool *plays,
		    long count, struct manifest_view *view, struct run_manifest *run,
		    cJSON **versions, char *err);

#endif
