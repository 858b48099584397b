/*
 * The connections kept fair (web_reaper.h).  Connections are a list under
 * a mutex, each with its client's address, the time its current
 * request's headers began (the connection's opening or its last
 * request's end) or, once they are in, when they were; the thread wakes
 * each second.
 * libmicrohttpd reports a connection closed before it closes its socket,
 * under the same mutex here, so no socket number reused by another
 * connection is ever shut down.  libmicrohttpd calls these from each of
 * its threads: the mutex is all they share.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "base/util.h"
#include "web/web_client.h"
#include "web/web_reaper.h"

struct conn {
	struct conn *next, *prev;
	int fd;
	time_t since;
	bool begun;
	bool shut;           /* shut down: closing, counted no more */
	bool proxied;        /* from the trusted proxy */
	struct web_client client;
};

struct web_reaper {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	struct conn head;    /* the list's sentinel */
	struct web_reaper_limits limits;
	unsigned live;       /* connections open and not shut */
	bool stop;
};

static time_t now(void)
{
	return (time_t)(now_ns() / 1000000000);
}

/* Shuts `c` down, once (the lock held). */
static void shut(struct web_reaper *r, struct conn *c)
{
	shutdown(c->fd, SHUT_RDWR);
	c->shut = true;
	r->live--;
}

/* The connections of client `addr` not shut, `except` aside (the lock held). */
static unsigned count_of(const struct web_reaper *r, const struct web_client *client,
			 const struct conn *except)
{
	unsigned n = 0;

	for (const struct conn *c = r->head.next; c != &r->head; c = c->next)
		n += c != except && !c->shut && web_client_same(&c->client, client);
	return n;
}

static void *reap(void *arg)
{
	struct web_reaper *r = arg;
	struct timespec tick;

	pthread_mutex_lock(&r->lock);
	while (!r->stop) {
		time_t t = now();

		for (struct conn *c = r->head.next; c != &r->head; c = c->next)
			if (!c->shut && t - c->since >= (time_t)(c->begun ? r->limits.request_s
								     : r->limits.header_s))
				shut(r, c);
		clock_gettime(CLOCK_REALTIME, &tick);
		tick.tv_sec++;
		pthread_cond_timedwait(&r->wake, &r->lock, &tick);
	}
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

struct web_reaper *web_reaper_start(const struct web_reaper_limits *limits)
{
	struct web_reaper *r = xcalloc(1, sizeof *r);

	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->wake, NULL);
	r->head.next = r->head.prev = &r->head;
	r->limits = *limits;
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

static bool is_proxy(const struct web_reaper *r, struct in_addr addr)
{
	return r->limits.proxied && addr.s_addr == r->limits.proxy.s_addr;
}

enum MHD_Result web_reaper_accept(void *cls, const struct sockaddr *addr, socklen_t len)
{
	struct web_reaper *r = cls;
	struct in_addr from = ((const struct sockaddr_in *)addr)->sin_addr;
	struct web_client client = web_client_ipv4(from);
	struct conn *oldest = NULL;
	bool ok;

	if (addr->sa_family != AF_INET || len < sizeof(struct sockaddr_in))
		return MHD_NO;
	pthread_mutex_lock(&r->lock);
	ok = is_proxy(r, from) || count_of(r, &client, NULL) < r->limits.per_address;
	/* The reserve: near the cap, the oldest connection waiting for a
	 * request makes room for the new one.  The list is newest first and
	 * `since` counts whole seconds: of those of the same second, the
	 * last in the list, so that under a flood of hundreds a second the
	 * newest (a client's request on its way) is not the one shut. */
	if (ok && r->live >= r->limits.connections - r->limits.connections / 8) {
		for (struct conn *c = r->head.next; c != &r->head; c = c->next)
			if (!c->begun && !c->shut && (!oldest || c->since <= oldest->since))
				oldest = c;
		if (oldest)
			shut(r, oldest);
		else
			ok = r->live < r->limits.connections;
	}
	pthread_mutex_unlock(&r->lock);
	return ok ? MHD_YES : MHD_NO;
}

/* A new connection `mc`, listed (the lock held). */
static struct conn *opened(struct web_reaper *r, struct MHD_Connection *mc)
{
	const union MHD_ConnectionInfo *fd =
		MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CONNECTION_FD);
	const union MHD_ConnectionInfo *addr =
		MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	struct in_addr from;
	struct conn *c;

	if (!fd || !addr || addr->client_addr->sa_family != AF_INET)
		return NULL;
	from = ((const struct sockaddr_in *)addr->client_addr)->sin_addr;
	c = xcalloc(1, sizeof *c);
	c->fd = fd->connect_fd;
	c->since = now();
	c->client = web_client_ipv4(from);
	c->proxied = is_proxy(r, from);
	c->next = r->head.next;
	c->prev = &r->head;
	r->head.next->prev = c;
	r->head.next = c;
	r->live++;
	return c;
}

void web_reaper_notify(void *cls, struct MHD_Connection *mc, void **socket_context,
		       enum MHD_ConnectionNotificationCode code)
{
	struct web_reaper *r = cls;
	struct conn *c = *socket_context;

	pthread_mutex_lock(&r->lock);
	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		*socket_context = opened(r, mc);
	} else if (code == MHD_CONNECTION_NOTIFY_CLOSED && c) {
		if (!c->shut)
			r->live--;
		c->prev->next = c->next;
		c->next->prev = c->prev;
		free(c);
		*socket_context = NULL;
	}
	pthread_mutex_unlock(&r->lock);
}

static struct conn *conn_of(struct MHD_Connection *mc)
{
	const union MHD_ConnectionInfo *info =
		MHD_get_connection_info(mc, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return info ? info->socket_context : NULL;
}

void web_reaper_request(struct web_reaper *r, struct MHD_Connection *mc, bool begun)
{
	struct conn *c = conn_of(mc);

	pthread_mutex_lock(&r->lock);
	if (c) {
		c->since = now();
		c->begun = begun;
		/* The proxy's next request on it may be another client's. */
		if (c->proxied && !begun)
			c->client = web_client_ipv4(r->limits.proxy);
	}
	pthread_mutex_unlock(&r->lock);
}

bool web_reaper_forwarded(struct web_reaper *r, struct MHD_Connection *mc,
			  const char *forwarded)
{
	struct conn *c = conn_of(mc);
	struct web_client client;
	bool ok = true;

	if (!c || !c->proxied)
		return true;
	/* No client named: the proxy's own request, which no cap holds. */
	if (!web_client_forwarded(forwarded, &client))
		return true;
	pthread_mutex_lock(&r->lock);
	if (count_of(r, &client, c) >= r->limits.per_address)
		ok = false;
	else
		c->client = client;
	pthread_mutex_unlock(&r->lock);
	return ok;
}

void web_reaper_client(struct web_reaper *r, struct MHD_Connection *mc,
		       struct web_client *client)
{
	struct conn *c = conn_of(mc);

	pthread_mutex_lock(&r->lock);
	if (c)
		*client = c->client;
	pthread_mutex_unlock(&r->lock);
}
