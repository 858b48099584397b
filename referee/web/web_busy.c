/*
 * The costly answers under way, by who asks (web_busy.h): a table of
 * keys and counts under a mutex, a key's row free again once its count
 * is 0.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "web/web_busy.h"

struct row {
	char key[WEB_BUSY_KEY_LEN];
	unsigned count;
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

/* key's row, or a free one when `take` (NULL when none; the lock held). */
static struct row *row_of(struct web_busy *b, const char *key, bool take)
{
	struct row *free_row = NULL;

	for (unsigned i = 0; i < b->most; i++) {
		if (b->rows[i].count && !strcmp(b->rows[i].key, key))
			return &b->rows[i];
		if (!b->rows[i].count && !free_row)
			free_row = &b->rows[i];
	}
	if (take && free_row)
		snprintf(free_row->key, sizeof free_row->key, "%s", key);
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
