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
#include "league/league_db_sql.h"

/* "ArLg": what PRAGMA application_id holds in a league's index, so that
 * another program's database is told from a damaged one. */
#define LEAGUE_DB_APP_ID 0x41724c67
#define LEAGUE_DB_VERSION 5

static const char schema[] =
	"PRAGMA journal_mode=WAL;"
	"PRAGMA application_id=1098009703;"
	"PRAGMA user_version=5;"
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
	" rank INTEGER NOT NULL, forfeit INTEGER NOT NULL, PRIMARY KEY(run, game, seat));"
	"CREATE TABLE seasons(name TEXT PRIMARY KEY, first_run INTEGER NOT NULL);"
	"CREATE TABLE cut(run INTEGER NOT NULL, first INTEGER NOT NULL, kind TEXT NOT NULL,"
	" PRIMARY KEY(run, first));"
	"CREATE TABLE cut_seats(run INTEGER NOT NULL, first INTEGER NOT NULL,"
	" seat INTEGER NOT NULL, version INTEGER NOT NULL REFERENCES versions(id),"
	" PRIMARY KEY(run, first, seat));";

/* The grades of the games (league_db_grades.c): made with the index, and
 * added to an index made before it had them when it is opened, since
 * they are computed again from the logs whenever they are missing. */
static const char grades_table[] =
	"CREATE TABLE IF NOT EXISTS grades(run INTEGER NOT NULL, game INTEGER NOT NULL,"
	" seat INTEGER NOT NULL, sha256 TEXT NOT NULL, adjusted REAL NOT NULL,"
	" luck REAL NOT NULL, error REAL NOT NULL, decisions INTEGER NOT NULL,"
	" marks INTEGER NOT NULL, PRIMARY KEY(run, game, seat));";

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

/* Statement `st` (league_db_prepare()'s, finalized here) run to its
 * end: 0, or -1 with err. */
static int run_statement(sqlite3 *db, sqlite3_stmt *st, char *err)
{
	int rc, sys;

	if (!st)
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	rc = sqlite3_step(st);
	/* The system's reason goes with the statement. */
	sys = rc == SQLITE_DONE ? 0 : sqlite3_system_errno(db);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : write_failed(sqlite3_extended_errcode(db), sys,
						    sqlite3_errmsg(db), err);
}

/* A statement, `sql` and its values bound as league_db_prepare() binds
 * them, run to its end: 0, or -1 with err. */
#define run(db, err, ...) run_statement(db, league_db_prepare(db, __VA_ARGS__), err)

/* That an opened file is a league's index of `game`: 0, or -1 with err. */
static int check_index(sqlite3 *db, const char *path, const char *game, char *err)
{
	char *have = NULL;
	int players, rc = 0;
	char meta_err[ERR_LEN];
	long version = league_db_value(db, "PRAGMA user_version", "");

	/* An index an earlier referee made lacks what this one keeps (the
	 * seats' forfeits, since version 3; the sets cut by a stop, since
	 * version 4; the sets refused, counted as the cut ones, since
	 * version 5): made again, it has them. */
	if (league_db_value(db, "PRAGMA application_id", "") == LEAGUE_DB_APP_ID &&
	    version >= 1 && version < LEAGUE_DB_VERSION)
		return errorf(err, "%s is the index of an earlier referee (its version %ld, "
			      "this one's %d)", path, version, LEAGUE_DB_VERSION);
	if (league_db_value(db, "PRAGMA application_id", "") != LEAGUE_DB_APP_ID ||
	    version != LEAGUE_DB_VERSION ||
	    league_db_meta(db, &have, &players, meta_err))
		return errorf(err, "%s is not a league's index (damaged, or another "
			      "program's file)", path);
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
		errorf(err, "%s is missing", path);
	else if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK)
		errorf(err, "%s: %s", path, db ? sqlite3_errmsg(db) : "cannot open");
	else if (sqlite3_busy_timeout(db, 10000) != SQLITE_OK)
		errorf(err, "%s: %s", path, sqlite3_errmsg(db));
	else if (create)
		rc = league_db_exec(db, schema, err) ||
		     run(db, err, "INSERT INTO league VALUES('game', ?), ('players', ?)", "si",
			 game, (long)players) ? -1 : 0;
	else
		rc = check_index(db, path, game, err);
	/* An index that cannot be written (a copy handed to `verify`) does
	 * without: what reads the grades finds none and does without them. */
	if (rc == 0)
		sqlite3_exec(db, grades_table, NULL, NULL, NULL);
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

int league_db_rebuild_advice(char *err, const char *dir)
{
	size_t len = strlen(err);

	snprintf(err + len, ERR_LEN - len, "; 'referee league rebuild %s' makes it "
		 "again from the register and the logs", dir);
	return -1;
}

void league_db_close(sqlite3 *db)
{
	sqlite3_close(db);
}

int league_db_add_version(sqlite3 *db, const struct league_version *v, char *err)
{
	cJSON *a = cJSON_CreateArray();
	char *readable;
	int rc;

	for (char **r = v->readable; r && *r; r++)
		cJSON_AddItemToArray(a, cJSON_CreateString(*r));
	readable = json_print_line(a);
	readable[strcspn(readable, "\n")] = '\0';
	rc = run(db, err, "INSERT INTO versions(name, number, hash, command, dir, workdir,"
		 " readable) VALUES(?, ?, ?, ?, ?, ?, ?)", "sisssss", v->name, (long)v->number,
		 v->hash, v->command, v->dir, v->workdir, readable);
	free(readable);
	cJSON_Delete(a);
	return rc;
}

int league_db_retire(sqlite3 *db, const char *name, char *err)
{
	return run(db, err, "INSERT OR IGNORE INTO retired VALUES(?)", "s", name);
}

int league_db_open_run(sqlite3 *db, long run_number, char *err)
{
	return run(db, err, "INSERT INTO runs VALUES(?, 0)", "i", run_number);
}

int league_db_put_run(sqlite3 *db, long run_number, bool closed, char *err)
{
	/* A closed run's tasks handed out, which its signed records now list
	 * (league_sync.h), removed: the index then holds what a rebuild makes. */
	return run(db, err, "INSERT OR REPLACE INTO runs VALUES(?, ?)", "ii", run_number,
		   (long)closed) ||
	       (closed && run(db, err, "DELETE FROM tasks WHERE run = ? AND state = 'started'",
			      "i", run_number)) ? -1 : 0;
}

int league_db_task(sqlite3 *db, long run_number, long first, const char *state, char *err)
{
	return run(db, err, "INSERT OR REPLACE INTO tasks VALUES(?, ?, ?)", "iis", run_number,
		   first, state);
}

int league_db_add_game(sqlite3 *db, long run_number, long game, long first,
		       const char *sha256, int seats, const long *versions,
		       const int *ranks, const int *forfeits, char *err)
{
	/* A grade is of the game's log: none of another is left (a number is
	 * not used twice, but the sums of the pages need not look). */
	if (run(db, err, "INSERT INTO games VALUES(?, ?, ?, ?)", "iiis", run_number, game,
		first, sha256) ||
	    run(db, err, "DELETE FROM grades WHERE run = ? AND game = ? AND sha256 != ?", "iis",
		run_number, game, sha256))
		return -1;
	for (int seat = 0; seat < seats; seat++)
		if (run(db, err, "INSERT INTO seats VALUES(?, ?, ?, ?, ?, ?)", "iiiiii", run_number,
			game, (long)seat, versions[seat], (long)ranks[seat],
			(long)(forfeits[seat] != 0)))
			return -1;
	return 0;
}

int league_db_add_cut(sqlite3 *db, long run_number, long first, const char *kind, int seats,
		      const long *versions, char *err)
{
	if (run(db, err, "INSERT OR IGNORE INTO cut VALUES(?, ?, ?)", "iis", run_number, first,
		kind))
		return -1;
	for (int seat = 0; seat < seats; seat++)
		/* versions[seat] 0: no log of the set names it */
		if (versions[seat] && run(db, err, "INSERT OR IGNORE INTO cut_seats"
					  " VALUES(?, ?, ?, ?)", "iiii", run_number, first,
					  (long)seat, versions[seat]))
			return -1;
	return 0;
}

int league_db_season(sqlite3 *db, const char *name, long first_run, char *err)
{
	return run(db, err, "INSERT INTO seasons VALUES(?, ?)", "si", name, first_run);
}
