/*
 * A match: a fixed set of bot processes playing one game after another.
 * The processes stay alive across games (a Python bot costs ~100 ms to
 * start, a move ~20 us); one that faults is stopped and started afresh
 * for its next game.  Each game runs the fairness exchange, the moves with
 * their clocks, and writes a signed log as it goes.
 */
#ifndef ARENA_MATCH_H
#define ARENA_MATCH_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "bot.h"
#include "games/game.h"
#include "keys.h"
#include "reply_times.h"
#include "util.h"
#include "wire.h"

/* One bot of the match: how to start it and what to call it. */
struct match_entrant {
	const char *name;
	struct bot_spec spec;
};

struct match_config {
	const struct game_rules *rules;
	const cJSON *options;      /* resolved (options.h) */
	struct time_control time;
	const struct referee_key *key;
	int grace_ms;              /* SIGTERM to SIGKILL when stopping a bot */
	/* NULL: the referee's secrets are fresh random bytes for each game.
	 * Otherwise game k's game_id and secret derive from this seed and k,
	 * so a run can be reproduced (bots that take part still add their
	 * own randomness). */
	const unsigned char *seed;
	/* Called before a seat is asked to move, e.g. to show the board to
	 * a person who plays it. */
	void (*on_turn)(void *ctx, const struct game_rules *rules,
			const void *state, int seat);
	/* Called after each legal action, e.g. to show the board. */
	void (*on_action)(void *ctx, const struct game_rules *rules,
			  const void *state, int seat, const cJSON *action);
	/* Called for each reply read from entrant `entrant`: the type of
	 * the message it answers ("hello", "start", "turn"...) and the time
	 * the bot took, from when it had the message (or, for messages
	 * written in a row, had answered the one before) to its reply. */
	void (*on_reply)(void *ctx, int entrant, const char *type, int64_t ns);
	void *hook_ctx;
};

#define MATCH_REASON_LEN 24
#define MATCH_DETAIL_LEN (ERR_LEN + 160)

/* Why each seat left a game, if it did. */
struct game_outcome {
	struct game_result result;
	char game_id[2 * 16 + 1];
	int seats;
	int actions;
	bool forfeited[GAME_MAX_SEATS];
	/* The game's move number (actions so far plus one) at a fault in
	 * play; 0 for a fault before it (hello, start, the fairness exchange). */
	int fault_move[GAME_MAX_SEATS];
	char reason[GAME_MAX_SEATS][MATCH_REASON_LEN];
	char detail[GAME_MAX_SEATS][MATCH_DETAIL_LEN];
	/* Each seat's reply times to its turns. */
	struct reply_times replies[GAME_MAX_SEATS];
};

struct match;

/* Starts every entrant's process (hello goes with its first game).  Returns NULL with err
 * when a bot cannot be started at all (a bad command line, a missing
 * program); a bot that starts and then misbehaves is not an error here:
 * it forfeits its first game. */
struct match *match_start(const struct match_config *config,
			  const struct match_entrant *entrants, int count,
			  char *err);

/* Plays one game, the match's game number `index` (which, with a seed,
 * picks the referee's secrets).  seating[s] is the entrant at seat s;
 * `log_path` may be NULL for no log.  Returns 0, or -1 with err when the referee itself
 * fails (the log cannot be written). */
int match_play(struct match *match, unsigned long index, const int *seating,
	       int seats, const char *log_path, struct game_outcome *outcome, char *err);

/* Says goodbye to every bot, stops them all and frees the match.
 * said_goodbye[i] (if not NULL) tells whether entrant i answered the
 * goodbye; the result is true when all did. */
bool match_finish(struct match *match, bool *said_goodbye);

/* What entrant `i` answered to its last hello: true with its name (NULL
 * when it gave none), or false when it has not answered one. */
bool match_hello_name(const struct match *match, int i, const char **name);

#endif
