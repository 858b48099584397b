/*
 * A league game as the server shows it: its replay page (the one `referee
 * replay --format html` makes, with the bots' words from the league's
 * stderr/ files), and a bot's forfeits with its last words, read from
 * its recent games' logs.
 */
#ifndef ARENA_WEB_GAMES_H
#define ARENA_WEB_GAMES_H

#include <cjson/cJSON.h>
#include <stddef.h>

/* The replay page of `url` (/games/NNNNNN/game-NNNNNN) of league `dir`,
 * *len bytes, or NULL when there is no such game. */
char *web_game_page(const char *dir, const char *url, size_t *len);

/* The forfeits of bot `name` in `games` (web_api.h's games, each with
 * its "log"), at most WEB_FORFEITS, newest first as `games` are: an
 * array of {"id","replay","reason","detail","last_words"}. */
#define WEB_FORFEITS 10
cJSON *web_game_forfeits(const char *dir, const cJSON *games, const char *name);

#endif
