/*
 * The tables of a tournament's schedule, as its table source
 * (table_source.h, in tournament.c) hands them out: which tables are
 * the run's (its shard's, none that seats a bot left out), which games
 * have finished, and which table can be played now.  The fixed schedule
 * of a round robin or a gauntlet has every table seated from the start;
 * a Swiss's rounds are seated one at a time, each once the round before
 * has finished, from its results and, sharded, from those of its peers'
 * shards (tournament_peers.h).  A new format is a new way of seating
 * tables (docs/HACKING.md, "A new tournament format").
 */
#ifndef ARENA_SCHEDULE_SOURCE_H
#define ARENA_SCHEDULE_SOURCE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/files.h"
#include "plan/schedule.h"
#include "tournament_types.h"
#include "tournament_peers.h"

struct schedule_source {
	struct schedule *schedule;   /* a Swiss's grows seated rounds */
	/* The run: its shard, the bots left out, and what a sharded Swiss's
	 * peers are read with (its folder, the tournament file, the key). */
	const struct tournament_run *run;
	bool *finished;              /* by game number */
	unsigned char *ranks;        /* [game * players + seat], once finished */
	int next;                    /* the next table to look at */
	/* A sharded Swiss's other shards, whose results pair its rounds
	 * too (sharded), read every peer_wait_ms while a round waits. */
	bool sharded;
	struct tournament_peers peers;
	char file_sha256[FILES_SHA256_HEX];
	long peer_wait_ms;
	int64_t peer_due_ns;         /* the next look at the peers (now_ns()) */
};

/* schedule_source_next()'s answers besides a table: the next table's round
 * is not seated yet (ask again once games have finished), or none is left. */
#define SCHEDULE_SOURCE_WAIT (-1)
#define SCHEDULE_SOURCE_DONE (-2)

void schedule_source_init(struct schedule_source *src, struct schedule *schedule,
			  const struct tournament_run *run);
void schedule_source_free(struct schedule_source *src);

/* Whether table `table` is of the run's shard; whether a bot of it is
 * left out (--skip-broken), or it is a Swiss's board left empty by them. */
bool schedule_source_in_shard(const struct schedule_source *src, int table);
bool schedule_source_skipped(const struct schedule_source *src, int table);

/* The next table of the run with games not finished, which the caller
 * then plays (the source moves past it), or SCHEDULE_SOURCE_WAIT or
 * SCHEDULE_SOURCE_DONE. */
int schedule_source_next(struct schedule_source *src);
/* Whether schedule_source_next() would now give a table to a worker that
 * was told to wait. */
bool schedule_source_ready(const struct schedule_source *src);

/* Game `game` finished, its seats ranked `ranks`. */
void schedule_source_finished(struct schedule_source *src, long game, const int *ranks);
/* A Swiss's next rounds seated, as far as the finished games allow. */
void schedule_source_pair(struct schedule_source *src);
/* A sharded Swiss's peers' results taken, and the rounds they pair
 * seated, as far as they go: 1 when some were new, 0 when none, -1 with
 * err. */
int schedule_source_sync_peers(struct schedule_source *src, char *err);
/* While a round waits for the peers: their results taken when the look
 * is due, and the next look set later when nothing was new (from a tenth
 * of a second up to two seconds).  1 when it looked, 0 when the look was
 * not due, -1 with err. */
int schedule_source_look_at_peers(struct schedule_source *src, char *err);
/* How long the run may wait before the next look at the peers, while
 * `waiting` workers wait for a round (-1: no look is due). */
long schedule_source_wait_ms(const struct schedule_source *src, bool waiting);

#endif
