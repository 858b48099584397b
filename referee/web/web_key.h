/*
 * The league's key as the server's pages speak of it: a replay's
 * signature said to be the league's key (DIR/referee.pub, which the
 * server serves at /referee.pub) or not, in words true for whoever reads
 * the page, in place of what `referee replay` says to the user who runs
 * it ("checked against your own key", with the path of the server's).
 */
#ifndef ARENA_WEB_KEY_H
#define ARENA_WEB_KEY_H

#include <cjson/cJSON.h>

/* What a replay's badge says of a log signed by the league's key, and of
 * one signed by another. */
#define WEB_KEY_LEAGUE "the league's key: its public key is /referee.pub, and " \
	"`referee verify --key referee.pub LOG` checks the log (/logs/...) with it"
#define WEB_KEY_OTHER "not the league's key (/referee.pub): not checked"

/* Says in replay document `doc`'s "verify" whether its signature is by
 * the key of league `dir` ("trusted", "trust"); a log that does not
 * verify is left as it is. */
void web_key_trust(cJSON *doc, const char *dir);

/* GET /referee.pub: the league's public key file, a new string, or NULL
 * when the league has none yet (no run has signed a game). */
char *web_key_public(const char *dir);

#endif
