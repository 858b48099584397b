/*
 * The types of a match (match.h): an entrant, the configuration, a
 * game's outcome.  Apart from match.h so that the talk with one bot
 * (match_entrant.h), which match.c includes, need not include it.
 */
#ifndef ARENA_MATCH_TYPES_H
#define ARENA_MATCH_TYPES_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/game_play.h"
#include "base/keys.h"
#include "base/reply_times.h"
#include "base/util.h"
#include "base/wire.h"
#include "bot/bot.h"
#include "games/game.h"

struct match;
struct match_set;
struct book;
struct match_what_if;

/* One bot of the match: how to start it and what to call it. */
struct match_entrant {
	const char *name;
	struct bot_spec spec;
};

/* Where a game's log belongs (docs/LOGS.md, the header's "place"): the
 * run whose records list it, and in a league the league and the run's
 * number; the game's own number is the one match_play() is given.  A
 * log given no place (play --log, check-bot) names none. */
struct match_place {
	const unsigned char *run_id;  /* FAIR_GAME_ID_BYTES: the run's id, as
				       * its run.jsonl or manifest says it */
	const char *league;           /* a league's id (64 hex digits), or
				       * NULL: no league, or one made before
				       * it had an id */
	long run_number;              /* a league's run, from 1; 0: no league */
	int set_games;                /* a league's sets' games: the set's
				       * number in the run is written */
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
	/* Without a seed: NULL, or a key the referee drew and keeps to
	 * itself (never written), from which game k's game_id and secret
	 * derive as from a seed, so that whoever runs the match knows each
	 * game's commitment C before it starts, to list it (the "started"
	 * records of a tournament's manifest and of a play or sprt folder's
	 * run.jsonl, docs/FAIRNESS.md); the logs are not seeded. */
	const unsigned char *deal_key;
	/* How many first moves of each game are drawn (openings.h): 0 for
	 * none, else checked with openings_check(). */
	int openings;
	/* An opening book (book.h), or NULL: game `index` of the match opens
	 * with the book's pick for unit (index - book_first) / book_unit,
	 * book_unit games a unit (a seating cycle, or a duplicate set). */
	const struct book *book;
	unsigned long book_first;
	int book_unit;
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
	/* Each log is written gzip-compressed (journal_compress). */
	bool compress;
	/* Each log's header and C synced before the exchange (a league's:
	 * docs/FAIRNESS-LEAGUE.md, item 24). */
	bool durable;
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
	/* Where each game's log belongs, written in its header (NULL: no
	 * place). */
	const struct match_place *place;
	/* A what-if's game (match_set.h), or NULL: a game of its own. */
	const struct match_what_if *what_if;
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

#endif
