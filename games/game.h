/*
 * The rules interface.  A game is one `const struct game_rules` table of
 * pure functions: no I/O, no globals, no clock, chance only through
 * draws.h.  The referee core drives any game through this table alone, and
 * `referee verify` replays logs through the very same functions, so each
 * rule is written exactly once.  A game's rules are its file here and
 * its line in registry.c; its `family` says which of the referee's replay
 * describers and page renderers shows it (referee/report/replay_family.c),
 * and a new kind of game needs one there too.  A game also needs its page
 * in docs/games/, its rule table in tests/cases/ and the SDKs' helpers:
 * docs/HACKING.md, "A new game", lists every step.
 *
 * These headers are those of libarena-games, the rules library, installed
 * as <arena/games/...> for bots that simulate games.  Every function and
 * table it exports is named arena_ (arena_game_find, arena_draws_init,
 * arena_dice_game_*, ...), so that a program linking it may define any
 * other name, its own xmalloc or errorf included; types and macros keep
 * short names (struct game_rules, GAME_MAX_SEATS).
 */
#ifndef ARENA_GAME_H
#define ARENA_GAME_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "draws.h"
#include "game_err.h"

#define GAME_MAX_SEATS DRAW_MAX_SEATS
/* The most legal actions a position of any game has (Black-Pot's moves
 * of a roll are the most), as moves() below counts them. */
#define GAME_MAX_MOVES 1024

/* One option a game accepts.  An option is either an integer in
 * [min, max] (choices == NULL) or one of a NULL-terminated list of words. */
struct game_option {
	const char *name;
	const char *help;
	const char *default_value;
	const char *const *choices;
	long min, max;
};

/* What every game's create() receives.  `options` is a JSON object holding
 * every option of the game (defaults filled in) already checked against the
 * game's option table, so create() only checks combinations.  Seats in
 * `out` left before play (never first_seat): the game must never make a
 * draw for them, not even when a turn lost at once passes on inside
 * create(); forfeit() is called for each of them right after. */
struct game_setup {
	int players;
	int first_seat;
	const cJSON *options;
	bool out[GAME_MAX_SEATS];
};

/* Final standing of one game.  rank[i] is 1 for the winner(s); seats with
 * equal results share a rank (a 2-player draw is rank 1 for both). */
struct game_result {
	int rank[GAME_MAX_SEATS];
	long score[GAME_MAX_SEATS];
};

/* Games whose views have one shape, so that one description of a step
 * and one drawing of a position serve them all (the referee's replays):
 * the dice games share theirs; Rolit and Black-Pot each have their own. */
enum game_family {
	GAME_FAMILY_DICE,
	GAME_FAMILY_ROLIT,
	GAME_FAMILY_BLACK_POT,
};

struct game_rules {
	const char *name;          /* command-line name, e.g. "rolit" */
	const char *title;         /* human name, e.g. "Rolit" */
	const char *rules_version; /* bumped whenever a rule changes */
	enum game_family family;
	int min_players, max_players;
	/* The numbers of players allowed, as text ("2 or 4"), when that is not
	 * every number from min_players to max_players; NULL otherwise. */
	const char *players_text;
	const struct game_option *options; /* terminated by a NULL name */
	/* Chance takes no part in play once the game is created, so that two
	 * deterministic bots would play one game over and over: the referee
	 * may draw its first moves, an opening (docs/FAIRNESS.md). */
	bool openings;
	/* The order of a roll's dice shows (Black-Pot's view lists them as
	 * drawn), so that explicit chance (chance.h) deals them one at a
	 * time; false: a roll is its multiset of faces. */
	bool dice_in_order;

	/* A new game, or NULL with a message in err (GAME_ERR_LEN bytes) when the
	 * option combination is not allowed. May draw (e.g. a deck). */
	void *(*create)(const struct game_setup *setup, struct draws *draws,
			char *err);
	/* Frees a state: free() in every game, a state being one block
	 * (state_size below). */
	void (*destroy)(void *state);

	/* The seat that must decide now, or -1 once the game is over. */
	int (*to_move)(const void *state);
	/* The state as `seat` may see it: a new JSON object, with the same
	 * members all game long (null for what is absent: a replay page
	 * carries only the members that changed, html_replay.c). */
	cJSON *(*view)(const void *state, int seat);
	/* The legal actions of the seat to move: a new JSON array whose
	 * elements are themselves valid actions. */
	cJSON *(*legal)(const void *state);
	/* Checks `action` for the seat to move and applies it; 0 on success,
	 * -1 with the reason in err (and the state unchanged) when illegal. */
	int (*apply)(void *state, const cJSON *action, struct draws *draws,
		     char *err);
	/* Optional (NULL in a game without them): legal() and apply()
	 * without JSON, for programs that step many games at once (the
	 * Python environment's vector).  moves() writes a number for each
	 * element of legal(), in its order, and returns how many;
	 * apply_move() plays the action of one of those numbers exactly as
	 * apply() plays that element. */
	int (*moves)(const void *state, int moves[GAME_MAX_MOVES]);
	void (*apply_move)(void *state, int move, struct draws *draws);
	/* `seat` left the game (a forfeit): it takes no more turns.  Only
	 * called while at least two sides remain in play; a team's seats
	 * leave together. */
	void (*forfeit)(void *state, int seat, struct draws *draws);
	/* Team games only (NULL otherwise): the team of `seat` when `players`
	 * play, or -1 when that many players play each for themselves
	 * (Black-Pot: with 4 players seats 0 and 2 play against 1 and 3). */
	int (*team_of)(int players, int seat);
	/* Result of a finished game, forfeited seats included as the game
	 * sees them (the match ranks forfeited seats last afterwards). */
	void (*result)(const void *state, struct game_result *result);
	/* The position as text for `referee replay` (a new string). */
	char *(*render)(const void *state);
	/* A state is one block of this many bytes that points to no memory
	 * of its own, so that a copy of it (memcpy) is a game that goes on
	 * apart: what plays a position out many times (the grader's
	 * estimated values, values/estimate.h) copies it. */
	size_t state_size;
};

#endif
