/*
 * A league's index, DIR/league.db, checked against the signed records it
 * was built from before a verb shows a ladder (docs/LEAGUE.md, "The
 * index checked"): the register (its versions, retired bots and seasons,
 * league_register.h) and each run's run.jsonl, its chain and signature
 * checked, whose "finished" records give each game's log's SHA-256 and
 * its seats' versions, ranks and forfeits (league_task.h), so that no log
 * is read.  A game listed finished without its seats (closed by the next
 * run after a cut) is read from its log; the runs of a league made before
 * revision 6 of the scheme (no "register" record in their run.jsonl) are
 * taken as the index has them, which `verify` checks against the logs.
 * A run still going (run.jsonl unsigned) may have listed games the index
 * has not entered yet; a closed one's must all be there.  An index that
 * is missing, of an earlier referee, damaged, or not what the records
 * give is made again from them (league_sync.h's league_rebuild) by
 * whoever finds it so, unless a run holds the folder (run/run_lock.h),
 * whose next start or a `league rebuild` after it makes it again.
 */
#ifndef ARENA_LEAGUE_INDEX_H
#define ARENA_LEAGUE_INDEX_H

#include <sqlite3.h>
#include <stddef.h>

#include "league/league_folder.h"

/* Whether the index `db` (DIR/league.db, open) of league `info` in `dir`
 * agrees with the league's signed records: 0; 1 with err naming the
 * first difference (and how many more), to which a caller adds what to
 * do (league_db_rebuild_advice(), or making the index again); or -1
 * with err saying why the records cannot be read.  A difference is looked for again once before
 * it is said: a writer (a run, an add) changes the records first, the
 * index a moment later. */
int league_index_check(const char *dir, const struct league_info *info, sqlite3 *db,
		       char *err);

/* Opens league `dir` (its league.json in *info, its index in *db) with
 * an index that agrees with its records, made again if it did not: 0,
 * with what was made again said in `note` (`len` bytes; empty when
 * nothing was), or -1 with err (nothing open). */
int league_open_cached(const char *dir, struct league_info *info, sqlite3 **db,
		       char *note, size_t len, char *err);

#endif
