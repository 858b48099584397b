/*
 * The league's HTTP server (`referee league serve`, docs/LEAGUE-SERVER.md, "The
 * server"): libmicrohttpd parses HTTP, with limits on each connection's
 * memory (so on its headers) and on the time a connection may sit idle;
 * web_reaper.h keeps the connections fair (a cap from one address, room
 * kept for a new client, a deadline for a request's headers: a client
 * sending a byte now and then is never idle), so that a flood or a slow
 * client cannot stop it; the handlers read the league's folder
 * and index, each request on its own connection to the index.
 */
#ifndef ARENA_WEB_SERVER_H
#define ARENA_WEB_SERVER_H

#include <netinet/in.h>
#include <stdbool.h>

#include "web/web_preflight.h"
#include "web/web_reaper.h"
#include "web/web_upload.h"

struct web_limits {
	struct web_reaper_limits reaper; /* the connections' (--trusted-proxy too) */
	unsigned timeout_s;        /* idle seconds before a connection is closed */
	size_t memory;             /* bytes a connection may use: its headers */
	struct web_upload_limits upload; /* its preflight the server's own */
	unsigned what_ifs_per_minute; /* new ones played, a user's or client's */
	unsigned preflight_s;      /* an upload's pre-flight's wall time at most */
	bool plays;                /* a child plays the league (not --no-play) */
};

#define WEB_LIMITS_DEFAULT {.reaper = {.connections = 256, .per_address = 16, \
				       .header_s = 20, .request_s = 60}, .timeout_s = 10, \
			    .preflight_s = WEB_PREFLIGHT_SECONDS, \
			    .memory = 32 * 1024, \
			    .upload = {.max_bytes = 20 << 20, .per_minute = 10}, \
			    .what_ifs_per_minute = 4, .plays = true}

struct web_server;

/* Lets the server answer, the thread that keeps its fit (web_fit.h)
 * started: until then it answers 503, so that nothing of the league is
 * opened before a server started as root has dropped to its user (a
 * request served as root would leave root's files there).  0, or -1
 * with err. */
int web_server_ready(struct web_server *s, char *err);

/* Serves league folder `dir` on `addr`: the server, or NULL with err. */
struct web_server *web_server_start(const char *dir, const struct sockaddr_in *addr,
				    const struct web_limits *limits, char *err);
void web_server_stop(struct web_server *s);

/* "ADDR:PORT" or ":PORT" (127.0.0.1) into `addr`: false when it is not. */
bool web_parse_listen(const char *text, struct sockaddr_in *addr);

#endif
