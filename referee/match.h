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

#include "bot/bot.h"
#include "games/game.h"
#include "keys.h"
#include "reply_times.h"
#include "game_play.h"
#include "util.h"
#include "wire.h"

struct match;
struct match_set;

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
	/* How many first moves of each game are drawn (openings.h): 0 for
	 * none, else checked with openings_check(). */
	int openings;
	/* Called with each record of the game's log, whether or not a log
	 * is written, when `referee verify` would report it (verify.h): a
	 * draw as it is drawn, the others once the game has played them;
	 * e.g. to tell the game as it is played (replay.h). */
	void (*on_record)(void *ctx, const cJSON *record,
			  const struct game_play *play);
	/* Each log file exists, empty, made by the caller so that the sandbox
	 * could mask it (cmd_play's --log FILE in a bot's folder): it is
	 * written, not created. */
	bool log_made;
	/* Called for each reply read from entrant `entrant`: the type of
	 * the message it answers ("hello", "start", "turn"...) and the time
	 * the bot took, from when it had the message (or, for messages
	 * written in a row, had answered the one before) to its reply: wall
	 * time, and with the CPU clock the CPU time charged (else -1). */
	void (*on_reply)(void *ctx, int entrant, const char *type, int64_t ns,
			 int64_t cpu_ns);
	/* Called in the opening of a game in which a new process was sent
	 * hello, once every hello reply was read (or not) and the processes
	 * that gave none stopped, before anything of the game is recorded,
	 * e.g. to name the bots as they said (match_hello_name()) in the log's
	 * header.  false, with err, ends the game there (match_play() fails),
	 * as when a bot's sandbox could not be set up. */
	bool (*on_greeted)(void *ctx, const struct match *match, char *err);
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
	/* The seat's process could not be started or did not answer hello. */
	bool no_start[GAME_MAX_SEATS];
	char reason[GAME_MAX_SEATS][MATCH_REASON_LEN];
	char detail[GAME_MAX_SEATS][MATCH_DETAIL_LEN];
	/* Each seat's reply times to its turns, by both clocks. */
	struct reply_clocks replies[GAME_MAX_SEATS];
};

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
