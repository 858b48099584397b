/*
 * A run's seals (docs/FAIRNESS-LEAGUE.md, item 22): of revision 7, run.jsonl is
 * signed again right after each "started" record, before any bot of its
 * set moves, so that after a kill its records up to the last set started
 * are signed, and nobody without the key can cut a set started or change
 * what it named.  A seal leaves the run open: a run is closed by a
 * signature that follows any other record.
 */
#ifndef ARENA_VERIFY_SEAL_H
#define ARENA_VERIFY_SEAL_H

#include <stdbool.h>

#include "base/logread.h"
#include "base/problems.h"

/* Whether line i of a run's records is a seal: a signature line right
 * after a started record. */
bool verify_seal_is(const struct game_log *log, size_t i);

/* The seals of the run.jsonl `log` of the run `id`, signed at its end by
 * `key_hex`: each signature line before its last a seal that verifies
 * with that key, and, of revision 7, each started record sealed; a last
 * signature that is a seal leaves the run unsigned.  false after the
 * first problem, added to `problems` under `path`. */
bool verify_seals_check(const struct game_log *log, const unsigned char *id,
			const char *key_hex, struct problems *problems, const char *path);

#endif
