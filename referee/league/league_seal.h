/*
 * A killed league run closed from what its signed records show
 * (docs/FAIRNESS-LEAGUE.md, item 22): of revision 7, run.jsonl is signed again
 * after each started record, before any bot of its set moves, so that
 * after a kill -9 its records up to its last set started are signed.
 * What follows the last seal (finished, cut or dropped records of the sets
 * before) is not taken on trust: the closing run cuts it off and lists
 * those sets again from their logs.  A set the index's tasks name (each
 * entered as it is handed out) that the signed records lack was cut from
 * them: the run is not closed unless the organiser says --accept-loss,
 * which lists the sets dropped for that reason.
 */
#ifndef ARENA_LEAGUE_SEAL_H
#define ARENA_LEAGUE_SEAL_H

#include "base/keys.h"

/* Cuts the unclosed run.jsonl at `path` of revision 7 back to its last
 * seal, which must verify with `key`, or, with none, to the records
 * before its first started one (nothing to do for a closed run, or one of
 * an earlier revision).  0, or -1 with err. */
int league_seal_trim(const char *path, const struct referee_key *key, char *err);

#endif
