/*
 * A league's index against its logs; see league_check.h.
 */
#include "league/league_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "league/league_sync.h"

char **league_check_runs(const char *dir, int *count)
{
	long next = league_next_run(dir);
	char **runs = xcalloc((size_t)next + 1, sizeof *runs);

	*count = 0;
	for (long run = 1; run < next; run++) {
		char *path = league_run_dir(dir, run);

		if (access(path, F_OK) == 0)
			runs[(*count)++] = path;
		else
			free(path);
	}
	return runs;
}

enum difference { NOT_INDEXED, NOT_REGISTERED, RETIRED, SEASON, GAME_NOT_INDEXED,
		  GAME_NOT_LOGGED };

/* Each row of `sql` (a text and an integer) a problem of its kind. */
static void differ(sqlite3 *db, const char *where, const char *sql,
		   enum difference kind, struct problems *problems)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		problems_add(problems, where, "cannot be compared: %s", sqlite3_errmsg(db));
		return;
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *a = (const char *)sqlite3_column_text(st, 0);
		long b = (long)sqlite3_column_int64(st, 1);

		switch (kind) {
		case NOT_INDEXED:
			problems_add(problems, where, "the register's %s v%ld is not in "
				     "it, or not as the register has it", a, b);
			break;
		case NOT_REGISTERED:
			problems_add(problems, where, "it holds %s v%ld otherwise than "
				     "the register, or a version the register does not "
				     "have", a, b);
			break;
		case RETIRED:
			problems_add(problems, where, "it and the register disagree on "
				     "whether %s is retired", a);
			break;
		case SEASON:
			problems_add(problems, where, "it and the register disagree on "
				     "season %s (from run %ld)", a, b);
			break;
		case GAME_NOT_INDEXED:
			problems_add(problems, where, "game %ld of run %s is in the "
				     "logs, not in it as its log has it", b, a);
			break;
		case GAME_NOT_LOGGED:
			problems_add(problems, where, "it holds game %ld of run %s, "
				     "which no log of the folder gives so", b, a);
			break;
		}
	}
	sqlite3_finalize(st);
}

#define SEATS(db) "SELECT g.run, g.game, g.sha256, s.seat, v.name, v.number, s.rank" \
	" FROM " db ".games g JOIN " db ".seats s ON s.run = g.run AND s.game = g.game" \
	" JOIN " db ".versions v ON v.id = s.version"
#define VERSIONS(db) "SELECT name, number, hash, command, dir, workdir, readable" \
	" FROM " db ".versions"

/* What must be the same in the index made from the logs (main) and the
 * one on disk (d), each way: the rows of each query are differences. */
static const struct {
	const char *sql;
	enum difference kind;
} checks[] = {
	{"SELECT DISTINCT name, number FROM (" VERSIONS("main") " EXCEPT "
	 VERSIONS("d") ")", NOT_INDEXED},
	{"SELECT DISTINCT name, number FROM (" VERSIONS("d") " EXCEPT "
	 VERSIONS("main") ")", NOT_REGISTERED},
	{"SELECT name, 0 FROM (SELECT name FROM main.retired EXCEPT"
	 " SELECT name FROM d.retired)", RETIRED},
	{"SELECT name, 0 FROM (SELECT name FROM d.retired EXCEPT"
	 " SELECT name FROM main.retired)", RETIRED},
	{"SELECT name, first_run FROM (SELECT * FROM main.seasons EXCEPT"
	 " SELECT * FROM d.seasons)", SEASON},
	{"SELECT name, first_run FROM (SELECT * FROM d.seasons EXCEPT"
	 " SELECT * FROM main.seasons)", SEASON},
	{"SELECT DISTINCT printf('%06d', run), game FROM (" SEATS("main") " EXCEPT "
	 SEATS("d") ")", GAME_NOT_INDEXED},
	{"SELECT DISTINCT printf('%06d', run), game FROM (" SEATS("d") " EXCEPT "
	 SEATS("main") ")", GAME_NOT_LOGGED},
};

void league_check(const char *dir, struct problems *problems)
{
	struct league_info info;
	char err[ERR_LEN], *path = path_join(dir, "league.db");
	sqlite3 *disk = NULL, *mem = NULL;
	sqlite3_stmt *st;

	if (league_folder_read(dir, &info, err)) {
		problems_add(problems, dir, "%s", err);
		free(path);
		return;
	}
	if (!(disk = league_db_open(dir, false, info.rules->name, info.players, err)))
		problems_add(problems, path, "%s", err);
	else if (!(mem = league_db_open(NULL, true, info.rules->name, info.players, err)) ||
		 league_register_load(dir, mem, err) ||
		 league_sync(dir, mem, info.rules->name, info.players, NULL, err))
		problems_add(problems, dir, "its logs cannot be indexed: %s", err);
	else if (sqlite3_prepare_v2(mem, "ATTACH DATABASE ? AS d", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE)
			problems_add(problems, path, "cannot be read: %s", sqlite3_errmsg(mem));
		sqlite3_finalize(st);
		for (size_t i = 0; i < sizeof checks / sizeof *checks; i++)
			differ(mem, path, checks[i].sql, checks[i].kind, problems);
	}
	league_db_close(mem);
	league_db_close(disk);
	league_info_free(&info);
	free(path);
}
