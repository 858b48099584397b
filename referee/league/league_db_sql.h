/*
 * Within the index's own files (league_db*.c) only: the helpers that
 * bind a statement of theirs and run it for a single number.  No other
 * module passes SQL to the index: they ask league_db.h's questions.
 */
#ifndef ARENA_LEAGUE_DB_SQL_H
#define ARENA_LEAGUE_DB_SQL_H

#include <sqlite3.h>

/* `sql` prepared with its values bound in order, as `binds` says: 's' a
 * string (const char *; NULL: SQL NULL), 'i' an integer (long); NULL on
 * an error (sqlite3_errmsg() says it). */
sqlite3_stmt *league_db_prepare(sqlite3 *db, const char *sql, const char *binds, ...);

/* The first column of the first row of `st` (league_db_prepare()'s,
 * finalized here) as an integer, or -1 (no row, or an error). */
long league_db_first(sqlite3_stmt *st);

/* `sql` bound so: the first column of its first row, as league_db_first(). */
#define league_db_value(db, sql, ...) league_db_first(league_db_prepare(db, sql, __VA_ARGS__))

#endif
