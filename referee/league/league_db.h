/*
 * A league's index, DIR/league.db (docs/LEAGUE.md, "The folder"): an
 * SQLite database in WAL mode that holds what the signed logs and the
 * register already say, arranged for the league's questions (which
 * versions play, how many sets each pair has, every game's ranks), so
 * that a run need not read every log again.  It is never the truth:
 * `referee league rebuild` makes it again from the folder's files alone.
 * A file that is not such a database (damaged, another program's, or an
 * index of another game) is refused with a message saying to rebuild it.
 *
 * Tables (`sqlite3 DIR/league.db .schema` shows them):
 *   league(key, value)          the game and the players a game
 *   versions(id, name, number, hash, command, dir, workdir, readable)
 *   retired(name)               bots taken off the ladder
 *   runs(id, closed)            one a `league run`, its folder runs/NNNNNN
 *   tasks(run, first, state)    a duplicate set finished ("finished")
 *   games(run, game, first, sha256)  a finished game and its set's first
 *   seats(run, game, seat, version, rank)
 *   seasons(name, first_run)    each season begun by `league season`
 */
#ifndef ARENA_LEAGUE_DB_H
#define ARENA_LEAGUE_DB_H

#include <sqlite3.h>
#include <stdbool.h>

/* What the index says of one version. */
struct league_version {
	long id;              /* from 1, in the order they were added */
	char *name;
	int number;           /* 1 for a bot's first version, then 2, ... */
	char *hash;           /* league_version_hash() of its files */
	char *command;
	char *dir;            /* the folder the command's paths are in */
	char *workdir;        /* --workdir as given, absolute; NULL: none */
	char **readable;      /* NULL-terminated absolute paths */
	bool retired;         /* its bot is retired */
	bool latest;          /* the newest version of its bot */
};

/* Opens DIR/league.db (dir NULL: an index in memory), making it (empty,
 * for `game` and `players`) when `create`; else it must exist and be a league index of `game` (NULL:
 * any).  NULL with err saying what to do. */
sqlite3 *league_db_open(const char *dir, bool create, const char *game,
			int players, char *err);
void league_db_close(sqlite3 *db);

/* What the index counts, for `league status` and GET /api/status. */
struct league_counts {
	long bots, retired, versions, runs, open_runs, games, sets;
};

/* The counts of the index (each -1 when it could not be read). */
void league_db_counts(sqlite3 *db, struct league_counts *c);

/* How many versions the league has of a bot `name` (0: none), or -1. */
long league_db_bot_versions(sqlite3 *db, const char *name);

/* A write transaction begun (BEGIN IMMEDIATE), and ended: committed, or
 * rolled back when `rc` (the work's) or the commit failed.  0, or -1
 * with err. */
int league_db_begin(sqlite3 *db, char *err);
int league_db_end(sqlite3 *db, int rc, char *err);

/* The runs: the newest's number (0: none yet); how many are open; whether
 * `run` is closed; `run` entered open, closed, or as `closed` says. */
long league_db_last_run(sqlite3 *db);
long league_db_open_runs(sqlite3 *db);
bool league_db_run_closed(sqlite3 *db, long run);
int league_db_open_run(sqlite3 *db, long run, char *err);
int league_db_close_run(sqlite3 *db, long run, char *err);
int league_db_put_run(sqlite3 *db, long run, bool closed, char *err);

/* The versions, by id (out[0] is version 1): how many, or -1 with err.
 * Free with league_versions_free(). */
int league_db_versions(sqlite3 *db, struct league_version **out, char *err);
void league_versions_free(struct league_version *v, int count);

/* Adds a version (its id the next): 0, or -1 with err. */
int league_db_add_version(sqlite3 *db, const struct league_version *v, char *err);

/* Marks bot `name` retired: 0, or -1 with err. */
int league_db_retire(sqlite3 *db, const char *name, char *err);

/* One finished game, in the open transaction: 0, or -1 with err. */
int league_db_add_game(sqlite3 *db, long run, long game, long first,
		       const char *sha256, int seats, const long *versions,
		       const int *ranks, char *err);

/* A task's state ("finished"): 0, or -1 with err. */
int league_db_task(sqlite3 *db, long run, long first, const char *state, char *err);

/* The game's name ("rolit") and players a game, as init made them. */
int league_db_meta(sqlite3 *db, char **game, int *players, char *err);

/* The season before any `league season`. */
#define LEAGUE_FIRST_SEASON "first"

/* Season `name` begins with run `first_run`: 0, or -1 with err. */
int league_db_season(sqlite3 *db, const char *name, long first_run, char *err);

/* The current season's name (new) and its first run. */
char *league_db_current_season(sqlite3 *db, long *first_run);

#endif
