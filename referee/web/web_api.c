/*
 * The league server's JSON API: the ladder from the league's own rating
 * (league_rate.h, the same bytes `league ladder --format json` prints),
 * and bots and games straight from the index's tables.  Games are named
 * by a cursor, run * 1000000 + game, which stays the same when the index
 * is made again from the logs (a log's number has six digits).
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "ladder/ratings.h"
#include "league/league_rate.h"
#include "web/web_activity.h"
#include "web/web_api.h"

#define GAME_CURSOR 1000000LL

char *web_api_ladder(sqlite3 *db, char *err)
{
	struct league_rating lr = {0};
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	if (league_rating_load(db, &lr, err)) {
		league_rating_free(&lr);
		return NULL;
	}
	out = open_memstream(&text, &len);
	if (out) {
		league_ladder_print(out, &lr, LEAGUE_JSON, true);
		fclose(out);
	}
	league_rating_free(&lr);
	return text;
}

char *web_api_status(sqlite3 *db, const char *dir)
{
	struct league_counts c;
	cJSON *j = cJSON_CreateObject();
	char err[ERR_LEN], *game = NULL, *season, *text;
	int players = 0;
	long first;

	if (league_db_meta(db, &game, &players, err) == 0)
		cJSON_AddStringToObject(j, "game", game);
	cJSON_AddNumberToObject(j, "players", players);
	season = league_db_current_season(db, &first);
	cJSON_AddStringToObject(j, "season", season);
	league_db_counts(db, &c);
	cJSON_AddNumberToObject(j, "bots", (double)c.bots);
	cJSON_AddNumberToObject(j, "retired", (double)c.retired);
	cJSON_AddNumberToObject(j, "versions", (double)c.versions);
	cJSON_AddNumberToObject(j, "runs", (double)c.runs);
	cJSON_AddNumberToObject(j, "open_runs", (double)c.open_runs);
	cJSON_AddNumberToObject(j, "games", (double)c.games);
	cJSON_AddNumberToObject(j, "sets", (double)c.sets);
	web_activity_add(j, db, dir);
	text = json_print_line(j);
	cJSON_Delete(j);
	free(game);
	free(season);
	return text;
}

/* The seats of each game of `stmt`'s rows (run, game), as objects. */
static cJSON *games_of(sqlite3 *db, sqlite3_stmt *stmt)
{
	cJSON *games = cJSON_CreateArray();
	sqlite3_stmt *seats = NULL;

	sqlite3_prepare_v2(db, "SELECT s.seat, v.name, v.number, s.rank FROM seats s "
			   "JOIN versions v ON v.id = s.version WHERE s.run = ? AND "
			   "s.game = ? ORDER BY s.seat", -1, &seats, NULL);
	while (seats && sqlite3_step(stmt) == SQLITE_ROW) {
		long long run = sqlite3_column_int64(stmt, 0), game = sqlite3_column_int64(stmt, 1);
		cJSON *g = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(g, "seats");
		char *log = xasprintf("/logs/%06lld/game-%06lld.jsonl", run, game);
		char *replay = xasprintf("/games/%06lld/game-%06lld", run, game);

		cJSON_AddNumberToObject(g, "id", (double)(run * GAME_CURSOR + game));
		cJSON_AddNumberToObject(g, "run", (double)run);
		cJSON_AddNumberToObject(g, "game", (double)game);
		cJSON_AddStringToObject(g, "log", log);
		cJSON_AddStringToObject(g, "replay", replay);
		free(log);
		free(replay);
		sqlite3_bind_int64(seats, 1, run);
		sqlite3_bind_int64(seats, 2, game);
		while (sqlite3_step(seats) == SQLITE_ROW) {
			cJSON *s = cJSON_CreateObject();

			cJSON_AddNumberToObject(s, "seat", sqlite3_column_int(seats, 0));
			cJSON_AddStringToObject(s, "name", (const char *)sqlite3_column_text(seats, 1));
			cJSON_AddNumberToObject(s, "version", sqlite3_column_int(seats, 2));
			cJSON_AddNumberToObject(s, "rank", sqlite3_column_int(seats, 3));
			cJSON_AddItemToArray(list, s);
		}
		sqlite3_reset(seats);
		cJSON_AddItemToArray(games, g);
	}
	sqlite3_finalize(seats);
	return games;
}

/* The games of bot `name` (NULL: all) after `since`, up to `limit`,
 * oldest first, or the latest first when `latest`. */
static cJSON *select_games(sqlite3 *db, const char *name, long long since, int limit,
			   bool latest)
{
	char *sql = xasprintf("SELECT g.run, g.game FROM games g WHERE g.run * %lld + g.game > ?1"
			      " AND (?2 IS NULL OR EXISTS (SELECT 1 FROM seats s JOIN versions v"
			      " ON v.id = s.version WHERE s.run = g.run AND s.game = g.game AND"
			      " v.name = ?2)) ORDER BY g.run %s, g.game %s LIMIT %d", GAME_CURSOR,
			      latest ? "DESC" : "", latest ? "DESC" : "", limit);
	sqlite3_stmt *stmt = NULL;
	cJSON *games;

	sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
	free(sql);
	sqlite3_bind_int64(stmt, 1, since);
	if (name)
		sqlite3_bind_text(stmt, 2, name, -1, SQLITE_TRANSIENT);
	games = games_of(db, stmt);
	sqlite3_finalize(stmt);
	return games;
}

/* Bot `name`'s versions, or NULL when it has none. */
static cJSON *versions_of(sqlite3 *db, const char *name)
{
	sqlite3_stmt *stmt = NULL;
	cJSON *list = cJSON_CreateArray();

	sqlite3_prepare_v2(db, "SELECT number, hash, (SELECT COUNT(*) FROM seats s WHERE "
			   "s.version = v.id) FROM versions v WHERE name = ? ORDER BY number",
			   -1, &stmt, NULL);
	sqlite3_bind_text(stmt, 1, name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(stmt) == SQLITE_ROW) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddNumberToObject(o, "version", sqlite3_column_int(stmt, 0));
		cJSON_AddStringToObject(o, "files", (const char *)sqlite3_column_text(stmt, 1));
		cJSON_AddNumberToObject(o, "games", sqlite3_column_int(stmt, 2));
		cJSON_AddItemToArray(list, o);
	}
	sqlite3_finalize(stmt);
	if (cJSON_GetArraySize(list) == 0) {
		cJSON_Delete(list);
		return NULL;
	}
	return list;
}

/* The ratings of bot `name`'s versions after the first games of the
 * season at up to WEB_HISTORY_POINTS points, each fitted as the ladder
 * is (league_rate.h) on those games alone: a version that won or lost
 * every point so far has a bound, as on the ladder; one not rated yet,
 * no point. */
static cJSON *history_of(sqlite3 *db, const char *name)
{
	cJSON *list = cJSON_CreateArray();
	struct league_rating lr;
	char err[ERR_LEN];
	size_t points;

	if (league_rating_load(db, &lr, err)) {
		league_rating_free(&lr);
		return list;
	}
	points = lr.game_count < WEB_HISTORY_POINTS ? lr.game_count : WEB_HISTORY_POINTS;
	for (size_t p = 1; p <= points; p++) {
		size_t games = (lr.game_count * p + points - 1) / points;
		struct ratings r;

		if (ratings_compute(lr.games, games, lr.count > 0 ? lr.count : 1,
				    &(struct ratings_options){.anchor = -1, .set = lr.sets},
				    &r, err))
			continue;
		for (int i = 0; i < lr.count; i++) {
			cJSON *o;

			if (strcmp(lr.versions[i].name, name) || r.entry[i].status == RATINGS_UNRATED)
				continue;
			o = cJSON_CreateObject();
			cJSON_AddNumberToObject(o, "games", (double)games);
			cJSON_AddNumberToObject(o, "version", lr.versions[i].number);
			/* In tenths, as the ladder has it; a bound when not rated. */
			cJSON_AddNumberToObject(o, "rating", round(r.entry[i].elo * 10) / 10);
			if (r.entry[i].status != RATINGS_RATED)
				cJSON_AddStringToObject(o, "bound", r.entry[i].status == RATINGS_ABOVE
							? "lower" : "upper");
			cJSON_AddItemToArray(list, o);
		}
		ratings_free(&r);
	}
	league_rating_free(&lr);
	return list;
}

bool web_api_has_bot(sqlite3 *db, const char *name)
{
	cJSON *versions = versions_of(db, name);

	cJSON_Delete(versions);
	return versions != NULL;
}

cJSON *web_api_bot(sqlite3 *db, const char *name)
{
	cJSON *versions = versions_of(db, name), *j;
	sqlite3_stmt *stmt = NULL;

	if (!versions)
		return NULL;
	j = cJSON_CreateObject();
	cJSON_AddStringToObject(j, "name", name);
	sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM retired WHERE name = ?", -1, &stmt, NULL);
	sqlite3_bind_text(stmt, 1, name, -1, SQLITE_TRANSIENT);
	cJSON_AddBoolToObject(j, "retired", sqlite3_step(stmt) == SQLITE_ROW &&
			      sqlite3_column_int(stmt, 0) > 0);
	sqlite3_finalize(stmt);
	cJSON_AddItemToObject(j, "versions", versions);
	cJSON_AddItemToObject(j, "games", select_games(db, name, 0, 50, true));
	cJSON_AddItemToObject(j, "history", history_of(db, name));
	return j;
}

char *web_api_games(sqlite3 *db, const char *name, long long since)
{
	cJSON *j = cJSON_CreateObject();
	char *text;

	cJSON_AddItemToObject(j, "games", select_games(db, name, since, 500, false));
	text = json_print_line(j);
	cJSON_Delete(j);
	return text;
}

/* Whether `s` is `digits` digits from `at` on. */
static bool digits_at(const char *s, size_t at, size_t digits)
{
	for (size_t i = at; i < at + digits; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

char *web_api_log_path(const char *run, const char *game)
{
	if (strlen(run) != 6 || !digits_at(run, 0, 6) || strlen(game) != 17 ||
	    strncmp(game, "game-", 5) || !digits_at(game, 5, 6) || strcmp(game + 11, ".jsonl"))
		return NULL;
	return xasprintf("runs/%s/%s", run, game);
}
