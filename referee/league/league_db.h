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
 *   tasks(run, first, state)    a duplicate set finished ("finished"), or
 *                               listed dropped ("dropped": its logs removed)
 *   games(run, game, first, sha256)  a finished game and its set's first
 *   seats(run, game, seat, version, rank)
 *   seasons(name, first_run)    each season begun by `league season`
 *   cut(run, first, kind)       a duplicate set cut by a stop, its logs
 *                               kept (kind LEAGUE_CUT_STOP), or refused by
 *                               a Slurm run (LEAGUE_CUT_REFUSED; league_cut.h)
 *   cut_seats(run, first, seat, version)  its seats, as its started
 *                               record seats them
 *   grades(run, game, seat, sha256, adjusted, luck, error, decisions, marks)
 *                               a game's grade (league_grades.h), of the log
 *                               of that SHA-256, for a game with exact values
 */
#ifndef ARENA_LEAGUE_DB_H
#define ARENA_LEAGUE_DB_H

#include <sqlite3.h>
#include <stdbool.h>

#include "games/game.h"
#include "grade/grade_tally.h"

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
 * any).  NULL with err saying what is wrong, to which a caller adds what
 * to do (league_db_rebuild_advice(), or making the index again). */
sqlite3 *league_db_open(const char *dir, bool create, const char *game,
			int players, char *err);
/* err (ERR_LEN bytes), what is wrong with the index of league `dir`,
 * with what makes it again added: -1. */
int league_db_rebuild_advice(char *err, const char *dir);
void league_db_close(sqlite3 *db);

/* What the index counts, for `league status` and GET /api/status. */
struct league_counts {
	long bots, retired, versions, runs, open_runs, games, sets;
	long cut;   /* sets cut by a stop, their logs kept (league_cut.h) */
	long dropped; /* sets listed dropped, their logs removed */
	long refused; /* of those, the sets a Slurm run refused (revision 7) */
};

/* The counts of the index (each -1 when it could not be read). */
void league_db_counts(sqlite3 *db, struct league_counts *c);
/* Its games alone (counts' games), every season's: their number, or -1. */
long league_db_game_count(sqlite3 *db);

/* Who may play: counts that change when a version is added, a bot
 * retired or a season begun (each -1 when it could not be read). */
struct league_roster {
	long versions, retired, seasons;
};
void league_db_roster(sqlite3 *db, struct league_roster *r);

/* How many versions the league has of a bot `name` (0: none), or -1. */
long league_db_bot_versions(sqlite3 *db, const char *name);

/* A write transaction begun (BEGIN IMMEDIATE), and ended: committed, or
 * rolled back when `rc` (the work's) or the commit failed.  0, or -1
 * with err. */
int league_db_begin(sqlite3 *db, char *err);
int league_db_end(sqlite3 *db, int rc, char *err);

/* The runs: the newest's number (0: none yet); how many are open; whether
 * `run` is closed; `run` entered open, or as `closed` says. */
long league_db_last_run(sqlite3 *db);
long league_db_open_runs(sqlite3 *db);
bool league_db_run_closed(sqlite3 *db, long run);
int league_db_open_run(sqlite3 *db, long run, char *err);
int league_db_put_run(sqlite3 *db, long run, bool closed, char *err);

/* The versions, by id (out[0] is version 1): how many, or -1 with err.
 * Free with league_versions_free(). */
int league_db_versions(sqlite3 *db, struct league_version **out, char *err);
void league_versions_free(struct league_version *v, int count);
/* Bot `name`'s newest version (its `latest`) among the `count` of `v`,
 * or NULL: none. */
const struct league_version *league_version_newest(const struct league_version *v, int count,
						   const char *name);

/* Adds a version (its id the next): 0, or -1 with err. */
int league_db_add_version(sqlite3 *db, const struct league_version *v, char *err);

/* Marks bot `name` retired: 0, or -1 with err. */
int league_db_retire(sqlite3 *db, const char *name, char *err);

/* One finished game, in the open transaction, each seat's version, rank
 * and whether it forfeited (non-zero): 0, or -1 with err. */
int league_db_add_game(sqlite3 *db, long run, long game, long first,
		       const char *sha256, int seats, const long *versions,
		       const int *ranks, const int *forfeits, char *err);

/* The kinds of the sets counted as cut: cut by a stop, their logs kept;
 * or refused by a Slurm run's check of what its array wrote, their logs
 * removed and the set listed dropped with that reason (docs/FAIRNESS-LEAGUE.md,
 * item 25). */
#define LEAGUE_CUT_STOP "cut"
#define LEAGUE_CUT_REFUSED "refused"

/* A duplicate set from game `first` of run `run` of `kind`, in the open
 * transaction, with the version of each of its `seats` seats (0: none
 * known, not entered): 0, or -1 with err.  Entered once. */
int league_db_add_cut(sqlite3 *db, long run, long first, const char *kind, int seats,
		      const long *versions, char *err);

/* The sets of `kind`, counted by run (`name` NULL, `number` the run's)
 * or by version (its bot's name and number), each count handed to
 * `each` in order: 0, or -1. */
typedef void league_db_cut_fn(const char *name, long number, long sets, void *ctx);
int league_db_cut_each(sqlite3 *db, const char *kind, bool by_version, league_db_cut_fn *each,
		       void *ctx);

/* The sets cut of each version, of either kind, by id: cut[id - 1] for
 * ids 1 to `count`: 0, or -1. */
int league_db_cut_by_version(sqlite3 *db, long *cut, int count);

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

/* Whether bot `name` is retired. */
bool league_db_retired(sqlite3 *db, const char *name);

/* The id of bot `name`'s version with files `hash`, or 0: none. */
long league_db_version_id(sqlite3 *db, const char *name, const char *hash);

/* Whether the index holds game `game` of run `run`. */
bool league_db_has_game(sqlite3 *db, long run, long game);

/* The games of each version (seats of every season), by id: games[id -
 * 1] for ids 1 to `count`: 0, or -1.  A scan of every seat. */
int league_db_games_by_version(sqlite3 *db, long *games, int count);

/* A number that changes when another connection commits to the index
 * (SQLite's PRAGMA data_version): the same while nothing was written. */
long long league_db_data_version(sqlite3 *db);

/* A game's cursor is run * LEAGUE_DB_GAME_CURSOR + game: it stays the same
 * when the index is made again from the logs (a log's number has six
 * digits). */
#define LEAGUE_DB_GAME_CURSOR 1000000LL

/* A seat of a game as the index has it; `name` valid during the call. */
struct league_game_seat {
	int seat, number, rank;
	bool forfeit;
	char *name;
};

typedef void league_db_game_fn(long run, long game, const struct league_game_seat *seats,
			       int count, void *ctx);

/* Hands `each` the games of bot `name` (NULL: all) whose cursor is after
 * `since`, up to `limit`, oldest first, or the latest first when
 * `latest`, each with its seats in order: 0, or -1. */
int league_db_each_game(sqlite3 *db, const char *name, long long since, int limit,
			bool latest, league_db_game_fn *each, void *ctx);

/* A seat's grade of a game (docs/ANALYSIS.md): its luck-adjusted score,
 * its luck, the chance it lost by its errors, its decisions counted and
 * its inaccuracies, mistakes and blunders. */
struct league_grade {
	double adjusted, luck, error;
	int decisions, marks;
};

/* Game `game` of run `run`'s grades, one a seat, of its log of hash
 * `sha256` (those of another log replaced): 0, or -1 with err. */
int league_db_add_grades(sqlite3 *db, long run, long game, const char *sha256,
			 int seats, const struct league_grade *grades, char *err);

/* Seat `seat`'s grade of game `game` of run `run` into out, as a run
 * graded it (of its log as indexed): 0, or -1 when the game has none (not
 * graded yet, a log that did not grade, a game without exact values). */
int league_db_seat_grade(sqlite3 *db, long run, long game, int seat,
			 struct league_grade *out);

/* A game of the index. */
struct league_game_ref {
	long run, game;
	char sha256[65];
};

/* Up to `limit` of the current season's games without a grade of their
 * log, oldest first, in *out (free it): how many, or -1 with err. */
int league_db_ungraded(sqlite3 *db, int limit, struct league_game_ref **out, char *err);

/* Whether the index holds a grade: a league of a game without exact
 * values has none, and the scans of the grades are skipped. */
bool league_db_has_grades(sqlite3 *db);

/* Each version's grades summed over its graded games of every season (a
 * log that did not grade left out), by id: tallies[id - 1] for ids 1 to
 * `count`: 0, or -1.  A scan of every seat. */
int league_db_grades_by_version(sqlite3 *db, struct grade_tally *tallies, int count);

/* A seat of a game of the current season, for its rating. */
struct league_season_seat {
	long run, game, first, version;
	int rank;
	bool forfeit;
	int seat;
	const char *sha256;   /* its game's log's, valid during the call */
	bool graded;          /* grade is its grade of that log (the
			       * season's walk only) */
	struct league_grade grade;
};

/* 0, or -1 with err: stops the walk. */
typedef int league_db_seat_fn(const struct league_season_seat *s, void *ctx, char *err);

/* Hands `each` every seat of the current season's games, in (run, game,
 * seat) order, each with its grade when it has one (the refit's and the
 * server's one walk of the season: its ratings from the results and from
 * the luck-adjusted scores): 0, or -1 with err (`each`'s, or the
 * index's). */
int league_db_each_season_seat(sqlite3 *db, league_db_seat_fn *each, void *ctx, char *err);
/* The same for every game of every season, without their grades. */
int league_db_each_seat(sqlite3 *db, league_db_seat_fn *each, void *ctx, char *err);

/* How many sets the index's tasks hold in `state` ("dropped:REASON"...). */
long league_db_tasks_in_state(sqlite3 *db, const char *state);

/* The sets of run `run` handed out past its game `count`: the first set's
 * first game, 0 when none, and the last's in *last. */
long league_db_tasks_past(sqlite3 *db, long run, long count, long *last);

/* How the index made from a league's logs differs from the one on disk;
 * the text is a name (a run's number, zero-padded, for a game), the
 * number a version's, a season's first run or a game's. */
enum league_db_difference {
	LEAGUE_DB_NOT_INDEXED,      /* a version of the register missing */
	LEAGUE_DB_NOT_REGISTERED,   /* a version the register has not */
	LEAGUE_DB_RETIRED,          /* retired in one only */
	LEAGUE_DB_SEASON,           /* a season in one only */
	LEAGUE_DB_GAME_NOT_INDEXED, /* a logged game missing */
	LEAGUE_DB_GAME_NOT_LOGGED,  /* a game no log gives so */
	LEAGUE_DB_CUT_NOT_INDEXED,  /* a set a run.jsonl lists cut missing */
	LEAGUE_DB_CUT_NOT_LOGGED,   /* a set cut that no run.jsonl lists so */
	LEAGUE_DB_REFUSED_NOT_INDEXED, /* the same of a set refused */
	LEAGUE_DB_REFUSED_NOT_LOGGED,
};

typedef void league_db_difference_fn(enum league_db_difference kind, const char *text,
				     long number, void *ctx);

/* Hands `each` every difference of index `db` (made from the logs) from
 * the index file `path`, each way, the games' only when `games` (else the
 * register's tables and the sets cut and refused): 0, or -1 with err (`path` cannot
 * be read or compared). */
int league_db_compare(sqlite3 *db, const char *path, bool games,
		      league_db_difference_fn *each, void *ctx, char *err);
#endif
