/*
 * A match: a fixed set of bot processes playing one game after another.
 * The processes stay alive across games (a Python bot costs ~100 ms to
 * start, a move ~20 us); one that faults is stopped and started afresh
 * for its next game.  Each game runs the fairness exchange, the moves with
 * their clocks, and writes a signed log as it goes.  The games of a
 * duplicate set (match_set.h) are the exception: each is played by
 * processes started for it, stopped when it ends, and its log is signed
 * once the whole set is over.
 */
#ifndef ARENA_MATCH_H
#define ARENA_MATCH_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "match_types.h"

/* Starts every entrant's process (hello goes with its first game).  Returns NULL with err
 * when a bot cannot be started at all (a bad command line, a missing
 * program); a bot that starts and then misbehaves is not an error here:
 * it forfeits its first game. */
struct match *match_start(const struct match_config *config,
			  const struct match_entrant *entrants, int count,
			  char *err);

/* Sends hello to every entrant's process that has not had one, all
 * before any reply is read, and reads each reply within the start-up
 * allowance: the bots are named (match_hello_name()) before their first
 * game.  A process that fails is stopped, and its fault
 * (match_start_fault()) is its next game's forfeit. */
void match_greet(struct match *match);

/* Why entrant `i`'s process could not be started or greeted, waiting to
 * be its next game's forfeit; NULL when none is. */
const char *match_start_fault(const struct match *match, int i);

/* Whether that fault is a process still running that gave no reply in
 * the wall time it had: one waiting for more messages, or a hang. */
bool match_start_silent(const struct match *match, int i);

/* Plays one game, the match's game number `index` (which, with a seed,
 * picks the referee's secrets).  seating[s] is the entrant at seat s;
 * `log_path` may be NULL for no log.  Returns 0, or -1 with err when the referee itself
 * fails (the log cannot be written). */
int match_play(struct match *match, unsigned long index, const int *seating,
	       int seats, const char *log_path, struct game_outcome *outcome, char *err);

/* The same for the next game of duplicate set `set` (its game
 * set->next), from the set's first game to its last in turn: with the
 * set's secrets, exchange and key, its draws by seat, and processes
 * started for it; its bots are sent goodbye and stopped when it ends, and
 * then, if a process of theirs outlived that, the call fails (the set's
 * next game must not start).  After the set's last game, every log of the
 * set gets S and its signature.  On failure the set is over: the caller
 * frees it, leaving its logs unfinished. */
int match_play_in_set(struct match *match, struct match_set *set,
		      unsigned long index, const int *seating, int seats,
		      const char *log_path, struct game_outcome *outcome,
		      char *err);

/* Says goodbye to every bot, stops them all and frees the match.
 * said_goodbye[i] (if not NULL) tells whether entrant i answered the
 * goodbye; the result is true when all did. */
bool match_finish(struct match *match, bool *said_goodbye);

/* What entrant `i` answered to its last hello: true with its name (NULL
 * when it gave none), or false when it has not answered one. */
bool match_hello_name(const struct match *match, int i, const char **name);

#endif
