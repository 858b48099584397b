/*
 * The index made to agree with the logs (docs/LEAGUE.md, "Nothing
 * lost"): a run that was stopped before its end (kill -9, a crash, a
 * full disk) is closed by the next `league run`: each duplicate set it
 * started whose logs are all whole and signed is listed as finished in
 * its run.jsonl, any other set is listed as cut, its logs kept
 * (league_cut.h), and run.jsonl is signed, so that the folder verifies as a
 * whole again; then every game that a run.jsonl lists as finished and
 * the index lacks is entered, read from its log (its header's seats,
 * each a version by its name and files, and its result's ranks), and
 * every set listed cut (league_cut.h) or dropped (a revision-5 league's
 * cut sets, or sets a Slurm run refused).
 * `league rebuild` is the second step alone on an index made afresh
 * from the register.
 * A killed run is closed from what its signed records show
 * (docs/FAIRNESS-LEAGUE.md, item 22): of revision 7, run.jsonl is signed
 * again after each started record, before any bot of its set moves.
 * What follows the last seal (finished, cut or dropped records of the
 * sets before) is not taken on trust: the closing run cuts it off and
 * lists those sets again from their logs.  A set the index's tasks name
 * (each entered as it is handed out) that the signed records lack was
 * cut from them: the run is not closed unless the organiser says
 * --accept-loss, which lists the sets dropped for that reason.
 */
#ifndef ARENA_LEAGUE_SYNC_H
#define ARENA_LEAGUE_SYNC_H

#include <sqlite3.h>
#include <stdbool.h>

#include "base/keys.h"
#include "league/league_folder.h"

/* Who closes a stopped run: with its key, and whether the organiser
 * accepts that sets the index handed out are lost (--accept-loss). */
struct league_closer {
	const struct referee_key *key;
	bool accept_loss;
};

/* Closes every run of the folder that the index does not hold as
 * closed (as `closer` says; NULL: none is closed, their finished games
 * are entered all the same) and enters the games the index lacks, a run
 * at a time, each in one transaction.  `game` is the league's, `players`
 * its players a game.  0, or -1 with err. */
int league_sync(const char *dir, sqlite3 *db, const char *game, int players,
		const struct league_closer *closer, char *err);

/* `league rebuild`: the index of league `dir` (read as `info`) removed
 * and made afresh from its register and its logs, by the caller that
 * holds the folder's run lock.  The number of games it holds, or -1 with
 * err. */
long league_rebuild(const char *dir, const struct league_info *info, char *err);

/* Game log `path` of the league (of `game_name`, `players` a game) as
 * the index would enter it: each seat's version (its id in `db`, whose
 * versions are the register's), rank and forfeit: 0, or -1 with err. */
int league_sync_log_seats(sqlite3 *db, const char *path, int players, const char *game_name,
			 long *versions, int *ranks, int *forfeits, char *err);

#endif
