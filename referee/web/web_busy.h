/*
 * The league server's costly answers kept fair (docs/LEAGUE-SERVER.md, "The
 * server"): a game's replay page, grade and words, a log and a bot's
 * page are each made from the logs while a handler thread waits, and the
 * server has four.  One user (their token's name, or for a request
 * without a user's token, its client: web_client.h) may have at most
 * `per_user` of them under way at once; one more is refused (429, with
 * Retry-After), so that no user holds every thread while the others'
 * requests, `GET /api/status` among them, wait.  Its rows also count
 * what a user begins in a minute of the clock (web_busy_rate()), for
 * work each may begin only so often (a what-if, web_what_if.h; an
 * upload, web_upload.h, whose uploads being sent are counted here too,
 * under a key of their own).
 */
#ifndef ARENA_WEB_BUSY_H
#define ARENA_WEB_BUSY_H

#include <stdbool.h>

#include "web/web_client.h"

/* Costly answers (and uploads being sent) one user may have under way
 * at once, and that number in words (the refusal's), made from it. */
#define WEB_BUSY_PER_USER 2
#define WEB_BUSY_TEXT_(n) #n
#define WEB_BUSY_TEXT(n) WEB_BUSY_TEXT_(n)
#define WEB_BUSY_PER_USER_TEXT WEB_BUSY_TEXT(WEB_BUSY_PER_USER)

struct web_busy;

/* The count of up to `most` users at once (the server's connections: a
 * request under way holds one). */
struct web_busy *web_busy_new(unsigned most);
void web_busy_free(struct web_busy *b);

/* A key of who asks: "user NAME" for `user`, else "client " and
 * `client`'s bytes in hex; `key` holds WEB_BUSY_KEY_LEN bytes. */
#define WEB_BUSY_KEY_LEN 80
void web_busy_key(const char *user, const struct web_client *client,
		  char key[WEB_BUSY_KEY_LEN]);

/* Takes one of key's slots: false when it has WEB_BUSY_PER_USER under
 * way (or every slot is taken). */
bool web_busy_take(struct web_busy *b, const char *key);
/* Gives back a slot taken. */
void web_busy_put(struct web_busy *b, const char *key);

/* Counts one more begun this minute of the clock by key: false, counting
 * nothing, when it has begun `per_minute` already (or every row is in
 * use). */
bool web_busy_rate(struct web_busy *b, const char *key, unsigned per_minute);

#endif
