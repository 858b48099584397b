/*
 * A league's SQLite index; see league_db.h.  Every statement is prepared
 * with its values bound, never pasted into SQL, since names and commands
 * come from users.
 */
#include "league/league_db.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"

/* "ArLg": what PRAGMA application_id holds in a league's index, so that
 * another program's database is told from a damaged one. */
#define LEAGUE_DB_APP_ID 0x41724c67
#define LEAGUE_DB_VERSION 2

static const char schema[] =
	"PRAGMA journal_mode=WAL;"
	"PRAGMA application_id=1098009703;"
	"PRAGMA user_version=2;"
	"CREATE TABLE league(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
	"CREATE TABLE versions(id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
	" number INTEGER NOT NULL, hash TEXT NOT NULL, command TEXT NOT NULL,"
	" dir TEXT NOT NULL, workdir TEXT, readable TEXT NOT NULL, UNIQUE(name, number), UNIQUE(name, hash));"
	"CREATE TABLE retired(name TEXT PRIMARY KEY);"
	"CREATE TABLE runs(id INTEGER PRIMARY KEY, closed INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE tasks(run INTEGER NOT NULL, first INTEGER NOT NULL,"
	" state TEXT NOT NULL, PRIMARY KEY(run, first));"
	"CREATE TABLE games(run INTEGER NOT NULL, game INTEGER NOT NULL,"
	" first INTEGER NOT NULL, sha256 TEXT NOT NULL, PRIMARY KEY(run, game));"
	"CREATE TABLE seats(run INTEGER NOT NULL, game INTEGER NOT NULL,"
	" seat INTEGER NOT NULL, version INTEGER NOT NULL REFERENCES versions(id),"
	" rank INTEGER NOT NULL, PRIMARY KEY(run, game, seat));"
	"CREATE TABLE seasons(name TEXT PRIMARY KEY, first_run INTEGER NOT NULL);";

/* A write that failed (`code`, SQLite's): its words, and the system's
 * reason when SQLite kept one; else, for an I/O error, what is likely
 * ("disk I/O error" is all SQLite says of a file-size limit). */
static int write_failed(int code, int sys, const char *msg, char *err)
{
	if (sys)
		return errorf(err, "league.db: %s (%s)", msg, strerror(sys));
	if ((code & 0xff) == SQLITE_IOERR)
		return errorf(err, "league.db: %s: the disk is full, a file-size limit "
			      "was reached, or the disk failed", msg);
	return errorf(err, "league.db: %s", msg);
}

/* Runs `sql` (statements without results): 0, or -1 with err. */
static int league_db_exec(sqlite3 *db, const char *sql, char *err)
{
	char *msg = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return 0;
	write_failed(sqlite3_extended_errcode(db), sqlite3_system_errno(db),
		     msg ? msg : sqlite3_errmsg(db), err);
	sqlite3_free(msg);
	return -1;
}

/* The first column of the first row of `sql` (a count, a PRAGMA) as an
 * integer, or -1. */
static long league_db_number(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	long v = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

void league_db_counts(sqlite3 *db, struct league_counts *c)
{
	c->bots = league_db_number(db, "SELECT COUNT(DISTINCT name) FROM versions");
	c->retired = league_db_number(db, "SELECT COUNT(*) FROM retired");
	c->versions = league_db_number(db, "SELECT COUNT(*) FROM versions");
	c->runs = league_db_number(db, "SELECT COUNT(*) FROM runs");
	c->open_runs = league_db_open_runs(db);
	c->games = league_db_number(db, "SELECT COUNT(*) FROM games");
	c->sets = league_db_number(db, "SELECT COUNT(DISTINCT run * 1000000000 + first) "
				   "FROM games");
}

int league_db_begin(sqlite3 *db, char *err)
{
	return league_db_exec(db, "BEGIN IMMEDIATE", err);
}

int league_db_end(sqlite3 *db, int rc, char *err)
{
	rc = rc ? rc : league_db_exec(db, "COMMIT", err);
	if (rc)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

long league_db_last_run(sqlite3 *db)
{
	return league_db_number(db, "SELECT COALESCE(MAX(id), 0) FROM runs");
}

long league_db_open_runs(sqlite3 *db)
{
	return league_db_number(db, "SELECT COUNT(*) FROM runs WHERE closed = 0");
}

/* A statement with one integer bound, stepped once: its first column as
 * an integer, or -1 (no row, or an error). */
static long number_of(sqlite3 *db, const char *sql, long value)
{
	sqlite3_stmt *st;
	long v = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_bind_int64(st, 1, value) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

bool league_db_run_closed(sqlite3 *db, long run)
{
	return number_of(db, "SELECT closed FROM runs WHERE id = ?", run) > 0;
}

long league_db_bot_versions(sqlite3 *db, const char *name)
{
	sqlite3_stmt *st;
	long v = -1;

	if (sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM versions WHERE name = ?", -1,
			       &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		v = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* A statement with its text values bound in order (NULL: SQL NULL), run
 * to its end: 0, or -1 with err. */
static int run_texts(sqlite3 *db, const char *sql, const char *const *values,
		     int count, char *err)
{
	sqlite3_stmt *st;
	int rc, sys;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	for (int i = 0; i < count; i++)
		sqlite3_bind_text(st, i + 1, values[i], -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	/* The system's reason goes with the statement. */
	sys = rc == SQLITE_DONE ? 0 : sqlite3_system_errno(db);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : write_failed(sqlite3_extended_errcode(db), sys,
						    sqlite3_errmsg(db), err);
}

/* That an opened file is a league's index of `game`: 0, or -1 with err. */
static int check_index(sqlite3 *db, const char *path, const char *game, char *err)
{
	char *have = NULL;
	int players, rc = 0;
	char meta_err[ERR_LEN];

	if (league_db_number(db, "PRAGMA application_id") != LEAGUE_DB_APP_ID ||
	    league_db_number(db, "PRAGMA user_version") != LEAGUE_DB_VERSION ||
	    league_db_meta(db, &have, &players, meta_err))
		return errorf(err, "%s is not a league's index (damaged, or another "
			      "program's file): 'referee league rebuild' makes it again "
			      "from the folder's logs", path);
	if (game && strcmp(game, have))
		rc = errorf(err, "%s is the index of a league of %s, not of %s: the "
			    "folder is another league's", path, have, game);
	free(have);
	return rc;
}

sqlite3 *league_db_open(const char *dir, bool create, const char *game,
			int players, char *err)
{
	char *path = dir ? path_join(dir, "league.db") : xstrdup(":memory:");
	struct stat st;
	sqlite3 *db = NULL;
	int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
	int rc = -1;

	if (create && dir && !stat(path, &st))
		errorf(err, "%s already exists: the folder is a league already", path);
	else if (!create && stat(path, &st))
		errorf(err, "%s is missing: not a league's folder (make one with "
		       "'referee league init'), or run 'referee league rebuild' to "
		       "make its index again from the logs", path);
	else if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK)
		errorf(err, "%s: %s", path, db ? sqlite3_errmsg(db) : "cannot open");
	else if (sqlite3_busy_timeout(db, 10000) != SQLITE_OK)
		errorf(err, "%s: %s", path, sqlite3_errmsg(db));
	else if (create) {
		char text[16];

		snprintf(text, sizeof text, "%d", players);
		rc = league_db_exec(db, schema, err) ||
		     run_texts(db, "INSERT INTO league VALUES('game', ?), ('players', ?)",
			       (const char *const[]){game, text}, 2, err) ? -1 : 0;
	} else
		rc = check_index(db, path, game, err);
	/* A commit need not reach the disk before the next set: the logs
	 * it indexes are there, and the next run enters what a power cut
	 * took (league_sync.h). */
	if (rc == 0)
		rc = league_db_exec(db, "PRAGMA synchronous=NORMAL", err);
	free(path);
	if (rc) {
		sqlite3_close(db);
		return NULL;
	}
	return db;
}

void league_db_close(sqlite3 *db)
{
	sqlite3_close(db);
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

int league_db_add_version(sqlite3 *db, const struct league_version *v, char *err)
{
	cJSON *a = cJSON_CreateArray();
	char number[16], *readable;
	int rc;

	for (char **r = v->readable; r && *r; r++)
		cJSON_AddItemToArray(a, cJSON_CreateString(*r));
	readable = json_print_line(a);
	readable[strcspn(readable, "\n")] = '\0';
	snprintf(number, sizeof number, "%d", v->number);
	rc = run_texts(db, "INSERT INTO versions(name, number, hash, command, dir,"
		       " workdir, readable) VALUES(?, ?, ?, ?, ?, ?, ?)",
		       (const char *const[]){v->name, number, v->hash, v->command,
					     v->dir, v->workdir, readable}, 7, err);
	free(readable);
	cJSON_Delete(a);
	return rc;
}

int league_db_retire(sqlite3 *db, const char *name, char *err)
{
	return run_texts(db, "INSERT OR IGNORE INTO retired VALUES(?)",
			 (const char *const[]){name}, 1, err);
}

/* `sql` with the run's number and, when it takes one, 0 or 1 bound as
 * texts (SQLite's affinity stores them as integers). */
static int run_write(sqlite3 *db, const char *sql, long run, int closed, char *err)
{
	char r[24], c[4];

	snprintf(r, sizeof r, "%ld", run);
	snprintf(c, sizeof c, "%d", closed);
	return run_texts(db, sql, (const char *const[]){r, c}, closed < 0 ? 1 : 2, err);
}

int league_db_open_run(sqlite3 *db, long run, char *err)
{
	return run_write(db, "INSERT INTO runs VALUES(?, 0)", run, -1, err);
}

int league_db_close_run(sqlite3 *db, long run, char *err)
{
	return run_write(db, "UPDATE runs SET closed = 1 WHERE id = ?", run, -1, err);
}

int league_db_put_run(sqlite3 *db, long run, bool closed, char *err)
{
	return run_write(db, "INSERT OR REPLACE INTO runs VALUES(?, ?)", run, closed, err);
}

int league_db_task(sqlite3 *db, long run, long first, const char *state, char *err)
{
	char r[24], f[24];

	snprintf(r, sizeof r, "%ld", run);
	snprintf(f, sizeof f, "%ld", first);
	return run_texts(db, "INSERT OR REPLACE INTO tasks VALUES(?, ?, ?)",
			 (const char *const[]){r, f, state}, 3, err);
}

int league_db_add_game(sqlite3 *db, long run, long game, long first,
		       const char *sha256, int seats, const long *versions,
		       const int *ranks, char *err)
{
	char r[24], g[24], f[24], s[16], v[24], k[16];

	snprintf(r, sizeof r, "%ld", run);
	snprintf(g, sizeof g, "%ld", game);
	snprintf(f, sizeof f, "%ld", first);
	if (run_texts(db, "INSERT INTO games VALUES(?, ?, ?, ?)",
		      (const char *const[]){r, g, f, sha256}, 4, err))
		return -1;
	for (int seat = 0; seat < seats; seat++) {
		snprintf(s, sizeof s, "%d", seat);
		snprintf(v, sizeof v, "%ld", versions[seat]);
		snprintf(k, sizeof k, "%d", ranks[seat]);
		if (run_texts(db, "INSERT INTO seats VALUES(?, ?, ?, ?, ?)",
			      (const char *const[]){r, g, s, v, k}, 5, err))
			return -1;
	}
	return 0;
}

int league_db_season(sqlite3 *db, const char *name, long first_run, char *err)
{
	char run[24];

	snprintf(run, sizeof run, "%ld", first_run);
	return run_texts(db, "INSERT INTO seasons VALUES(?, ?)",
			 (const char *const[]){name, run}, 2, err);
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
