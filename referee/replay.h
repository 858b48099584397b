/*
 * A game log turned into a replay: one JSON document that the text
 * replay, the HTML replay and the tournament report all read.  It is made
 * by replaying the log through `verify_log`, so every position in it comes
 * from the referee's own rules code; nothing downstream (the page's
 * JavaScript included) plays the rules again.
 *
 * The document:
 *   {"game", "title", "rules", "game_id", "options", "time",
 *    "players": [names], "moves", "fixed": {what never changes in a game},
 *    "verify": {"ok", "error" | "key"}, "result": {"ranks", "scores"} | null,
 *    "steps": [{"move", "seat", "action", "us", "text", "draws": [words],
 *               "rolls": [[dice faces drawn]], "events": [words],
 *               "changed": [cells], "forfeit": {"reason", "detail"},
 *               "view", "board"}]}
 * The steps come in the log's order: the start of play, each action, and
 * each forfeit (before play too).  "move" counts actions from 1 (0 before
 * the first); "view" is the position after the step as a spectator sees
 * it, without the members kept once in "fixed"; "board" (text replays
 * only) is the rules' own text rendering.
 */
#ifndef ARENA_REPLAY_H
#define ARENA_REPLAY_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "logread.h"

struct replay_options {
	bool boards;      /* add each step's text rendering */
	int message_move; /* > 0: keep the turn message sent for this move */
};

struct replay {
	cJSON *doc;
	int moves;
	bool verified;
	/* The "turn" message that asked for options.message_move, exactly as
	 * the referee sent it (see docs/REPLAY.md for time_left_ms), or NULL
	 * when the log has no such move. */
	cJSON *message;
};

/* Builds the replay of `log`.  A log that does not verify still gives the
 * steps up to the failure, with verify.ok false and the reason.  -1 with
 * err only when the log is not a game log at all (no header).  The
 * document borrows from `log`: free the replay first. */
int replay_build(const struct game_log *log, const struct replay_options *options,
		 struct replay *out, char *err);
void replay_free(struct replay *replay);

/* Adds what a spectator should be told about one step of a game, from
 * the views before and after it: "text" (the action in words), "events"
 * and "changed" (cells whose content changed).  Defined per game family
 * in replay_dice.c and replay_board.c. */
void replay_describe(const char *game, const cJSON *before, const cJSON *after,
		     cJSON *step);
void replay_describe_dice(const cJSON *before, const cJSON *after, cJSON *step);
void replay_describe_board(const char *game, const cJSON *before,
			   const cJSON *after, cJSON *step);

/* Adds what the page needs to draw the game that no view holds (for
 * Black-Pot, the kind of each cell number) to the document's "fixed". */
void replay_fixed(const char *game, cJSON *fixed);

/* Member helpers shared by the describers. */
int replay_int(const cJSON *object, const char *name, int fallback);
void replay_event(cJSON *step, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
