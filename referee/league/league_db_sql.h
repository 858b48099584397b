/*
 * Within the index's own files (league_db*.c) only: the one helper that
 * runs a statement of theirs for a single number.  No other module passes
 * SQL to the index: they ask league_db.h's questions.
 */
#ifndef ARENA_LEAGUE_DB_SQL_H
#define ARENA_LEAGUE_DB_SQL_H

#include <sqlite3.h>

/* `sql` with its values bound in order, as `binds` says: 's' a string
 * (const char *), 'i' an integer (long).  The first column of its first
 * row as an integer, or -1 (no row, or an error). */
long league_db_value(sqlite3 *db, const char *sql, const char *binds, ...);

#endif
