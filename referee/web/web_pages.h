/*
 * The league server's pages: the live ladder (/), a page per bot
 * (/bots/NAME), the status (/status) and the sets' commitments
 * (/commitments), in the report's look (referee/report/html/), drawn by
 * html/league.js from the API, so that the page itself holds no text of
 * a user's but in its compressed data.
 */
#ifndef ARENA_WEB_PAGES_H
#define ARENA_WEB_PAGES_H

/* Page `name` (ladder, status, commitments, or bot with `bot` its bot's
 * name) of league `dir`, a new string, or NULL when it cannot be made.
 * Every page's data names the league's game, its options and its players
 * ("league"), and its title the game.  The server shows a bot's page
 * only for a bot the index has, so that an unknown name is a 404 like
 * the API's. */
char *web_page(const char *dir, const char *name, const char *bot);

#endif
