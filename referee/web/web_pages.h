/*
 * The league server's pages: the live ladder (/), a page per bot
 * (/bots/NAME), the status (/status) and the sets' commitments
 * (/commitments), in the report's look (referee/report/html/), drawn by
 * html/league.js from the API, so that the page itself holds no text of
 * a user's but in its compressed data.
 */
#ifndef ARENA_WEB_PAGES_H
#define ARENA_WEB_PAGES_H

#include <sqlite3.h>

/* The page at `url` of league `dir`, a new string, or NULL when there is
 * none.  Every page's data names the league's game, its options and its
 * players ("league"), and its title the game. */
char *web_page(sqlite3 *db, const char *dir, const char *url);

#endif
