/*
 * A Swiss run's standings (docs/SWISS.md), which its
 * ladder, the ladder's json and the report lead with: the bots by Swiss
 * points (a won pairing 1, a drawn one ½, the bye 1), then Buchholz, then
 * their order in the file; for each, its points over the rounds whose
 * results are in ("5½/7"), its Buchholz, and each round's opponent and
 * result.  Made once as JSON (swiss_standings_json), which the json and
 * the report show as it is and the table prints (swiss_standings_print).
 */
#ifndef ARENA_SWISS_STANDINGS_H
#define ARENA_SWISS_STANDINGS_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "swiss.h"

/* The standings of `field` paired as `plan` says, its bots named by
 * `names` (by pairing number):
 * {"event": EVENT, "rounds": R, "rounds_done": K, "standings": [{"rank",
 * "bot", "points", "buchholz", "rounds": [{"round", "opponent", "seat"
 * (1 or 2: the bot's seat in the pairing's first game), "result" (1, 0.5,
 * 0, or null while the pairing's games are not all finished)}, or {"round",
 * "bye": true, "result"}]}], "left_out": [NAME...]}: the bots
 * --skip-broken left out (field->absent), paired in no round, are not
 * ranked but named there (no member without any); an empty board does
 * not keep its round from being done; a round not yet paired is left
 * out. */
cJSON *swiss_standings_json(const char *event, const struct swiss_field *field,
			    const struct swiss_plan *plan, char *const *names);

/* Prints `standings` (one value of swiss_standings_json) as a table:
 *   Swiss standings of EVENT after K of R rounds
 *   rank  bot      points  Buchholz  round 1  round 2 ...
 *      1  b3       5½/7        20.5  +b5 (1)  =b1 (2) ...
 * where +, = and - are a won, drawn and lost pairing, the number in
 * brackets the bot's seat in its first game, "bye" the bye, and "?" a
 * pairing not finished. */
void swiss_standings_print(FILE *out, const cJSON *standings);

#endif
