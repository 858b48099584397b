/*
 * Collecting verified results; see ladder.h.
 */
#include "ladder.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "games/registry.h"
#include "logread.h"
#include "util.h"
#include "verify.h"

static int entrant_of(struct ladder_data *data, const char *name)
{
	for (int i = 0; i < data->entrants; i++)
		if (!strcmp(data->names[i], name))
			return i;
	data->names = xrealloc(data->names, (size_t)(data->entrants + 1) * sizeof *data->names);
	data->names[data->entrants] = xstrdup(name);
	return data->entrants++;
}

static void note_key(struct ladder_data *data, const char *hex)
{
	for (int i = 0; i < data->key_count; i++)
		if (!strcmp(data->keys[i], hex))
			return;
	data->keys = xrealloc(data->keys, (size_t)(data->key_count + 1) * sizeof *data->keys);
	data->keys[data->key_count++] = xstrdup(hex);
}

/* The result of a verified log, as a rating game. */
static void add_game(struct ladder_data *data, const struct game_log *log,
		     const struct verify_summary *summary)
{
	const cJSON *players = cJSON_GetObjectItemCaseSensitive(log->lines[0].json, "players");
	const struct game_rules *rules = game_find(summary->game);
	const cJSON *ranks = NULL;
	struct rating_game *g;

	for (size_t i = log->count; i-- > 0;)
		if (!strcmp(logread_string(log, i, "type"), "result")) {
			ranks = cJSON_GetObjectItemCaseSensitive(log->lines[i].json, "ranks");
			break;
		}
	if (data->count == data->cap) {
		data->cap = data->cap ? 2 * data->cap : 256;
		data->games = xrealloc(data->games, data->cap * sizeof *data->games);
		data->ids = xrealloc(data->ids, data->cap * sizeof *data->ids);
	}
	snprintf(data->ids[data->count].text, sizeof data->ids->text, "%s:%s",
		 cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
			 log->lines[0].json, "game_id")),
		 logread_string(log, log->count - 1, "sig"));
	g = &data->games[data->count++];
	g->seats = summary->players;
	for (int s = 0; s < g->seats; s++) {
		const cJSON *p = cJSON_GetArrayItem(players, s);

		g->entrant[s] = entrant_of(data, cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(p, "name")));
		g->rank[s] = (int)cJSON_GetNumberValue(cJSON_GetArrayItem(ranks, s));
		g->team[s] = rules->team_of ? rules->team_of(g->seats, s) : -1;
	}
	if (g->seats > data->max_seats)
		data->max_seats = g->seats;
	note_key(data, summary->key_hex);
}

static void read_log(struct ladder_data *data, const char *path,
		     const unsigned char *trusted_key)
{
	struct verify_summary summary;
	struct game_log log;
	char err[ERR_LEN];

	if (logread_load(path, &log, err) ||
	    verify_log(&log, trusted_key, NULL, &summary, err)) {
		fprintf(stderr, "referee ladder: skipped %s: %s\n", path, err);
		data->skipped++;
	} else {
		add_game(data, &log, &summary);
	}
	if (log.lines || log.buffer)
		logread_free(&log);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_result_log(const char *name)
{
	size_t len = strlen(name);

	return len > 6 && !strcmp(name + len - 6, ".jsonl") &&
	       !strstr(name, ".aborted-") && strcmp(name, "manifest.jsonl");
}

/* Every result log of a folder, in name order. */
static int read_folder(struct ladder_data *data, const char *dir,
		       const unsigned char *trusted_key, char *err)
{
	char games[4096], **names = NULL;
	struct stat st;
	struct dirent *e;
	size_t count = 0;
	DIR *d;

	snprintf(games, sizeof games, "%s/games", dir);
	if (stat(games, &st) || !S_ISDIR(st.st_mode))
		snprintf(games, sizeof games, "%s", dir);
	if (!(d = opendir(games)))
		return errorf(err, "cannot read folder '%s': %s", games, strerror(errno));
	while ((e = readdir(d)))
		if (is_result_log(e->d_name)) {
			names = xrealloc(names, (count + 1) * sizeof *names);
			names[count++] = xstrdup(e->d_name);
		}
	closedir(d);
	qsort(names, count, sizeof *names, by_name);
	for (size_t i = 0; i < count; i++) {
		char path[8192];

		snprintf(path, sizeof path, "%s/%s", games, names[i]);
		read_log(data, path, trusted_key);
		free(names[i]);
	}
	free(names);
	return 0;
}

/* qsort_r comparator of game indexes by log id. */
static int by_id(const void *a, const void *b, void *ctx)
{
	const struct ladder_log_id *ids = ctx;

	return strcmp(ids[*(const int *)a].text, ids[*(const int *)b].text);
}

/* Puts the games in log id order, dropping repeats, and renumbers the
 * entrants in name order: from here on nothing depends on the order the
 * logs were read in. */
static void canonical_order(struct ladder_data *data)
{
	int n = data->entrants, *index = xmalloc((data->count + 1) * sizeof *index);
	int *rank = xmalloc((size_t)(n + 1) * sizeof *rank);
	char **sorted = xmalloc((size_t)(n + 1) * sizeof *sorted);
	struct rating_game *games = xmalloc((data->count + 1) * sizeof *games);
	struct ladder_log_id *ids = xmalloc((data->count + 1) * sizeof *ids);
	size_t kept = 0;

	for (size_t i = 0; i < data->count; i++)
		index[i] = (int)i;
	qsort_r(index, data->count, sizeof *index, by_id, data->ids);
	memcpy(sorted, data->names, (size_t)n * sizeof *sorted);
	qsort(sorted, (size_t)n, sizeof *sorted, by_name);
	for (int e = 0; e < n; e++)
		for (int s = 0; s < n; s++)
			if (sorted[s] == data->names[e])
				rank[e] = s;
	for (size_t i = 0; i < data->count; i++) {
		struct rating_game *g = &data->games[index[i]];

		if (kept && !strcmp(ids[kept - 1].text, data->ids[index[i]].text)) {
			data->duplicates++;
			continue;
		}
		for (int s = 0; s < g->seats; s++)
			g->entrant[s] = rank[g->entrant[s]];
		ids[kept] = data->ids[index[i]];
		games[kept++] = *g;
	}
	free(data->games);
	free(data->ids);
	free(data->names);
	data->games = games;
	data->ids = ids;
	data->names = sorted;
	data->count = data->cap = kept;
	qsort(data->keys, (size_t)data->key_count, sizeof *data->keys, by_name);
	free(index);
	free(rank);
}

int ladder_collect(char *const *paths, int count,
		   const unsigned char *trusted_key, struct ladder_data *data,
		   char *err)
{
	memset(data, 0, sizeof *data);
	for (int i = 0; i < count; i++) {
		struct stat st;

		if (stat(paths[i], &st))
			return errorf(err, "cannot read '%s': %s", paths[i],
				      strerror(errno));
		if (!S_ISDIR(st.st_mode))
			read_log(data, paths[i], trusted_key);
		else if (read_folder(data, paths[i], trusted_key, err))
			return -1;
	}
	canonical_order(data);
	return 0;
}

void ladder_free(struct ladder_data *data)
{
	for (int i = 0; i < data->entrants; i++)
		free(data->names[i]);
	for (int i = 0; i < data->key_count; i++)
		free(data->keys[i]);
	free(data->names);
	free(data->keys);
	free(data->games);
	free(data->ids);
	memset(data, 0, sizeof *data);
}
