/*
 * The costly answers under way, by who asks (web_busy.h): a table of
 * keys and counts under a mutex, a key's row free again once its count
 * is 0 and its minute's past.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "web/web_busy.h"

struct row {
	char key[WEB_BUSY_KEY_LEN];
	unsigned count;
	time_t minute;		/* of the clock, of web_busy_rate()'s `begun` */
	unsigned begun;
};

struct web_busy {
	pthread_mutex_t lock;
	unsigned most;
	struct row *rows;
};

struct web_busy *web_busy_new(unsigned most)
{
	struct web_busy *b = xcalloc(1, sizeof *b);

	pthread_mutex_init(&b->lock, NULL);
	b->most = most;
	b->rows = xcalloc(most, sizeof *b->rows);
	return b;
}

void web_busy_free(struct web_busy *b)
{
	if (!b)
		return;
	pthread_mutex_destroy(&b->lock);
	free(b->rows);
	free(b);
}

void web_busy_key(const char *user, const struct web_client *client,
		  char key[WEB_BUSY_KEY_LEN])
{
	int at = user ? snprintf(key, WEB_BUSY_KEY_LEN, "user %s", user)
		      : snprintf(key, WEB_BUSY_KEY_LEN, "client ");

	for (size_t i = 0; !user && i < sizeof client->bytes; i++)
		at += snprintf(key + at, WEB_BUSY_KEY_LEN - (size_t)at, "%02x",
			       client->bytes[i]);
}

/* key's row (with answers under way or begun this minute), or when
 * `take` a free one: of none under way, the one begun longest ago (its
 * minute's count forgotten only when every row is in use).  NULL when
 * none; the lock held. */
static struct row *row_of(struct web_busy *b, const char *key, bool take)
{
	time_t minute = time(NULL) / 60;
	struct row *free_row = NULL;

	for (unsigned i = 0; i < b->most; i++) {
		struct row *r = &b->rows[i];

		if ((r->count || r->minute == minute) && !strcmp(r->key, key))
			return r;
		if (!r->count && (!free_row || r->minute < free_row->minute))
			free_row = r;
	}
	if (take && free_row) {
		snprintf(free_row->key, sizeof free_row->key, "%s", key);
		free_row->minute = free_row->begun = 0;
	}
	return take ? free_row : NULL;
}

bool web_busy_take(struct web_busy *b, const char *key)
{
	struct row *row;
	bool ok;

	pthread_mutex_lock(&b->lock);
	row = row_of(b, key, true);
	ok = row && row->count < WEB_BUSY_PER_USER;
	if (ok)
		row->count++;
	pthread_mutex_unlock(&b->lock);
	return ok;
}

void web_busy_put(struct web_busy *b, const char *key)
{
	struct row *row;

	pthread_mutex_lock(&b->lock);
	if ((row = row_of(b, key, false)))
		row->count--;
	pthread_mutex_unlock(&b->lock);
}

bool web_busy_rate(struct web_busy *b, const char *key, unsigned per_minute)
{
	time_t minute = time(NULL) / 60;
	struct row *row;
	bool ok;

	pthread_mutex_lock(&b->lock);
	row = row_of(b, key, true);
	if (row && row->minute != minute)
		row->minute = minute, row->begun = 0;
	ok = row && row->begun < per_minute;
	if (ok)
		row->begun++;
	pthread_mutex_unlock(&b->lock);
	return ok;
}
