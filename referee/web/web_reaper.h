/*
 * The league server's connections, kept fair (docs/LEAGUE-SERVER.md, "The
 * server"): libmicrohttpd closes a connection idle for its timeout, but
 * a slow-loris client sending a byte of its headers every few seconds is
 * never idle, and a few addresses holding idle connections would hold
 * every connection the server allows.  The reaper notes each connection
 * as it opens (its address: the client's) and each request as it starts
 * and ends, and
 * - refuses a new connection from an address that holds `per_address`
 *   already (but the trusted proxy's: its clients are counted each on
 *   its own, by the address it forwards, when their request comes);
 * - when the connections near the cap (all but an eighth of it), closes
 *   the oldest one that has no request in progress for each new one, so
 *   that a new client always finds room, and refuses one past the cap
 *   when every connection has a request in progress;
 * - shuts down, from a thread of its own, each connection that has sent
 *   no whole request's headers for `header_s` seconds, and each whose
 *   request has not ended `request_s` seconds after its headers (an
 *   upload's body sent a byte now and then is never idle either).
 * A connection is closed by shutdown(2): libmicrohttpd then closes it as
 * any broken connection.
 */
#ifndef ARENA_WEB_REAPER_H
#define ARENA_WEB_REAPER_H

#include <microhttpd.h>
#include <netinet/in.h>
#include <stdbool.h>

#include "web/web_client.h"

struct web_reaper_limits {
	unsigned connections;   /* at once, in all */
	unsigned per_address;   /* at once, from one client's address */
	unsigned header_s;      /* seconds to send a request's headers in all */
	unsigned request_s;     /* seconds from a request's headers to its end */
	bool proxied;           /* a proxy is trusted: `proxy` */
	struct in_addr proxy;
};

struct web_reaper;

struct web_reaper *web_reaper_start(const struct web_reaper_limits *limits);
void web_reaper_stop(struct web_reaper *r);

/* libmicrohttpd's MHD_AcceptPolicyCallback, `cls` the reaper. */
enum MHD_Result web_reaper_accept(void *cls, const struct sockaddr *addr, socklen_t len);

/* libmicrohttpd's MHD_OPTION_NOTIFY_CONNECTION, `cls` the reaper. */
void web_reaper_notify(void *cls, struct MHD_Connection *c, void **socket_context,
		       enum MHD_ConnectionNotificationCode code);

/* A request of `c` has its headers (`begun`) or has ended (its next
 * request's headers are timed from now on). */
void web_reaper_request(struct web_reaper *r, struct MHD_Connection *c, bool begun);

/* Whether `c`'s request may go on: for a connection of the trusted proxy,
 * the client is the last address of `forwarded` (X-Forwarded-For), and
 * false when that client holds `per_address` connections already; true
 * for any other connection (its address was counted on its opening), and
 * for the proxy's own requests (no address forwarded). */
bool web_reaper_forwarded(struct web_reaper *r, struct MHD_Connection *c,
			  const char *forwarded);

/* The client of `c`'s request (its address, or for the trusted proxy's
 * the one it forwards, once web_reaper_forwarded() took it) into *client,
 * left as it is for a connection the reaper does not know. */
void web_reaper_client(struct web_reaper *r, struct MHD_Connection *c,
		       struct web_client *client);

#endif
