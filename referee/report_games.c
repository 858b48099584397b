/*
 * The games of a tournament folder for the report (report.h): every log
 * replayed once (replay.h), its replay page written, and what the report
 * shows of it gathered: the games list, each bot's forfeits by reason and
 * move times (median, 95th percentile, maximum), the crosstable of every
 * pair of bots, and which logs verified with which keys.  Only logs that
 * verify count in the numbers.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/registry.h"
#include "html.h"
#include "replay.h"
#include "report.h"
#include "util.h"

struct bot_stats {
	char *name;
	long long *us;        /* every move's time */
	size_t moves, cap;
	cJSON *forfeits;      /* reason -> count */
	int games;
};

struct gather {
	const char *out;
	const cJSON *finished; /* NULL, or the only logs to take */
	struct bot_stats *bots;
	int bot_count;
	cJSON *games, *failed, *keys;
	int logs, verified, playing;
};

static struct bot_stats *bot_of(struct gather *g, const char *name)
{
	for (int i = 0; i < g->bot_count; i++)
		if (!strcmp(g->bots[i].name, name))
			return &g->bots[i];
	g->bots = xrealloc(g->bots, (size_t)(g->bot_count + 1) * sizeof *g->bots);
	g->bots[g->bot_count] = (struct bot_stats){.name = xstrdup(name),
						   .forfeits = cJSON_CreateObject()};
	return &g->bots[g->bot_count++];
}

static void add_time(struct bot_stats *b, long long us)
{
	if (b->moves == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 256;
		b->us = xrealloc(b->us, b->cap * sizeof *b->us);
	}
	b->us[b->moves++] = us;
}

static void count_forfeit(struct bot_stats *b, const char *reason)
{
	cJSON *n = cJSON_GetObjectItemCaseSensitive(b->forfeits, reason);

	if (n)
		cJSON_SetNumberValue(n, n->valuedouble + 1);
	else
		cJSON_AddNumberToObject(b->forfeits, reason, 1);
}

/* Adds a verified game's move times and forfeits to its bots' stats. */
static void tally(struct gather *g, const cJSON *doc, cJSON *entry)
{
	const cJSON *players = cJSON_GetObjectItemCaseSensitive(doc, "players");
	cJSON *forfeits = cJSON_AddArrayToObject(entry, "forfeits");
	const cJSON *step, *name;

	cJSON_ArrayForEach(name, players)
		bot_of(g, name->valuestring)->games++;
	cJSON_ArrayForEach(step, cJSON_GetObjectItemCaseSensitive(doc, "steps")) {
		int seat = replay_int(step, "seat", -1);
		const cJSON *forfeit = cJSON_GetObjectItemCaseSensitive(step, "forfeit");
		const char *bot = cJSON_GetStringValue(cJSON_GetArrayItem(players, seat));

		if (!bot)
			continue;
		if (cJSON_GetObjectItemCaseSensitive(step, "action"))
			add_time(bot_of(g, bot), (long long)cJSON_GetNumberValue(
				cJSON_GetObjectItemCaseSensitive(step, "us")));
		if (forfeit) {
			const char *reason = cJSON_GetStringValue(
				cJSON_GetObjectItemCaseSensitive(forfeit, "reason"));
			cJSON *f = cJSON_CreateObject();

			count_forfeit(bot_of(g, bot), reason ? reason : "?");
			cJSON_AddNumberToObject(f, "seat", seat);
			cJSON_AddStringToObject(f, "reason", reason ? reason : "?");
			cJSON_AddItemToArray(forfeits, f);
		}
	}
}

static void note_key(struct gather *g, const char *key)
{
	const cJSON *k;

	cJSON_ArrayForEach(k, g->keys)
		if (!strcmp(k->valuestring, key))
			return;
	cJSON_AddItemToArray(g->keys, cJSON_CreateString(key));
}

static bool listed(const cJSON *list, const char *name)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, list)
		if (!strcmp(item->valuestring, name))
			return true;
	return false;
}

/* One log: its replay page and its entry in the games list. */
static void add_log(struct gather *g, const char *path, const char *base)
{
	struct replay_options options = {0};
	struct game_log log;
	struct replay r;
	char err[ERR_LEN], page[4096], link[512];
	cJSON *entry = cJSON_CreateObject(), *verify;

	snprintf(link, sizeof link, "games/%s.jsonl", base);
	if (g->finished && !listed(g->finished, link)) {
		g->playing++;
		cJSON_Delete(entry);
		return;
	}
	g->logs++;
	cJSON_AddStringToObject(entry, "log", link);
	cJSON_AddItemToArray(g->games, entry);
	if (logread_load(path, &log, err) || replay_build(&log, &options, &r, err)) {
		if (log.buffer || log.lines)
			logread_free(&log);
		cJSON_AddBoolToObject(entry, "verified", false);
		cJSON_AddStringToObject(entry, "error", err);
		cJSON_AddItemToArray(g->failed, cJSON_Duplicate(entry, true));
		return;
	}
	snprintf(link, sizeof link, "replays/%s.html", base);
	snprintf(page, sizeof page, "%s/%s", g->out, link);
	if (html_write_replay(page, r.doc, err) == 0)
		cJSON_AddStringToObject(entry, "replay", link);
	else
		fprintf(stderr, "referee report: %s\n", err);
	verify = cJSON_GetObjectItemCaseSensitive(r.doc, "verify");
	cJSON_AddBoolToObject(entry, "verified", r.verified);
	cJSON_AddItemToObject(entry, "game_id", cJSON_Duplicate(
		cJSON_GetObjectItemCaseSensitive(r.doc, "game_id"), true));
	cJSON_AddItemToObject(entry, "game", cJSON_Duplicate(
		cJSON_GetObjectItemCaseSensitive(r.doc, "game"), true));
	cJSON_AddItemToObject(entry, "players", cJSON_Duplicate(
		cJSON_GetObjectItemCaseSensitive(r.doc, "players"), true));
	cJSON_AddItemToObject(entry, "result", cJSON_Duplicate(
		cJSON_GetObjectItemCaseSensitive(r.doc, "result"), true));
	cJSON_AddNumberToObject(entry, "moves", r.moves);
	if (r.verified) {
		g->verified++;
		note_key(g, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(verify, "key")));
		tally(g, r.doc, entry);
	} else {
		cJSON_AddItemToObject(entry, "error", cJSON_Duplicate(
			cJSON_GetObjectItemCaseSensitive(verify, "error"), true));
		cJSON_AddItemToArray(g->failed, cJSON_Duplicate(entry, true));
	}
	replay_free(&r);
	logread_free(&log);
}

static int by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Each bot's games, forfeits by reason and move times in microseconds:
 * the median (the mean of the middle two of an even count), the 95th
 * percentile (nearest rank) and the maximum. */
static cJSON *bots_json(struct gather *g)
{
	cJSON *list = cJSON_CreateArray();

	for (int i = 0; i < g->bot_count; i++) {
		struct bot_stats *b = &g->bots[i];
		cJSON *o = cJSON_CreateObject(), *t = cJSON_AddObjectToObject(o, "us");
		size_t n = b->moves;

		cJSON_AddStringToObject(o, "bot", b->name);
		cJSON_AddNumberToObject(o, "games", b->games);
		cJSON_AddItemToObject(o, "forfeits", b->forfeits);
		cJSON_AddNumberToObject(t, "moves", (double)n);
		if (n) {
			qsort(b->us, n, sizeof *b->us, by_value);
			cJSON_AddNumberToObject(t, "median", n % 2 ? (double)b->us[n / 2]
						: (b->us[n / 2 - 1] + b->us[n / 2]) / 2.0);
			cJSON_AddNumberToObject(t, "p95", (double)b->us[(95 * n + 99) / 100 - 1]);
			cJSON_AddNumberToObject(t, "max", (double)b->us[n - 1]);
		}
		cJSON_AddItemToArray(list, o);
		free(b->us);
		free(b->name);
	}
	free(g->bots);
	return list;
}

/* W-D-L of every pair of bots that met, from the ranks of verified games;
 * partners of a team game are not a pair.  cells[a][b] is a's record
 * against b, and a's score: a win 1, a draw 1/2. */
static cJSON *crosstable_json(const struct gather *g, const cJSON *bots)
{
	int n = cJSON_GetArraySize(bots);
	int *wdl = xcalloc((size_t)(n * n * 3 + 1), sizeof *wdl);
	cJSON *cross = cJSON_CreateObject(), *names = cJSON_AddArrayToObject(cross, "bots");
	cJSON *cells = cJSON_AddArrayToObject(cross, "cells");
	const cJSON *game, *bot;

	cJSON_ArrayForEach(bot, bots)
		cJSON_AddItemToArray(names, cJSON_Duplicate(
			cJSON_GetObjectItemCaseSensitive(bot, "bot"), true));
	cJSON_ArrayForEach(game, g->games) {
		const cJSON *players = cJSON_GetObjectItemCaseSensitive(game, "players");
		const cJSON *ranks = cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(game, "result"), "ranks");
		const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(game, "game"));
		const struct game_rules *rules = name ? game_find(name) : NULL;
		int seats = cJSON_GetArraySize(players), index[GAME_MAX_SEATS];

		if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(game, "verified")) ||
		    !ranks || !rules || seats > GAME_MAX_SEATS)
			continue;
		for (int s = 0; s < seats; s++) {
			index[s] = 0;
			for (int k = 0; k < n; k++)
				if (!strcmp(cJSON_GetArrayItem(names, k)->valuestring,
					    cJSON_GetArrayItem(players, s)->valuestring))
					index[s] = k;
		}
		for (int a = 0; a < seats; a++)
			for (int b = 0; b < seats; b++) {
				double ra = cJSON_GetArrayItem(ranks, a)->valuedouble;
				double rb = cJSON_GetArrayItem(ranks, b)->valuedouble;

				if (index[a] == index[b] || (rules->team_of &&
				    rules->team_of(seats, a) >= 0 &&
				    rules->team_of(seats, a) == rules->team_of(seats, b)))
					continue;
				wdl[(index[a] * n + index[b]) * 3 + (ra < rb ? 0 : ra == rb ? 1 : 2)]++;
			}
	}
	for (int a = 0; a < n; a++) {
		cJSON *row = cJSON_CreateArray();

		for (int b = 0; b < n; b++) {
			const int *c = &wdl[(a * n + b) * 3];
			cJSON *cell = c[0] + c[1] + c[2] ? cJSON_CreateObject() : cJSON_CreateNull();

			if (cJSON_IsObject(cell)) {
				cJSON_AddNumberToObject(cell, "w", c[0]);
				cJSON_AddNumberToObject(cell, "d", c[1]);
				cJSON_AddNumberToObject(cell, "l", c[2]);
				cJSON_AddNumberToObject(cell, "score", c[0] + c[1] / 2.0);
			}
			cJSON_AddItemToArray(row, cell);
		}
		cJSON_AddItemToArray(cells, row);
	}
	free(wdl);
	return cross;
}

int report_games(const char *dir, const char *out, const cJSON *finished,
		 cJSON *data, char *err)
{
	struct gather g = {.out = out, .finished = finished};
	char pattern[4096];
	cJSON *verification, *bots;
	glob_t found;
	int rc;

	snprintf(pattern, sizeof pattern, "%s/games/*.jsonl", dir);
	rc = glob(pattern, 0, NULL, &found);
	if (rc && rc != GLOB_NOMATCH)
		return errorf(err, "cannot list the logs in %s/games", dir);
	g.games = cJSON_AddArrayToObject(data, "games");
	g.failed = cJSON_CreateArray();
	g.keys = cJSON_CreateArray();
	for (size_t i = 0; rc == 0 && i < found.gl_pathc; i++) {
		const char *path = found.gl_pathv[i];
		const char *slash = strrchr(path, '/');
		char base[256];

		if (strstr(slash, ".aborted-"))
			continue;
		snprintf(base, sizeof base, "%.*s", (int)(strlen(slash + 1) - 6), slash + 1);
		add_log(&g, path, base);
	}
	if (rc == 0)
		globfree(&found);
	bots = bots_json(&g);
	cJSON_AddItemToObject(data, "bots", bots);
	cJSON_AddItemToObject(data, "crosstable", crosstable_json(&g, bots));
	verification = cJSON_AddObjectToObject(data, "verification");
	cJSON_AddNumberToObject(verification, "logs", g.logs);
	cJSON_AddNumberToObject(verification, "verified", g.verified);
	cJSON_AddNumberToObject(verification, "in_progress", g.playing);
	cJSON_AddItemToObject(verification, "failed", g.failed);
	cJSON_AddItemToObject(verification, "keys", g.keys);
	return 0;
}
