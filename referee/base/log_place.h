/*
 * The header's "place" (docs/LOGS.md; docs/FAIRNESS-LEAGUE.md, item 18): where a
 * game's log belongs, written by the referee into every log of a run
 * with records (a tournament's manifest, a play, sprt or league run's
 * run.jsonl) and covered by the log's chain and signature:
 *
 *   {"run": hex(run id), "game": N}                    a tournament, play, sprt
 *   {"league": hex(league id), "run": hex(run id),
 *    "run_number": R, "set": S, "game": N}             a league's run
 *
 * "game" is the game's number in the run (its log's name, the records'
 * number), "set" its set's number in the run (from 1, sets of the
 * header's "set" "of" games); a league made before it had an id names
 * none.  Read here, its form checked; what it must be is the folder's to
 * say (verify/verify_place.h).
 */
#ifndef ARENA_LOG_PLACE_H
#define ARENA_LOG_PLACE_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "games/fair.h"

struct log_place {
	char league[65];   /* "" when it names none */
	char run[2 * FAIR_GAME_ID_BYTES + 1];
	long run_number;   /* 0: not a league's */
	long set;          /* 0: not a league's */
	long game;
};

/* The place of the header `header` in `p`: 1 when it has one of the
 * right form, 0 when it has none, -1 with why (ERR_LEN bytes) when its
 * form is wrong or it does not agree with the header's "set" (a league's
 * set S holds games (S-1)*n+1 to S*n, game k of the set the k-th). */
int log_place_read(const cJSON *header, struct log_place *p, char *why);

/* The place in words, for a log's ok line: "game 7 of run ID" or "game 7
 * (set 4) of run 2 (ID) of league ID"; `out` of LOG_PLACE_TEXT bytes. */
#define LOG_PLACE_TEXT 256
void log_place_text(const struct log_place *p, char *out);

#endif
