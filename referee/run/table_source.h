/*
 * Where a run's tables come from: the one interface the run's loop
 * (run_loop.h) asks for the next table to hand a worker, whatever the
 * source is, and tells each line a worker writes.  A source is its
 * functions and its state: a tournament's schedule, fixed (round robin,
 * gauntlet) or of Swiss rounds (tournament.c, on schedule_source.h),
 * `sprt`'s pairs (sprt_play.c), and the league's picks
 * (league/league_run.c, on league/league_pick.h),
 * which the league room fills in and hands down, so that the run never
 * calls up into it.  A new format of run is a new source
 * (docs/HACKING.md, "A new table source").
 */
#ifndef ARENA_TABLE_SOURCE_H
#define ARENA_TABLE_SOURCE_H

#include <stdbool.h>

#include "base/pool.h"
#include "games/fair.h"

/* A table to hand a worker (worker_assign()): the number its "T" line
 * carries (the source's to choose: the worker's play function reads
 * it), its games, a Swiss table's pair (NULL: none), and the key its
 * games' secrets derive from, when `keyed`. */
struct table_source_table {
	int number;
	long *games;                 /* xmalloc()ed by the source (whatever it
				      * answers), freed by the loop */
	int count;
	const int *pair;
	bool keyed;
	unsigned char deal_key[FAIR_HASH_BYTES];
};

struct table_source_ops {
	/* The next table for worker number `worker` (from 0), its start
	 * recorded as the source records starts, before it is handed out:
	 * POOL_TASK; POOL_WAIT, none yet (the worker waits until ready()
	 * says it may ask again); POOL_DONE, none left (the worker quits);
	 * POOL_ERROR, the run stops (the source's err says why). */
	enum pool_next (*next)(void *state, int worker,
					 struct table_source_table *table);
	/* A line of worker `worker` (worker.h) but "D", which the loop
	 * takes: a game finished ("F"), a bot that did not start ("B"), the
	 * referee failing ("E"), a job's own.  0, or -1 with the source's
	 * err. */
	int (*line)(void *state, int worker, char *line);
	/* Optional: whether a worker told to wait may now ask again. */
	bool (*ready)(void *state);
	/* Optional: the longest the loop may sleep before woke() (-1: until
	 * a worker writes), while `waiting` workers wait. */
	long (*wait_ms)(void *state, int waiting);
	/* Optional: after each sleep (what is due by the clock: records,
	 * a look at a sharded Swiss's peers): 0, or -1 with err. */
	int (*woke)(void *state, int waiting);
	/* Optional: after waiting workers were handed what they could, with
	 * `waiting` still waiting (what they wait for said). */
	void (*still_waiting)(void *state, int waiting);
	/* Optional: true once the run needs no more games (an SPRT's
	 * verdict): the loop ends at once, the games still playing killed. */
	bool (*over)(void *state);
};

struct table_source {
	const struct table_source_ops *ops;
	void *state;
};

#endif
