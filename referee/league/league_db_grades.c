/*
 * The grades the index keeps of the league's games (league_db.h): each
 * seat's luck-adjusted score, luck, errors and decisions, for the log
 * whose SHA-256 they were computed from, so that a grade of a log entered
 * again (a rebuild, another log in its place) is not taken for its.
 */
#include "league/league_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "league/league_db_sql.h"

/* The current season's games: their run is its first or after. */
#define SEASON_RUNS "(SELECT COALESCE(MAX(first_run), 1) FROM seasons)"

int league_db_add_grades(sqlite3 *db, long run, long game, const char *sha256,
			 int seats, const struct league_grade *grades, char *err)
{
	sqlite3_stmt *st;
	int rc = SQLITE_DONE;

	if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO grades VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK)
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	for (int s = 0; s < seats && rc == SQLITE_DONE; s++) {
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_int64(st, 2, game);
		sqlite3_bind_int(st, 3, s);
		sqlite3_bind_text(st, 4, sha256, -1, SQLITE_STATIC);
		sqlite3_bind_double(st, 5, grades[s].adjusted);
		sqlite3_bind_double(st, 6, grades[s].luck);
		sqlite3_bind_double(st, 7, grades[s].error);
		sqlite3_bind_int(st, 8, grades[s].decisions);
		sqlite3_bind_int(st, 9, grades[s].marks);
		rc = sqlite3_step(st);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : errorf(err, "league.db: %s", sqlite3_errmsg(db));
}

/* A game has a grade when it is of the game's log as indexed; a log that
 * did not grade has one of decisions -1, not graded again. */
#define GRADED "EXISTS (SELECT 1 FROM grades r WHERE r.run = g.run AND r.game = g.game" \
	" AND r.seat = 0 AND r.sha256 = g.sha256)"

int league_db_ungraded(sqlite3 *db, int limit, struct league_game_ref **out, char *err)
{
	sqlite3_stmt *st;
	int n = 0, rc;

	*out = NULL;
	if (!(st = league_db_prepare(db, "SELECT g.run, g.game, g.sha256 FROM games g WHERE g.run >= "
				     SEASON_RUNS " AND NOT " GRADED " ORDER BY g.run, g.game LIMIT ?",
				     "i", (long)limit)))
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	*out = xcalloc((size_t)limit + 1, sizeof **out);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct league_game_ref *g = &(*out)[n++];

		g->run = (long)sqlite3_column_int64(st, 0);
		g->game = (long)sqlite3_column_int64(st, 1);
		snprintf(g->sha256, sizeof g->sha256, "%s",
			 (const char *)sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(*out);
		*out = NULL;
		return errorf(err, "league.db: %s", sqlite3_errmsg(db));
	}
	return n;
}

int league_db_seat_grade(sqlite3 *db, long run, long game, int seat,
			 struct league_grade *out)
{
	sqlite3_stmt *st;
	int rc;

	if (!(st = league_db_prepare(db, "SELECT r.adjusted, r.luck, r.error, r.decisions, r.marks"
				     " FROM grades r JOIN games g ON g.run = r.run AND g.game = r.game"
				     " WHERE r.run = ? AND r.game = ? AND r.seat = ?"
				     " AND r.sha256 = g.sha256 AND r.decisions >= 0",
				     "iii", run, game, (long)seat)))
		return -1;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*out = (struct league_grade){sqlite3_column_double(st, 0),
					     sqlite3_column_double(st, 1),
					     sqlite3_column_double(st, 2),
					     sqlite3_column_int(st, 3),
					     sqlite3_column_int(st, 4)};
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : -1;
}

/* Without the games' hashes: a game entered deletes a grade of another
 * log (league_db_add_game()), and the join would double the scan's time
 * (0.16 s at 100,000 games). */
int league_db_grades_by_version(sqlite3 *db, struct grade_tally *tallies, int count)
{
	sqlite3_stmt *st;
	int rc;

	memset(tallies, 0, (size_t)count * sizeof *tallies);
	if (!league_db_has_grades(db))
		return 0;
	if (sqlite3_prepare_v2(db, "SELECT s.version, COUNT(*), SUM(r.decisions), SUM(r.marks),"
			       " SUM(r.error), SUM(r.luck) FROM seats s"
			       " JOIN grades r ON r.run = s.run AND r.game = s.game AND r.seat = s.seat"
			       " WHERE r.decisions >= 0 GROUP BY s.version", -1, &st, NULL) != SQLITE_OK)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long id = (long)sqlite3_column_int64(st, 0);

		if (id >= 1 && id <= count)
			tallies[id - 1] = (struct grade_tally){
				.games = (long)sqlite3_column_int64(st, 1),
				.decisions = (long)sqlite3_column_int64(st, 2),
				.marks = (long)sqlite3_column_int64(st, 3),
				.error = sqlite3_column_double(st, 4),
				.luck = sqlite3_column_double(st, 5),
			};
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}
