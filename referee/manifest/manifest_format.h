/*
 * The manifest's format names and the size of its batches of finished
 * games (manifest.h), which its writer, its records (manifest_records.h)
 * and its reader (manifest_read.h) share.
 */
#ifndef ARENA_MANIFEST_FORMAT_H
#define ARENA_MANIFEST_FORMAT_H

/* A run's record, run.jsonl (run_manifest.h), a tournament's too. */
#define RUN_FORMAT "arena-run/1"
/* The format of a tournament's manifest.jsonl, which earlier versions
 * wrote: still read (its records are a tournament's run.jsonl's). */
#define MANIFEST_FORMAT "arena-manifest/4"
#define MANIFEST_BATCH_GAMES 256
#define MANIFEST_BATCH_MS 1000

#endif
