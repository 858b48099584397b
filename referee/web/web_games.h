/*
 * A league game as the server shows it: its replay page (the one `referee
 * replay --format html --grade` makes, with the bots' info), its grade
 * (web_grade.h), the lines its bots
 * wrote to stderr (from the league's stderr/ files) that its viewer may
 * see (web_words.h), and a bot's forfeits with its last words, read from
 * its recent games' logs.  The bots' words are looked up in the index of
 * the stderr files that the server's view keeps (web_fit.h), made once a
 * view, not once a request: the files grow with every game of the league.
 */
#ifndef ARENA_WEB_GAMES_H
#define ARENA_WEB_GAMES_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "report/replay_words.h"
#include "web/web_viewer.h"

/* The replay page of game `tail` (NNNNNN/game-NNNNNN) of league `dir`,
 * or NULL when there is no such game: public, its bots' stderr left out
 * (its script asks web_game_words() for them). */
char *web_game_page(const char *dir, const char *tail);

/* The stderr lines of game `tail` (NNNNNN/game-NNNNNN), from `x`, that
 * viewer `v` sees, each step's as {"index": I, "stderr": [...]} or {"index": I,
 * "last_words": {...}} (I the step's in the replay's "steps"), a JSON
 * array in a new string, *status 200; 403 when it sees no seat's, 404
 * (and NULL) when there is no such game. */
char *web_game_words(const char *dir, const struct words_index *x, const char *tail,
		     const struct web_viewer *v, unsigned *status);

/* GET /api/grade/TAIL (TAIL NNNNNN/game-NNNNNN): the game's grade
 * (web_grade.h), a JSON text ({"exact": false, "why"} for a game without
 * exact values), or NULL when there is no such game. */
char *web_game_grade(const char *dir, const char *tail);

/* The forfeits of bot `name` in `games` (web_api.h's games, each with
 * its "log"), at most WEB_FORFEITS, newest first as `games` are: an
 * array of {"id","replay","reason","detail","last_words"}, the last
 * words' stderr lines (from `x`) only when viewer `v` sees the bot's. */
#define WEB_FORFEITS 10
cJSON *web_game_forfeits(const char *dir, const struct words_index *x, const cJSON *games,
			 const char *name, const struct web_viewer *v);

#endif
