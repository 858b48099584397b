/*
 * The manifest's format name and the size of its batches of finished
 * games (manifest.h), which its writer, its records (manifest_records.h)
 * and its reader (manifest_read.h) share.
 */
#ifndef ARENA_MANIFEST_FORMAT_H
#define ARENA_MANIFEST_FORMAT_H

#define MANIFEST_FORMAT "arena-manifest/4"
#define MANIFEST_BATCH_GAMES 256
#define MANIFEST_BATCH_MS 1000

#endif
