/*
 * A league's index, DIR/league.db, as a cache of its signed records
 * (docs/LEAGUE.md, "The index checked"): an index that is missing, of an
 * earlier referee, damaged, or not what the register and the runs'
 * run.jsonl give (league_index.h) is made again from them
 * (league_sync.h's league_rebuild) by whoever finds it so, unless a run
 * holds the folder (run/run_lock.h), whose next start or a `league
 * rebuild` after it makes it again.
 */
#ifndef ARENA_LEAGUE_CACHE_H
#define ARENA_LEAGUE_CACHE_H

#include <sqlite3.h>
#include <stddef.h>

#include "league/league_folder.h"

/* Opens league `dir` (its league.json in *info, its index in *db) with
 * an index that agrees with its records, made again if it did not: 0,
 * with what was made again said in `note` (`len` bytes; empty when
 * nothing was), or -1 with err (nothing open). */
int league_open_cached(const char *dir, struct league_info *info, sqlite3 **db,
		       char *note, size_t len, char *err);

#endif
