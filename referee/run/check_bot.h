/*
 * The checklist of `referee check-bot` (docs/PROTOCOL.md): the bot is
 * taken through every message of the protocol: hello, start, the
 * fairness exchange, turns, the end of a game, a new game in the same
 * process, and goodbye, over a few full games against random opponents
 * in every seat, then a duplicate set (a game in every seat, each with
 * fresh processes, whose start names the set and which has no fairness
 * exchange after the first).  The checklist goes to stdout as it is
 * found: each failure says why, with the offending line where there is
 * one, the move, and the bot's last words on stderr; then the bot's reply
 * times by message against their budgets, warning of any past half of
 * one.
 */
#ifndef ARENA_CHECK_BOT_H
#define ARENA_CHECK_BOT_H

#include <stdbool.h>

#include "match/match.h"
#include "plan/tournament_file.h"

/* What to check, as the verb read it. */
struct check_bot {
	/* With --tournament: the file, and its bot checked, which is run as
	 * the tournament runs it (tournament_entrant.h). */
	struct tournament_spec *spec;
	int bot;
	const struct game_rules *rules;
	long games;
	int players;
	const char *keep;          /* the folder given to keep, else NULL */
	bool lenient;              /* a game it forfeits is a warning, not a
				    * failure, so long as it plays a move */
	const char *dir;           /* the logs' and the bot's stderr's */
	struct match_config config; /* rules, options, time, key */
	struct bot_limits limits;
};

/* Checks the bot, entrants[0], against the random opponents in the
 * others (`check->players` in all, named): prints the checklist and
 * returns how many of its checks failed. */
int check_bot_run(const struct check_bot *check, struct match_entrant *entrants);

/* Whether a failed check left something of the bot's in its folder `dir`
 * (a game's log, or words on its stderr): else there is nothing to keep
 * (a bot that could not be started), and the folder goes as a passing
 * check's does. */
bool check_bot_left_something(const char *dir);

#endif
