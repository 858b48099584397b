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
 *    "verify": {"ok", "error" | "key", "trusted", "trust"},
 *    "result": {"ranks", "scores"} | null,
 *    "steps": [{"move", "seat", "action", "us" | "opening", "text", "draws": [words],
 *               "rolls": [[dice faces drawn]], "events": [words],
 *               "changed": [cells], "forfeit": {"reason", "detail"},
 *               "view", "board"}]}
 * The steps come in the log's order: the start of play, each action, and
 * each forfeit (before play too).  "move" counts actions from 1 (0 before
 * the first); "opening" is true for a move the referee drew, which took
 * no time (docs/FAIRNESS.md, "Openings"); "draws" leaves out the words of a roll that "view" shows
 * waiting, which would tell it twice; "view" is the position after the
 * step as a spectator sees it, without the members kept once in "fixed";
 * "board" (text replays
 * only) is the rules' own text rendering.  "trusted" says whether the
 * signature was checked against the key the user trusts (--key), and
 * "trust" says so in words (keys.h).
 */
#ifndef ARENA_REPLAY_H
#define ARENA_REPLAY_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/game_play.h"
#include "base/logread.h"

struct replay_options {
	bool boards;      /* add each step's text rendering */
	/* The public key the log must be signed with, or NULL: any key,
	 * not one the user trusts. */
	const unsigned char *trusted_key;
	int message_move; /* > 0: keep the turn message sent for this move */
	bool what_if_ok;  /* a what-if's log is shown (verify.h), not refused */
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

/* Builds the replay of `log`.  A log that does not verify still gives a
 * document, with verify.ok false and the reason: its header's game and
 * players, and the steps up to the failure when that came in the play (a
 * broken chain, header, signature or commitment stops it before the first
 * step).  -1 with err only when the log is not a game log at all (its
 * first line is no header record). */
int replay_build(const struct game_log *log, const struct replay_options *options,
		 struct replay *out, char *err);
void replay_free(struct replay *replay);

/* The same document built one record at a time, as a game is played:
 * each record of the log (whether or not one is written) once the game
 * has played it, as verify.h's hook reports them.  add() returns the step
 * the record made (owned by the document), or NULL; free() completes the
 * document in `out` (free that with replay_free) and `options` must
 * outlive the builder.  No "verify" member: nothing was checked. */
struct replay_builder;
struct replay_builder *replay_builder_new(const struct replay_options *options,
					  struct replay *out);
const cJSON *replay_builder_add(struct replay_builder *b, const cJSON *record,
				const struct game_play *play);
void replay_builder_free(struct replay_builder *b);

#endif
