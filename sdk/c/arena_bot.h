/*
 * libarena-bot: write a bot for the arena referee in C by supplying one
 * function that picks an action.  The library speaks the whole bot
 * protocol (docs/PROTOCOL.md) on standard input and output: it answers
 * hello with the bot's name, takes part in the fairness exchange of every
 * game (commits to a random contribution, reveals it at the lock, and at
 * the end checks that the referee's secret matches the commitment it was
 * sent), hands each turn to the bot's decide function (which may say what
 * its move is about: arena_info) and answers every other message with {}.  Build with `pkg-config --cflags --libs
 * arena-bot`.  A bot must never write to standard output itself; use
 * standard error for logging.
 */
#ifndef ARENA_BOT_H
#define ARENA_BOT_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Picks the action for one turn.  `turn` is the whole turn message:
 * "seat", "state", "legal" (absent in games whose actions are not
 * enumerable), "time_left_ms".  Returns a new cJSON value that the library
 * sends and then frees, e.g. cJSON_Duplicate(an element of legal, 1), or
 * NULL to give up (arena_bot_run then returns 1).
 */
typedef cJSON *(*arena_decide_fn)(const cJSON *turn, void *ctx);

struct arena_bot_callbacks {
	arena_decide_fn decide;                          /* required */
	void (*on_start)(const cJSON *start, void *ctx); /* optional */
	void (*on_end)(const cJSON *end, void *ctx);     /* optional */
	void *ctx;                  /* passed to every callback as is */
	/* The safety net, off unless set: when decide returns NULL or an
	 * action that is not in "legal", the library says so on standard
	 * error and plays a random legal action instead of giving up, so a
	 * bug costs a move, not the game. */
	bool safe;
};

/*
 * Plays on standard input and output until goodbye or end of input.
 * `name` and `version` go into the hello reply; either may be NULL to
 * leave it out.  Calls sodium_init().  Returns 0 after a goodbye or at end
 * of input, 1 on a protocol error (a line that is not a JSON object with a
 * string "type", a start or commit missing what the fairness exchange
 * needs, decide returning NULL, a failed write), after saying why on
 * standard error.  The referee is never trusted: a secret that does not
 * match its commitment is reported on standard error, and play goes on.
 */
int arena_bot_run(const char *name, const char *version,
		  const struct arena_bot_callbacks *cb);

/* arena_bot_run on any pair of streams (tests, embedding). */
int arena_bot_serve(FILE *in, FILE *out, const char *name,
		    const char *version, const struct arena_bot_callbacks *cb);

/*
 * Says what the move being decided is about: called from decide, the text
 * printf makes of `fmt` goes with the action as "info" (docs/PROTOCOL.md),
 * which the referee logs beside the action (its first 256 bytes) and the
 * replays show; it never changes the game.  The last call of a turn wins;
 * a turn without a call sends none.  The text must be UTF-8 (the reply is
 * JSON); at most ARENA_INFO_MAX bytes of it are kept.
 */
#define ARENA_INFO_MAX 256
void arena_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The parts of a turn message: the "legal" array (NULL if absent), the
 * seat (-1 if absent) and the seat's view of the game (NULL if absent). */
const cJSON *arena_legal(const cJSON *turn);
int arena_seat(const cJSON *turn);
const cJSON *arena_state(const cJSON *turn);

#ifdef __cplusplus
}
#endif

#endif
