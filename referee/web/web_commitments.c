/*
 * The league's commitments feed; see web_commitments.h.  The entries are
 * kept printed, one JSON text each, in the order they were read (a
 * reply's are its raw items); the
 * handler threads read on and reply under the feed's mutex.
 */
#include "web/web_commitments.h"

#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/outdir.h"
#include "base/util.h"
#include "league/league_folder.h"

struct web_commitments {
	pthread_mutex_t lock;
	char *dir;
	int players;              /* a set's games */
	long run;                 /* the run read on (from 1) */
	long offset;              /* the bytes of its run.jsonl read */
	char **entries;           /* printed */
	long count;
	size_t room;
};

struct web_commitments *web_commitments_new(const char *dir, int players)
{
	struct web_commitments *f = xcalloc(1, sizeof *f);

	pthread_mutex_init(&f->lock, NULL);
	f->dir = xstrdup(dir);
	f->players = players;
	f->run = 1;
	return f;
}

void web_commitments_free(struct web_commitments *f)
{
	if (!f)
		return;
	strings_free_count(f->entries, f->count);
	free(f->dir);
	pthread_mutex_destroy(&f->lock);
	free(f);
}

/* Appends the entry of the set from game `first` with commitment `c`
 * and the record's `seats` (NULL: a run older than the seats' naming). */
static void add_entry(struct web_commitments *f, long first, const char *c, const cJSON *seats)
{
	cJSON *e = cJSON_CreateObject(), *games;

	cJSON_AddNumberToObject(e, "n", (double)(f->count + 1));
	cJSON_AddNumberToObject(e, "run", (double)f->run);
	cJSON_AddNumberToObject(e, "set", (double)((first - 1) / f->players + 1));
	games = cJSON_AddArrayToObject(e, "games");
	cJSON_AddItemToArray(games, cJSON_CreateNumber((double)first));
	cJSON_AddItemToArray(games, cJSON_CreateNumber((double)(first + f->players - 1)));
	cJSON_AddStringToObject(e, "c", c);
	cJSON_AddItemToObject(e, "seats", seats ? cJSON_Duplicate(seats, true)
					       : cJSON_CreateArray());
	f->entries = xgrow(f->entries, (size_t)f->count, &f->room, sizeof *f->entries);
	f->entries[f->count++] = json_print_line(e);
	cJSON_Delete(e);
}

/* A run.jsonl line (files_follow_lines()'s): a "started" record's sets
 * appended (each set once, at its first game; anything else is not the
 * feed's). */
static void take_line(void *ctx, const char *line, size_t len)
{
	struct web_commitments *f = ctx;
	cJSON *r = cJSON_ParseWithLength(line, len);
	const char *type = cJSON_GetStringValue(json_member(r, "type"));
	const cJSON *games = json_member(r, "games"), *cs = json_member(r, "commitments");
	const cJSON *seats = json_member(r, "seats");

	if (type && !strcmp(type, "started") && cJSON_IsArray(games) && cJSON_IsArray(cs) &&
	    cJSON_GetArraySize(games) == cJSON_GetArraySize(cs)) {
		const cJSON *g = games->child, *c = cs->child;

		for (; g && c; g = g->next, c = c->next)
			if (cJSON_IsNumber(g) && g->valuedouble >= 1 && cJSON_IsString(c) &&
			    ((long)g->valuedouble - 1) % f->players == 0)
				add_entry(f, (long)g->valuedouble, c->valuestring,
					  cJSON_IsArray(seats) ? seats : NULL);
	}
	cJSON_Delete(r);
}

/* Reads run f->run's run.jsonl on from f->offset, its whole lines
 * taken. */
static void read_run(struct web_commitments *f)
{
	char *run_dir = league_run_dir(f->dir, f->run), *path = outdir_run_manifest(run_dir);

	files_follow_lines(path, &f->offset, take_line, f);
	free(run_dir);
	free(path);
}

/* Whether run `run` of the league has a folder. */
static bool run_exists(const struct web_commitments *f, long run)
{
	char *path = league_run_dir(f->dir, run);
	bool there = access(path, F_OK) == 0;

	free(path);
	return there;
}

/* Reads on: the run being followed to its end, then each later one, as
 * long as a later one exists (the last is followed by the next
 * request).  A run's folder is made once the run before has ended, so
 * that run is read once more after the next is seen: its last records
 * may have come after the read before. */
static void read_on(struct web_commitments *f)
{
	for (read_run(f); run_exists(f, f->run + 1); read_run(f)) {
		read_run(f);
		f->run++;
		f->offset = 0;
	}
}

cJSON *web_commitments_reply(struct web_commitments *f, const char *after, const char *limit,
			     char *err)
{
	long from = 0, cap = WEB_COMMITMENTS_CAP, to;
	cJSON *j, *entries;

	if (after && !whole_number(after, 0, 1000000000000L, &from)) {
		errorf(err, "after takes the number of the last entry you have (0 or more)");
		return NULL;
	}
	if (limit && !whole_number(limit, 1, WEB_COMMITMENTS_CAP, &cap)) {
		errorf(err, "limit takes a number of entries from 1 to %d", WEB_COMMITMENTS_CAP);
		return NULL;
	}
	pthread_mutex_lock(&f->lock);
	read_on(f);
	if (from > f->count) {
		errorf(err, "after is past the feed's end: it has %ld entries", f->count);
		pthread_mutex_unlock(&f->lock);
		return NULL;
	}
	to = from + cap < f->count ? from + cap : f->count;
	j = cJSON_CreateObject();
	entries = cJSON_AddArrayToObject(j, "entries");
	for (long i = from; i < to; i++)
		cJSON_AddItemToArray(entries, cJSON_CreateRaw(f->entries[i]));
	cJSON_AddNumberToObject(j, "next", (double)to);
	cJSON_AddBoolToObject(j, "more", to < f->count);
	cJSON_AddNumberToObject(j, "total", (double)f->count);
	pthread_mutex_unlock(&f->lock);
	return j;
}
