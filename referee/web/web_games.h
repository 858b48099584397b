/*
 * A league game as the server shows it: its replay page (the one `referee
 * replay --format html --grade` makes, with the bots' info, and its
 * grade, web_game_grade()'s), the lines its bots
 * wrote to stderr (from the league's stderr/ files) that its viewer may
 * see, and a bot's forfeits with its last words, read from
 * its recent games' logs.  The bots' words are looked up in the index of
 * the stderr files that the server's view keeps (web_fit.h), made once a
 * view, not once a request: the files grow with every game of the league.
 *
 * What a viewer sees of a game (docs/LEAGUE-SERVER.md, "What is public"):
 * the log's own words (the moves, the bots' info, a forfeit's reason and
 * detail) are everyone's, but no path of the server's in them; the lines
 * a bot wrote to stderr are its owner's (the user whose upload the league
 * took first, web_users.h) and the organisers' only.
 */
#ifndef ARENA_WEB_GAMES_H
#define ARENA_WEB_GAMES_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "report/replay_words.h"

/* Who asks the league's server (docs/LEAGUE-SERVER.md, "What is public"):
 * the user whose token a request gives (`Authorization: Bearer TOKEN`),
 * or nobody.  Everything else the server shows is public. */
struct web_viewer {
	char *user;       /* NULL: nobody (no token, or one that is no user's) */
	bool organiser;
};

/* `text` with each absolute path in it (a bot's command as the server
 * ran it, a folder of the server's) cut to its last part, a new string. */
char *web_words_scrub(const char *text);

/* The replay page of the game of log `rel` (runs/NNNNNN/game-NNNNNN.jsonl)
 * of league `dir`, or NULL when there is no such game: public, its bots'
 * stderr left out (its script asks web_game_words() for them). */
char *web_game_page(const char *dir, const char *rel);

/* The grade (docs/ANALYSIS.md) of log `rel` (runs/NNNNNN/game-NNNNNN.jsonl)
 * of league `dir` as its replay carries it (grade.h's GRADE_SHOWN: {"exact":
 * false, "why"} for a game without exact values), by the handler thread's
 * own grader (web_db.h), or NULL when the log cannot be read. */
cJSON *web_game_grade(const char *dir, const char *rel);

/* The stderr lines of the game of log `rel`, from `x`, that
 * viewer `v` sees, each step's as {"index": I, "stderr": [...]} or {"index": I,
 * "last_words": {...}} (I the step's in the replay's "steps"), a new
 * JSON array, *status 200; 403 when it sees no seat's, 404 (and NULL)
 * when there is no such game. */
cJSON *web_game_words(const char *dir, const struct words_index *x, const char *rel,
		     const struct web_viewer *v, unsigned *status);

/* The forfeits of bot `name` in `games` (web_api.h's games, each with
 * its "log"), at most WEB_FORFEITS, newest first as `games` are: an
 * array of {"id","replay","reason","detail","last_words"}, the last
 * words' stderr lines (from `x`) only when viewer `v` sees the bot's. */
#define WEB_FORFEITS 10
cJSON *web_game_forfeits(const char *dir, const struct words_index *x, const cJSON *games,
			 const char *name, const struct web_viewer *v);

#endif
