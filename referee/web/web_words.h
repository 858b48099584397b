/*
 * What of a league game's replay a viewer sees (docs/LEAGUE-SERVER.md, "What is
 * public"): the log's own words (the moves, the bots' info, a forfeit's
 * reason and detail) are everyone's, but no path of the server's in
 * them; the lines a bot wrote to stderr are its owner's (the user whose
 * upload the league took first, web_users.h) and the organisers' only.
 */
#ifndef ARENA_WEB_WORDS_H
#define ARENA_WEB_WORDS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

/* Who asks the league's server (docs/LEAGUE-SERVER.md, "What is public"):
 * the user whose token a request gives (`Authorization: Bearer TOKEN`),
 * or nobody.  Everything else the server shows is public. */
struct web_viewer {
	char *user;       /* NULL: nobody (no token, or one that is no user's) */
	bool organiser;
};

/* Whether viewer `v` sees bot `bot`'s stderr: they own it (the league's
 * register says, league_owners.h) or organise. */
bool web_words_sees(const struct web_viewer *v, const char *dir, const char *bot);

/* `text` with each absolute path in it (a bot's command as the server
 * ran it, a folder of the server's) cut to its last part, a new string. */
char *web_words_scrub(const char *text);

/* The stderr lines of replay document `doc` (each move's and the last
 * words') shown relative to their bot: its folder, as log header
 * `header` names it, cut off the paths in them ("lib/a.py"), every other
 * absolute path cut to its last part (web_words_scrub()), so that its
 * owner reads where in the bot, not where on the server. */
void web_words_relative(cJSON *doc, const cJSON *header);

/* The forfeits' words of replay document `doc` (replay.h) scrubbed
 * (web_words_scrub()): each forfeit's detail and its step's text. */
void web_words_public(cJSON *doc);

/* Takes the stderr lines (each move's and the last words') of the seats
 * of `doc` whose bot viewer `v` does not see out of it: how many seats
 * it sees. */
int web_words_hide(cJSON *doc, const char *dir, const struct web_viewer *v);

#endif
