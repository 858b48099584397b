/*
 * A league game as the server shows it: its replay page (the one `referee
 * replay --format html` makes, with the bots' words from the league's
 * stderr/ files), and a bot's forfeits with its last words, read from
 * its recent games' logs.  The bots' words are looked up in the index of
 * the stderr files that the server's view keeps (web_fit.h): made once a
 * view, not once a page (the files grow with every game of the league).
 */
#ifndef ARENA_WEB_GAMES_H
#define ARENA_WEB_GAMES_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "report/replay_words.h"

/* The index of league `dir`'s stderr files, for the functions below. */
struct words_index *web_game_words(const char *dir);

/* The replay page of `url` (/games/NNNNNN/game-NNNNNN) of league `dir`,
 * the bots' words from `x`, *len bytes, or NULL when there is no such
 * game. */
char *web_game_page(const char *dir, const struct words_index *x, const char *url,
		    size_t *len);

/* The forfeits of bot `name` in `games` (web_api.h's games, each with
 * its "log"), at most WEB_FORFEITS, newest first as `games` are: an
 * array of {"id","replay","reason","detail","last_words"}. */
#define WEB_FORFEITS 10
cJSON *web_game_forfeits(const char *dir, const struct words_index *x, const cJSON *games,
			 const char *name);

#endif
