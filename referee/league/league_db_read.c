/*
 * What a league's index answers (league_db.h): every question asked of
 * it, each a statement with its values bound.
 */
#include "league/league_db.h"

#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "league/league_db_sql.h"

sqlite3_stmt *league_db_prepare(sqlite3 *db, const char *sql, const char *binds, ...)
{
	sqlite3_stmt *st = NULL;
	bool ok = sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK;
	va_list ap;

	va_start(ap, binds);
	for (int i = 0; ok && binds[i]; i++)
		ok = (binds[i] == 's'
		      ? sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1, SQLITE_TRANSIENT)
		      : sqlite3_bind_int64(st, i + 1, va_arg(ap, long))) == SQLITE_OK;
	va_end(ap);
	if (!ok) {
		sqlite3_finalize(st);
		return NULL;
	}
	return st;
}

long league_db_first(sqlite3_stmt *st)
{
	long v = st && sqlite3_step(st) == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : -1;

	sqlite3_finalize(st);
	return v;
}

void league_db_counts(sqlite3 *db, struct league_counts *c)
{
	c->bots = league_db_value(db, "SELECT COUNT(DISTINCT name) FROM versions", "");
	c->retired = league_db_value(db, "SELECT COUNT(*) FROM retired", "");
	c->versions = league_db_value(db, "SELECT COUNT(*) FROM versions", "");
	c->runs = league_db_value(db, "SELECT COUNT(*) FROM runs", "");
	c->open_runs = league_db_open_runs(db);
	c->games = league_db_game_count(db);
	c->sets = league_db_value(db, "SELECT COUNT(DISTINCT run * 1000000000 + first) "
				   "FROM games", "");
	c->cut = league_db_value(db, "SELECT COUNT(*) FROM cut WHERE kind = ?", "s",
				 LEAGUE_CUT_STOP);
	c->dropped = league_db_value(db, "SELECT COUNT(*) FROM tasks WHERE state LIKE 'dropped%'",
				     "");
	c->refused = league_db_value(db, "SELECT COUNT(*) FROM cut WHERE kind = ?", "s",
				     LEAGUE_CUT_REFUSED);
}

int league_db_cut_each(sqlite3 *db, const char *kind, bool by_version, league_db_cut_fn *each,
		       void *ctx)
{
	static const char *const sql[] = {
		"SELECT NULL, run, COUNT(*) FROM cut WHERE kind = ? GROUP BY run ORDER BY run",
		"SELECT v.name, v.number, COUNT(DISTINCT s.run * 1000000000 + s.first)"
		" FROM cut_seats s JOIN versions v ON v.id = s.version"
		" JOIN cut c ON c.run = s.run AND c.first = s.first WHERE c.kind = ?"
		" GROUP BY v.id ORDER BY v.name, v.number",
	};
	sqlite3_stmt *st = league_db_prepare(db, sql[by_version], "s", kind);

	if (!st)
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW)
		each((const char *)sqlite3_column_text(st, 0), (long)sqlite3_column_int64(st, 1),
		     (long)sqlite3_column_int64(st, 2), ctx);
	sqlite3_finalize(st);
	return 0;
}

/* The two columns of `sql`, a version's id and a count, into
 * counts[id - 1] for ids 1 to `count`: 0, or -1. */
static int count_by_version(sqlite3 *db, const char *sql, long *counts, int count)
{
	sqlite3_stmt *st = NULL;
	int rc;

	memset(counts, 0, (size_t)count * sizeof *counts);
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long id = (long)sqlite3_column_int64(st, 0);

		if (id >= 1 && id <= count)
			counts[id - 1] = (long)sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int league_db_cut_by_version(sqlite3 *db, long *cut, int count)
{
	return count_by_version(db, "SELECT version, COUNT(DISTINCT run * 1000000000 + first)"
				" FROM cut_seats GROUP BY version", cut, count);
}

void league_db_roster(sqlite3 *db, struct league_roster *r)
{
	r->versions = league_db_value(db, "SELECT COUNT(*) FROM versions", "");
	r->retired = league_db_value(db, "SELECT COUNT(*) FROM retired", "");
	r->seasons = league_db_value(db, "SELECT COUNT(*) FROM seasons", "");
}

long league_db_game_count(sqlite3 *db)
{
	return league_db_value(db, "SELECT COUNT(*) FROM games", "");
}

long league_db_last_run(sqlite3 *db)
{
	return league_db_value(db, "SELECT COALESCE(MAX(id), 0) FROM runs", "");
}

long league_db_open_runs(sqlite3 *db)
{
	return league_db_value(db, "SELECT COUNT(*) FROM runs WHERE closed = 0", "");
}

bool league_db_run_closed(sqlite3 *db, long run)
{
	return league_db_value(db, "SELECT closed FROM runs WHERE id = ?", "i", run) > 0;
}

long league_db_bot_versions(sqlite3 *db, const char *name)
{
	return league_db_value(db, "SELECT COUNT(*) FROM versions WHERE name = ?", "s", name);
}

int league_db_meta(sqlite3 *db, char **game, int *players, char *err)
{
	sqlite3_stmt *st;
	int found = 0;

	*game = NULL;
	*players = 0;
	if (sqlite3_prepare_v2(db, "SELECT key, value FROM league", -1, &st, NULL) != SQLITE_OK)
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *k = (const char *)sqlite3_column_text(st, 0);
		const char *v = (const char *)sqlite3_column_text(st, 1);

		if (k && v && !strcmp(k, "game") && !*game) {
			*game = xstrdup(v);
			found++;
		} else if (k && v && !strcmp(k, "players")) {
			*players = atoi(v);
			found++;
		}
	}
	sqlite3_finalize(st);
	if (found == 2 && *game && *players >= 2)
		return 0;
	free(*game);
	*game = NULL;
	return errorf(err, "league.db: no game or players recorded");
}

/* The readable paths of a version as stored: a JSON array of strings. */
static char **readable_from(const char *text)
{
	cJSON *a = text ? cJSON_Parse(text) : NULL, *e;
	char **out = xcalloc((size_t)cJSON_GetArraySize(a) + 1, sizeof *out);
	int n = 0;

	cJSON_ArrayForEach(e, a)
		if (cJSON_IsString(e))
			out[n++] = xstrdup(e->valuestring);
	cJSON_Delete(a);
	return out;
}

static char *column_copy(sqlite3_stmt *st, int col)
{
	const char *t = (const char *)sqlite3_column_text(st, col);

	return t ? xstrdup(t) : NULL;
}

int league_db_versions(sqlite3 *db, struct league_version **out, char *err)
{
	static const char sql[] =
		"SELECT v.id, v.name, v.number, v.hash, v.command, v.dir, v.workdir, v.readable,"
		" r.name IS NOT NULL,"
		" v.number = (SELECT MAX(number) FROM versions w WHERE w.name = v.name)"
		" FROM versions v LEFT JOIN retired r ON r.name = v.name ORDER BY v.id";
	sqlite3_stmt *st;
	struct league_version *v = NULL;
	int n = 0, rc;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		v = xrealloc(v, (size_t)(n + 1) * sizeof *v);
		v[n] = (struct league_version){
			.id = (long)sqlite3_column_int64(st, 0),
			.name = column_copy(st, 1),
			.number = sqlite3_column_int(st, 2),
			.hash = column_copy(st, 3), .command = column_copy(st, 4),
			.dir = column_copy(st, 5), .workdir = column_copy(st, 6),
			.readable = readable_from((const char *)sqlite3_column_text(st, 7)),
			.retired = sqlite3_column_int(st, 8),
			.latest = sqlite3_column_int(st, 9),
		};
		n++;
	}
	sqlite3_finalize(st);
	*out = v;
	if (rc != SQLITE_DONE) {
		league_versions_free(v, n);
		*out = NULL;
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	}
	return n;
}

void league_versions_free(struct league_version *v, int count)
{
	for (int i = 0; i < count; i++) {
		free(v[i].name);
		free(v[i].hash);
		free(v[i].command);
		free(v[i].dir);
		free(v[i].workdir);
		for (char **r = v[i].readable; r && *r; r++)
			free(*r);
		free(v[i].readable);
	}
	free(v);
}

const struct league_version *league_version_newest(const struct league_version *v, int count,
						   const char *name)
{
	for (int i = 0; i < count; i++)
		if (v[i].latest && !strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

char *league_db_current_season(sqlite3 *db, long *first_run)
{
	sqlite3_stmt *st;
	char *name = NULL;

	*first_run = 1;
	if (sqlite3_prepare_v2(db, "SELECT name, first_run FROM seasons ORDER BY"
			       " first_run DESC, rowid DESC LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return xstrdup(LEAGUE_FIRST_SEASON);
	if (sqlite3_step(st) == SQLITE_ROW) {
		name = xstrdup((const char *)sqlite3_column_text(st, 0));
		*first_run = (long)sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	return name ? name : xstrdup(LEAGUE_FIRST_SEASON);
}

bool league_db_retired(sqlite3 *db, const char *name)
{
	return league_db_value(db, "SELECT COUNT(*) FROM retired WHERE name = ?", "s", name) > 0;
}

long league_db_version_id(sqlite3 *db, const char *name, const char *hash)
{
	long id = league_db_value(db, "SELECT id FROM versions WHERE name = ? AND hash = ?",
				  "ss", name, hash);

	return id > 0 ? id : 0;
}

bool league_db_has_game(sqlite3 *db, long run, long game)
{
	return league_db_value(db, "SELECT 1 FROM games WHERE run = ? AND game = ?", "ii",
			       run, game) == 1;
}

int league_db_games_by_version(sqlite3 *db, long *games, int count)
{
	return count_by_version(db, "SELECT version, COUNT(*) FROM seats GROUP BY version",
				games, count);
}

long long league_db_data_version(sqlite3 *db)
{
	return league_db_value(db, "PRAGMA data_version", "");
}

/* The seats of game `game` of run `run` handed to `each` with the game;
 * `seats` a prepared statement of them, reset after.  The names are
 * copied: a column's text lasts only until the next step. */
static void hand_game(sqlite3_stmt *seats, long run, long game, league_db_game_fn *each,
		      void *ctx)
{
	struct league_game_seat list[GAME_MAX_SEATS];
	int n = 0;

	sqlite3_bind_int64(seats, 1, run);
	sqlite3_bind_int64(seats, 2, game);
	while (n < GAME_MAX_SEATS && sqlite3_step(seats) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(seats, 1);

		list[n++] = (struct league_game_seat){
			.seat = sqlite3_column_int(seats, 0), .name = xstrdup(name ? name : ""),
			.number = sqlite3_column_int(seats, 2), .rank = sqlite3_column_int(seats, 3),
			.forfeit = sqlite3_column_int(seats, 4) != 0,
		};
	}
	each(run, game, list, n, ctx);
	while (n > 0)
		free(list[--n].name);
	sqlite3_reset(seats);
}

int league_db_each_game(sqlite3 *db, const char *name, long long since, int limit,
			bool latest, league_db_game_fn *each, void *ctx)
{
	/* The cursor and the order are numbers and words of the project's,
	 * pasted; the name is bound. */
	char *sql = xasprintf("SELECT g.run, g.game FROM games g WHERE g.run * %lld + g.game > ?1"
			      " AND (?2 IS NULL OR EXISTS (SELECT 1 FROM seats s JOIN versions v"
			      " ON v.id = s.version WHERE s.run = g.run AND s.game = g.game AND"
			      " v.name = ?2)) ORDER BY g.run %s, g.game %s LIMIT ?3",
			      LEAGUE_DB_GAME_CURSOR, latest ? "DESC" : "", latest ? "DESC" : "");
	sqlite3_stmt *games = NULL, *seats = NULL;
	int rc = -1;

	if ((games = league_db_prepare(db, sql, "isi", (long)since, name, (long)limit)) &&
	    sqlite3_prepare_v2(db, "SELECT s.seat, v.name, v.number, s.rank, s.forfeit FROM seats s"
			       " JOIN versions v ON v.id = s.version WHERE s.run = ? AND"
			       " s.game = ? ORDER BY s.seat", -1, &seats, NULL) == SQLITE_OK) {
		while ((rc = sqlite3_step(games)) == SQLITE_ROW)
			hand_game(seats, (long)sqlite3_column_int64(games, 0),
				  (long)sqlite3_column_int64(games, 1), each, ctx);
		rc = rc == SQLITE_DONE ? 0 : -1;
	}
	sqlite3_finalize(games);
	sqlite3_finalize(seats);
	free(sql);
	return rc;
}

/* Each row of `sql` (league_db_each_season_seat()'s columns) handed to
 * `each`. */
static int each_seat(sqlite3 *db, const char *sql, league_db_seat_fn *each, void *ctx,
		     char *err)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const struct league_season_seat s = {
			.run = (long)sqlite3_column_int64(st, 0),
			.game = (long)sqlite3_column_int64(st, 1),
			.first = (long)sqlite3_column_int64(st, 2),
			.version = (long)sqlite3_column_int64(st, 3),
			.rank = sqlite3_column_int(st, 4),
			.forfeit = sqlite3_column_int(st, 5) != 0,
			.seat = sqlite3_column_int(st, 6),
			.sha256 = (const char *)sqlite3_column_text(st, 7),
			.graded = sqlite3_column_type(st, 11) != SQLITE_NULL,
			.grade = {sqlite3_column_double(st, 8), sqlite3_column_double(st, 9),
				  sqlite3_column_double(st, 10), sqlite3_column_int(st, 11),
				  sqlite3_column_int(st, 12)},
		};

		if (each(&s, ctx, err)) {
			sqlite3_finalize(st);
			return -1;
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : errorf(err, "league.db: %s", sqlite3_errmsg(db));
}

/* Here, not in league_db_grades.c, which reads through this file's
 * league_db_value(): one way between the two (tests/e2e/no_cycles.sh). */
bool league_db_has_grades(sqlite3 *db)
{
	return league_db_value(db, "SELECT EXISTS (SELECT 1 FROM grades)", "") == 1;
}

#define SEAT_COLUMNS "SELECT s.run, s.game, g.first, s.version, s.rank, s.forfeit, s.seat," \
	" g.sha256"
#define SEATS_OF_GAMES " FROM seats s JOIN games g ON g.run = s.run AND g.game = s.game"
#define IN_ORDER " ORDER BY s.run, s.game, s.seat"
#define SEASON " WHERE s.run >= (SELECT COALESCE(MAX(first_run), 1) FROM seasons)"

int league_db_each_season_seat(sqlite3 *db, league_db_seat_fn *each, void *ctx, char *err)
{
	/* A seat's grade of its game's log as indexed, as
	 * league_db_ungraded() asks; an index without any (a league of
	 * another game, or a copy that cannot be written, without the table)
	 * is read without the join. */
	return league_db_has_grades(db)
	       ? each_seat(db, SEAT_COLUMNS ", r.adjusted, r.luck, r.error, r.decisions, r.marks"
			   SEATS_OF_GAMES " LEFT JOIN grades r ON r.run = s.run AND"
			   " r.game = s.game AND r.seat = s.seat AND r.sha256 = g.sha256"
			   SEASON IN_ORDER, each, ctx, err)
	       : each_seat(db, SEAT_COLUMNS ", NULL, NULL, NULL, NULL, NULL" SEATS_OF_GAMES
			   SEASON IN_ORDER, each, ctx, err);
}

int league_db_each_seat(sqlite3 *db, league_db_seat_fn *each, void *ctx, char *err)
{
	return each_seat(db, SEAT_COLUMNS ", NULL, NULL, NULL, NULL, NULL" SEATS_OF_GAMES
			 IN_ORDER, each, ctx, err);
}

long league_db_tasks_in_state(sqlite3 *db, const char *state)
{
	return league_db_value(db, "SELECT COUNT(*) FROM tasks WHERE state = ?", "s", state);
}

long league_db_tasks_past(sqlite3 *db, long run, long count, long *last)
{
	long first = league_db_value(db, "SELECT MIN(first) FROM tasks WHERE run = ? AND "
				     "first > ?", "ii", run, count);

	*last = league_db_value(db, "SELECT MAX(first) FROM tasks WHERE run = ? AND first > ?",
				"ii", run, count);
	return first > 0 ? first : 0;
}
