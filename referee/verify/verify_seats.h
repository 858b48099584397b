/*
 * A league run's seats held to its logs (docs/FAIRNESS-LEAGUE.md, item 26): the
 * bots a started record seats for a set are the seats of each of the
 * set's logs, each with its version's command and files, and the seats,
 * versions and ranks a finished record gives a game are its log's, so
 * that no ladder rests on records that their logs do not bear out.
 */
#ifndef ARENA_VERIFY_SEATS_H
#define ARENA_VERIFY_SEATS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/logread.h"
#include "base/problems.h"

/* The log (its header and result read) of a game whose started record
 * seats `started` and whose finished record gives `finished` (their
 * "seats"; NULL: none given, nothing held), each difference added to
 * `problems` under the log's path.  A `cut` log is held to the bots
 * alone, not their files: a set is cut when a version's files change
 * during it, and its logs then seat the files found. */
void verify_seats_check(const cJSON *started, const cJSON *finished, bool cut,
			const struct game_log *log, struct problems *problems);

#endif
