/*
 * The league server's deadline for a request's headers: libmicrohttpd
 * closes a connection idle for its timeout, but a slow-loris client
 * sending a byte of its headers every few seconds is never idle, and a
 * few hundred of them would hold every connection the server allows.  The
 * reaper notes each connection as it opens and each request as it starts
 * and ends, and a thread of its own shuts down (shutdown(2): libmicrohttpd
 * then closes it as any broken connection) each one that has sent no
 * whole request's headers for `header_s` seconds.
 */
#ifndef ARENA_WEB_REAPER_H
#define ARENA_WEB_REAPER_H

#include <microhttpd.h>
#include <stdbool.h>

struct web_reaper;

struct web_reaper *web_reaper_start(unsigned header_s);
void web_reaper_stop(struct web_reaper *r);

/* libmicrohttpd's MHD_OPTION_NOTIFY_CONNECTION, `cls` the reaper. */
void web_reaper_notify(void *cls, struct MHD_Connection *c, void **socket_context,
		       enum MHD_ConnectionNotificationCode code);

/* A request of `c` has its headers (`begun`) or has ended (its next
 * request's headers are timed from now on). */
void web_reaper_request(struct web_reaper *r, struct MHD_Connection *c, bool begun);

#endif
