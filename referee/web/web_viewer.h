/*
 * Who asks the league's server (docs/LEAGUE-SERVER.md, "What is public"): the
 * user whose token a request gives (`Authorization: Bearer TOKEN`), or
 * nobody.  A bot's stderr is its owner's (the user whose upload the
 * league took first, web_users.h) and the organisers' to see; everything
 * else the server shows is public.
 */
#ifndef ARENA_WEB_VIEWER_H
#define ARENA_WEB_VIEWER_H

#include <microhttpd.h>
#include <stdbool.h>

struct web_viewer {
	char *user;       /* NULL: nobody (no token, or one that is no user's) */
	bool organiser;
};

/* The viewer of request `c` to the server of league `dir`. */
struct web_viewer web_viewer_of(struct MHD_Connection *c, const char *dir);

/* Whether viewer `v` sees bot `bot`'s stderr: they own it or organise. */
bool web_viewer_sees(const struct web_viewer *v, const char *dir, const char *bot);

void web_viewer_free(struct web_viewer *v);

#endif
