/*
 * The records of a game log (docs/LOGS.md), built in one place so that the
 * match that writes a log and `referee verify` that rebuilds what a log
 * should say produce the very same JSON.
 */
#ifndef ARENA_RECORDS_H
#define ARENA_RECORDS_H

#include <cjson/cJSON.h>

#include "games/draws.h"
#include "games/fair.h"
#include "games/game.h"

/* A table draw has "d"; a seat draw "seat", "turn" and "roll" instead. */
cJSON *records_draw(const struct draw_record *draw);
/* `action` is copied; `us` is the time the decision took. */
/* `cpu_us` < 0: the game has no CPU clock, and the record no "cpu_us".
 * `info`: the bot's words on its move (wire_turn_info), or NULL. */
cJSON *records_action(int seat, const cJSON *action, long long us,
		      long long cpu_us, const char *info);
/* An opening move, drawn by the referee: {"type":"action","seat":..,
 * "action":..,"opening":true}, without a time (no bot was asked). */
cJSON *records_opening(int seat, const cJSON *action);
cJSON *records_forfeit(int seat, const char *reason, const char *detail);
/* The result's "ranks" and "scores" added to `to`, which it returns: a
 * result record (json_typed("result")), or the protocol's end message's
 * "result" (wire_end()), which says the same. */
cJSON *records_result(cJSON *to, const struct game_result *result, int seats);
/* A record holding one hex value, e.g. {"type":"commit","commitment":..}. */
cJSON *records_hex(const char *type, const char *name,
		   const unsigned char *bytes, size_t len);
/* {"type":"bot-commit","seat":..,"commitment":hex or null} */
cJSON *records_bot_commit(int seat, const unsigned char *commitment);
/* {"type":"bot-reveal","seat":..,"contribution":hex or null}: null when
 * the seat sent no well-formed reveal. */
cJSON *records_bot_reveal(int seat,
			  const unsigned char contribution[FAIR_SECRET_BYTES]);

#endif
