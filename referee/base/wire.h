/*
 * Protocol version 1 (docs/PROTOCOL.md): the messages the referee sends,
 * built as cJSON, and the strict checks of what bots send back.  Every
 * check names the problem precisely, because a bot author will read it in
 * a log to learn why their bot forfeited.
 */
#ifndef ARENA_WIRE_H
#define ARENA_WIRE_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "games/fair.h"
#include "games/game.h"

#define WIRE_PROTOCOL 1

/* Why a reply was refused: maps to the forfeit reasons of PROTOCOL.md. */
enum wire_error {
	WIRE_OK = 0,
	WIRE_BAD_JSON = -1,  /* bad-json */
	WIRE_BAD_REPLY = -2, /* bad-reply */
	WIRE_FAIRNESS = -3,  /* fairness */
};

/* What a bot's time is: the CPU time its control group uses on a reply
 * (under a wall-clock ceiling: wire_ceiling_ms), or the wall clock. */
enum time_clock { CLOCK_CPU, CLOCK_WALL };

struct time_control {
	long move_ms;  /* each reply; also the allowance for non-turn messages */
	long game_ms;  /* whole-game thinking budget per seat; 0 = none */
	long start_ms; /* the first reply of a new process (hello) */
	enum time_clock clock;
};

/* The wall-clock ceiling of a reply allowed `ms` of CPU time: twice that
 * and a second, for a bot that sleeps or blocks instead of computing. */
long wire_ceiling_ms(long ms);

/* "cpu" or "wall". */
const char *wire_clock_name(enum time_clock clock);

cJSON *wire_hello(void);
cJSON *wire_start(const struct game_rules *rules, const char *game_id_hex,
		  const cJSON *options, int seat, const char *const *players,
		  int count, const struct time_control *time);
cJSON *wire_commit(const unsigned char commitment[FAIR_HASH_BYTES]);
/* `commitments[i]` NULL for a seat that declined or left. */
cJSON *wire_lock(const unsigned char *const *commitments, int count);
/* Takes ownership of state and legal. */
cJSON *wire_turn(int seat, cJSON *state, cJSON *legal, long time_left_ms);
/* Takes ownership of forfeits (an array of {seat, reason}); secret NULL:
 * none (a game of a duplicate set, whose S comes out in its log). */
cJSON *wire_end(const struct game_result *result, int count,
		cJSON *forfeits,
		const unsigned char secret[FAIR_SECRET_BYTES]);
cJSON *wire_goodbye(void);

/* Parses one reply line strictly (json.h); WIRE_BAD_JSON on failure. */
enum wire_error wire_parse_reply(const char *line, size_t len, cJSON **reply,
				 char *err);

/* What a bot says about itself (hello's name and version) ends up in logs,
 * terminals and reports: 1 to WIRE_LABEL_MAX bytes of UTF-8 with no
 * control character (C0, DEL, C1), no line or paragraph separator and no
 * bidirectional formatting character. */
#define WIRE_LABEL_MAX 64
/* NULL when `label` is such a label as a string, or absent (NULL), else
 * what is wrong with it: a member of a reply, or of a log's player. */
const char *wire_label_problem(const cJSON *label);

/* hello: the optional name and version strings (NULL when absent), each
 * a label as above. */
enum wire_error wire_check_hello(const cJSON *reply, const char **name,
				 const char **version, char *err);
/* turn: the action (borrowed from reply). */
enum wire_error wire_check_turn(const cJSON *reply, const cJSON **action,
				char *err);
/* A turn reply's "info": the bot's own words on its move, logged beside
 * the action and shown by replays, never read by the rules.  A string
 * (anything else is ignored, as an unknown member), cut to its first
 * WIRE_INFO_MAX bytes at a character boundary. */
#define WIRE_INFO_MAX 256
/* The info into out (NUL-terminated), or NULL when there is none (no
 * "info", not a string, or empty). */
const char *wire_turn_info(const cJSON *reply, char out[WIRE_INFO_MAX + 1]);

/* commit: *declined is set when there is no commitment. */
enum wire_error wire_check_commit(const cJSON *reply,
				  unsigned char commitment[FAIR_HASH_BYTES],
				  bool *declined, char *err);
/* lock: the reveal, required when the bot committed, refused otherwise. */
enum wire_error wire_check_lock(const cJSON *reply, bool committed,
				unsigned char reveal[FAIR_SECRET_BYTES],
				char *err);

/* The reason word of PROTOCOL.md for a wire_error. */
const char *wire_error_reason(enum wire_error error);

#endif
