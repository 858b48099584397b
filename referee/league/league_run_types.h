/*
 * What a league run is given (league_run.h), apart from the run itself, so
 * that the pieces both engines share (league_opened.h) and the Slurm
 * engine (league_slurm.h) can take it without including a run's engine.
 */
#ifndef ARENA_LEAGUE_RUN_TYPES_H
#define ARENA_LEAGUE_RUN_TYPES_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

#include "league/league_wall.h"
#include "match/match.h"

struct league_run {
	const char *dir;                 /* the league's folder */
	const char *league_id;           /* league.json's id, or NULL: a
					  * league made before it had one */
	sqlite3 *db;
	int players;
	struct match_config config;      /* rules, options, time, key */
	struct bot_limits limits;        /* every bot's, but workdir and readable */
	int concurrency;
	int batch;                       /* sets a task at most (>= 1) */
	int lock_fd;                     /* the folder's run.lock, kept open */
	long max_games;                  /* 0: no count */
	int64_t until_ns;                /* now_ns() to stop at; 0: none */
	long rest_interval;              /* the half-width (Elo) it rests
					  * under; 0: it never rests */
	long trickle;                    /* sets a minute while resting */
	/* The versions' recent sets' wall times, kept by the caller across
	 * its runs (league_wall.h); NULL: the run keeps its own. */
	struct league_walls *walls;
	/* The run before ended for a change of the roster (a new version):
	 * this one grades no games at its opening, so that a newcomer's
	 * first set waits for no grading (its first refit grades them). */
	bool after_roster_change;
	/* After each set entered (a Slurm run: each batch), with the run's
	 * games and sets so far and whether it rests, for its progress (may
	 * be NULL). */
	void (*progress)(void *ctx, long games, long sets, int versions, bool resting);
	void *ctx;
};

#endif
