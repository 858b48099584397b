/*
 * The league server's JSON API (docs/LEAGUE-SERVER.md, "The server"), read from
 * the league's index: each function answers one GET with a new JSON
 * object (web_reply_json() prints it), or NULL when what it names does
 * not exist.  The handler in
 * web_server.c maps paths to these and NULL to a 404.
 */
#ifndef ARENA_WEB_API_H
#define ARENA_WEB_API_H

#include <cjson/cJSON.h>
#include <sqlite3.h>

#include "web/web_fit.h"
#include "web/web_games.h"

/* GET /api/luck: the versions rated from the luck-adjusted scores of the
 * season's graded games (docs/LEAGUE.md, "Luck told apart"), view `v`'s:
 * {"graded","games","ladder":[{"name","version","elo","ci95","games"}]}
 * in the ladder's order (a column of it, never a second order), each
 * version with a graded game; "ladder" empty and "why" when there is
 * none. */
cJSON *web_api_luck(const struct web_fit_view *v);

/* GET /api/crosstable: each pair of the season's versions, as the
 * ladder's fit counts their games (crosstable.h: {"bots": ["NAME vK"],
 * "cells": [[{"w","d","l","score"} or null]]}, row a's record against
 * column b, the versions in the order they were added), view `v`'s;
 * NULL when the view has no ladder (its err says why). */
cJSON *web_api_crosstable(const struct web_fit_view *v);

/* GET /api/status: the counts `referee league status` prints, as
 * {"game","players","season","bots","retired","versions","runs",
 * "open_runs","games","sets"} (the counts view `v`'s), while a run
 * plays its pace ("resting","pace", from DIR/pace.json), and what the
 * player of league `dir` does, as `a` follows it (web_activity.h:
 * "games_per_s","queue","workers"). */
struct web_activity;
cJSON *web_api_status(sqlite3 *db, const struct web_fit_view *v, struct web_activity *a,
		      const char *dir);

/* GET /api/bots/NAME: its versions (their games, and their notes as the
 * ladder has them, view `v`'s), its games and forfeits this season
 * ("season"), its 50 latest games (each seat's "forfeit" too), its
 * versions' ratings over time (web_history.h), its forfeits from the logs
 * of league `dir` (web_games.h: their stderr lines for viewer `who` only
 * when they see the bot's), and its figures of skill and luck from the
 * grades the league's runs keep in the index (league_luck.h), not graded
 * again: over the games listed ("grade") and over every game of it the
 * index had graded when the view was made ("grade_all"), each
 * grade_tally_json()'s with "of", how many games were looked at; NULL
 * for a bot the league does not have. */
cJSON *web_api_bot(sqlite3 *db, const struct web_fit_view *v, const char *name,
		   const char *dir, const struct web_viewer *who);

/* GET /api/games?bot=NAME&since=ID: up to 500 games after cursor `since`
 * (0: from the first), of bot `name` (NULL: every bot), in order; each
 * with its id (run * 1000000 + game), its seats, its log's path and its
 * replay page's. */
cJSON *web_api_games(sqlite3 *db, const char *name, long long since);

#endif
