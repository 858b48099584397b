/*
 * A match: a fixed set of bot processes playing one game after another.
 * The processes stay alive across games (a Python bot costs ~100 ms to
 * start, a move ~20 us); one that faults is stopped and started afresh
 * for its next game.  Each game runs the fairness exchange, the moves with
 * their clocks, and writes a signed log as it goes.  The games of a
 * duplicate set (match_set.h) are played at the same time, each on a
 * match of its own (twins: the same bots in other processes, which live
 * on from set to set as a match's do), in step on their draws, and their
 * logs are signed once the whole set is over.
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

/* Makes lanes[1] to lanes[n - 1], those still NULL, twins of lanes[0]:
 * the matches of a set's games, the same bots in processes of their own
 * with the same config, lane k playing each set's game k + 1 (no process
 * plays in two games of one set).  The stderr cap is shared with
 * lanes[0]'s; each bot's stderr file is the lane's own: X.gameK.stderr
 * beside lanes[0]'s X.stderr (the lanes play at once, and in a shared
 * file the games' marks would interleave, so that a section, which runs
 * from one game's mark to the next, would hold another game's lines).
 * False with err when one cannot start. */
bool match_twins(struct match **lanes, int n, char *err);

/* match_finish() of lanes[n - 1] down to lanes[0] (NULL ones skipped):
 * the twins before the first match, whose stderr counts they use. */
void match_finish_lanes(struct match **lanes, int n);

/* One game of a set: the run's game number, who sits where (entrants by
 * index), and its log (NULL: none). */
struct match_set_game {
	unsigned long index;
	int seating[GAME_MAX_SEATS];
	const char *log_path;
};

/* Plays every game of duplicate set `set` (set->games of them, each with
 * `seats` seats), game k on lanes[k] (the first match and its twins), at
 * the same time and in step on their draws (docs/FAIRNESS.md, "Sets in
 * step"); outcomes[k] is game k's.  Every log gets S and its signature
 * once the last game has ended.  0, or -1 with err when the referee
 * itself fails: the set is then over and its logs stay unfinished. */
int match_play_set(struct match *const *lanes, struct match_set *set,
		   const struct match_set_game *games, int seats,
		   struct game_outcome *outcomes, char *err);

/* A round of one table, the one way every verb plays its games: `count`
 * games, game k seated and logged as games[k] says, played one after the
 * other on lanes[0] (match_play(), up to the first the referee fails), or,
 * `duplicate`, as one duplicate set on lanes[0..count-1] (the first match
 * and its twins, started if they are not yet), whose id and secret
 * derive from `set_seed` (FAIR_HASH_BYTES, or NULL: fresh random ones)
 * and the number of its first game (match_set_new()).  `announce`, if
 * not NULL, is told the set's id before its games start. */
struct match_round {
	const struct match_set_game *games;
	int count, seats;
	bool duplicate;
	const unsigned char *set_seed;
	void (*announce)(void *ctx, const unsigned char *set_id);
	void *ctx;
};

/* Fills the games of a round that rotates its seats, as play, sprt,
 * check-bot and the league's sets do (a tournament's seatings come from
 * its schedule): game k is numbered first + k, and seat s holds entrant
 * match_set_rotated(turn + k, s, seats) (match_set.h). */
void match_round_rotate(struct match_set_game *games, int count, int seats, long first,
			long turn);

/* Plays the round, game k's outcome in outcomes[k]: 0, or -1 with err. */
int match_play_round(struct match **lanes, const struct match_round *round,
		     struct game_outcome *outcomes, char *err);

/* Says goodbye to every bot, stops them all and frees the match.
 * said_goodbye[i] (if not NULL) tells whether entrant i answered the
 * goodbye; the result is true when all did. */
bool match_finish(struct match *match, bool *said_goodbye);

/* The stderr file of entrant `i`'s process in `match` (its lane's:
 * match_twins()), or NULL when it has none. */
const char *match_stderr_path(const struct match *match, int i);

/* What entrant `i` answered to its last hello: true with its name (NULL
 * when it gave none), or false when it has not answered one. */
bool match_hello_name(const struct match *match, int i, const char **name);

#endif
