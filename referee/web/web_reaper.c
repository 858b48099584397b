/*
 * The headers' deadline (web_reaper.h).  Connections are a list under a
 * mutex, each with the time its current request's headers began (the
 * connection's opening or its last request's end) and whether they are
 * in; the thread wakes each second.  libmicrohttpd reports a connection
 * closed before it closes its socket, under the same mutex here, so the
 * thread never shuts down a socket number reused by another.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "base/util.h"
#include "web/web_reaper.h"

struct conn {
	struct conn *next, *prev;
	int fd;
	time_t since;
	bool begun;
};

struct web_reaper {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	struct conn head;    /* the list's sentinel */
	unsigned header_s;
	bool stop;
};

static time_t now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec;
}

static void *reap(void *arg)
{
	struct web_reaper *r = arg;
	struct timespec tick;

	pthread_mutex_lock(&r->lock);
	while (!r->stop) {
		time_t t = now();

		for (struct conn *c = r->head.next; c != &r->head; c = c->next)
			if (!c->begun && t - c->since >= (time_t)r->header_s) {
				shutdown(c->fd, SHUT_RDWR);
				c->begun = true; /* shut once */
			}
		clock_gettime(CLOCK_REALTIME, &tick);
		tick.tv_sec++;
		pthread_cond_timedwait(&r->wake, &r->lock, &tick);
	}
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

struct web_reaper *web_reaper_start(unsigned header_s)
{
	struct web_reaper *r = xcalloc(1, sizeof *r);

	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->wake, NULL);
	r->head.next = r->head.prev = &r->head;
	r->header_s = header_s;
	if (pthread_create(&r->thread, NULL, reap, r)) {
		pthread_mutex_destroy(&r->lock);
		pthread_cond_destroy(&r->wake);
		free(r);
		return NULL;
	}
	return r;
}

void web_reaper_stop(struct web_reaper *r)
{
	if (!r)
		return;
	pthread_mutex_lock(&r->lock);
	r->stop = true;
	pthread_cond_signal(&r->wake);
	pthread_mutex_unlock(&r->lock);
	pthread_join(r->thread, NULL);
	pthread_mutex_destroy(&r->lock);
	pthread_cond_destroy(&r->wake);
	free(r);
}

void web_reaper_notify(void *cls, struct MHD_Connection *mc, void **socket_context,
		       enum MHD_ConnectionNotificationCode code)
{
	struct web_reaper *r = cls;
	struct conn *c = *socket_context;
	const union MHD_ConnectionInfo *info;

	pthread_mutex_lock(&r->lock);
	if (code == MHD_CONNECTION_NOTIFY_STARTED &&
	    (info = MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CONNECTION_FD))) {
		c = xcalloc(1, sizeof *c);
		c->fd = info->connect_fd;
		c->since = now();
		c->next = r->head.next;
		c->prev = &r->head;
		r->head.next->prev = c;
		r->head.next = c;
		*socket_context = c;
	} else if (code == MHD_CONNECTION_NOTIFY_CLOSED && c) {
		c->prev->next = c->next;
		c->next->prev = c->prev;
		free(c);
		*socket_context = NULL;
	}
	pthread_mutex_unlock(&r->lock);
}

void web_reaper_request(struct web_reaper *r, struct MHD_Connection *mc, bool begun)
{
	const union MHD_ConnectionInfo *info =
		MHD_get_connection_info(mc, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct conn *c = info ? info->socket_context : NULL;

	pthread_mutex_lock(&r->lock);
	if (c) {
		c->since = now();
		c->begun = begun;
	}
	pthread_mutex_unlock(&r->lock);
}
