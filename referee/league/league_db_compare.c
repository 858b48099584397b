/*
 * A league's index compared with another, row by row (league_db.h): the
 * one made from the logs against the one on disk, for `referee verify`.
 */
#include "league/league_db.h"

#include "base/util.h"

#define SEATS(db) "SELECT g.run, g.game, g.sha256, s.seat, v.name, v.number, s.rank," \
	" s.forfeit" \
	" FROM " db ".games g JOIN " db ".seats s ON s.run = g.run AND s.game = g.game" \
	" JOIN " db ".versions v ON v.id = s.version"
#define CUTS(db) "SELECT c.run, c.first, c.kind, s.seat, v.name, v.number FROM " db ".cut c" \
	" LEFT JOIN " db ".cut_seats s ON s.run = c.run AND s.first = c.first" \
	" LEFT JOIN " db ".versions v ON v.id = s.version"
#define VERSIONS(db) "SELECT name, number, hash, command, dir, workdir, readable" \
	" FROM " db ".versions"

/* What must be the same in the index made from the logs (main) and the
 * one on disk (d), each way: the rows of each query are differences. */
static const struct {
	const char *sql;
	enum league_db_difference kind;
} checks[] = {
	{"SELECT DISTINCT name, number FROM (" VERSIONS("main") " EXCEPT "
	 VERSIONS("d") ")", LEAGUE_DB_NOT_INDEXED},
	{"SELECT DISTINCT name, number FROM (" VERSIONS("d") " EXCEPT "
	 VERSIONS("main") ")", LEAGUE_DB_NOT_REGISTERED},
	{"SELECT name, 0 FROM (SELECT name FROM main.retired EXCEPT"
	 " SELECT name FROM d.retired)", LEAGUE_DB_RETIRED},
	{"SELECT name, 0 FROM (SELECT name FROM d.retired EXCEPT"
	 " SELECT name FROM main.retired)", LEAGUE_DB_RETIRED},
	{"SELECT name, first_run FROM (SELECT * FROM main.seasons EXCEPT"
	 " SELECT * FROM d.seasons)", LEAGUE_DB_SEASON},
	{"SELECT name, first_run FROM (SELECT * FROM d.seasons EXCEPT"
	 " SELECT * FROM main.seasons)", LEAGUE_DB_SEASON},
	{"SELECT DISTINCT printf('%06d', run), game FROM (" SEATS("main") " EXCEPT "
	 SEATS("d") ")", LEAGUE_DB_GAME_NOT_INDEXED},
	{"SELECT DISTINCT printf('%06d', run), game FROM (" SEATS("d") " EXCEPT "
	 SEATS("main") ")", LEAGUE_DB_GAME_NOT_LOGGED},
	{"SELECT DISTINCT printf('%06d', run), first FROM (" CUTS("main") " EXCEPT "
	 CUTS("d") ") WHERE kind = '" LEAGUE_CUT_STOP "'", LEAGUE_DB_CUT_NOT_INDEXED},
	{"SELECT DISTINCT printf('%06d', run), first FROM (" CUTS("d") " EXCEPT "
	 CUTS("main") ") WHERE kind = '" LEAGUE_CUT_STOP "'", LEAGUE_DB_CUT_NOT_LOGGED},
	{"SELECT DISTINCT printf('%06d', run), first FROM (" CUTS("main") " EXCEPT "
	 CUTS("d") ") WHERE kind != '" LEAGUE_CUT_STOP "'", LEAGUE_DB_REFUSED_NOT_INDEXED},
	{"SELECT DISTINCT printf('%06d', run), first FROM (" CUTS("d") " EXCEPT "
	 CUTS("main") ") WHERE kind != '" LEAGUE_CUT_STOP "'", LEAGUE_DB_REFUSED_NOT_LOGGED},
};

/* Each row of `sql` (a text and an integer) a difference of its kind:
 * 0, or -1 with err. */
static int differ(sqlite3 *db, const char *sql, enum league_db_difference kind,
		  league_db_difference_fn *each, void *ctx, char *err)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return errorf(err, "cannot be compared: %s", sqlite3_errmsg(db));
	while (sqlite3_step(st) == SQLITE_ROW)
		each(kind, (const char *)sqlite3_column_text(st, 0),
		     (long)sqlite3_column_int64(st, 1), ctx);
	sqlite3_finalize(st);
	return 0;
}

int league_db_compare(sqlite3 *db, const char *path, bool games,
		      league_db_difference_fn *each, void *ctx, char *err)
{
	sqlite3_stmt *st;
	int rc = -1;

	if (sqlite3_prepare_v2(db, "ATTACH DATABASE ? AS d", -1, &st, NULL) != SQLITE_OK)
		return errorf(err, "cannot be read: %s", sqlite3_errmsg(db));
	sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE)
		errorf(err, "cannot be read: %s", sqlite3_errmsg(db));
	else
		rc = 0;
	sqlite3_finalize(st);
	for (size_t i = 0; rc == 0 && i < sizeof checks / sizeof *checks; i++)
		if (games || (checks[i].kind != LEAGUE_DB_GAME_NOT_INDEXED &&
			      checks[i].kind != LEAGUE_DB_GAME_NOT_LOGGED))
			rc = differ(db, checks[i].sql, checks[i].kind, each, ctx, err);
	sqlite3_exec(db, "DETACH DATABASE d", NULL, NULL, NULL);
	return rc;
}
