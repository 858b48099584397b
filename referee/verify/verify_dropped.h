/*
 * Why a set was dropped (docs/FAIRNESS-LEAGUE.md, item 25): of revision 7 a
 * "dropped" record names its reason, which verify checks against the
 * run's signed records: "verdict" (an sprt's pairs after its verdict),
 * "files" (a league's set not played: a version its started record
 * seats, named with the hash of its files now, which is not the hash
 * it was seated with), "refused" (a set a Slurm league run refused) or
 * "accept-loss" (a league's sets that its index handed out and its
 * signed records lack, closed by the organiser's --accept-loss: games
 * after every one started).  A cut set relabelled dropped has none of
 * these to show.
 */
#ifndef ARENA_VERIFY_DROPPED_H
#define ARENA_VERIFY_DROPPED_H

#include <stdbool.h>

#include <cjson/cJSON.h>
#include <stddef.h>

/* The problem with the reason of the dropped record `r`, on line `i`
 * (0-based) of the run.jsonl of a run of `verb` and revision `revision`,
 * whose first game's started record seats `seats` (NULL: none), in why
 * (ERR_LEN bytes); NULL when it holds.  *lost says whether its games are
 * sets lost (not started). */
const char *verify_dropped_reason(const cJSON *r, size_t i, const char *verb, long revision,
				  const cJSON *seats, bool *lost, char *why);

#endif
