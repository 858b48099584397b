/*
 * Running a tournament: the schedule's games on a pool of workers, the
 * manifest written as games start and finish, a progress line, and
 * resuming a stopped run with no game lost, repeated or changed.
 */
#ifndef ARENA_TOURNAMENT_H
#define ARENA_TOURNAMENT_H

#include <stdbool.h>

#include "keys.h"
#include "schedule.h"
#include "tournament_file.h"

struct tournament_run {
	const char *file;        /* the tournament file, hashed into the manifest */
	const char *out_dir;
	bool resume;
	bool quiet;              /* no progress on stderr */
	int shard_index, shard_count; /* 1/1: the whole schedule */
	int concurrency;
	const struct referee_key *key;
	/* Called after each game is recorded as finished (may be NULL);
	 * `referee tournament --report` updates the report from it. */
	void (*on_finished)(void *ctx);
	void *hook_ctx;
};

/* Plays every game of the run's shard not yet finished.  0 when all are
 * finished (the manifest is then signed), -1 with err otherwise. */
int tournament_play(const struct tournament_spec *spec,
		    const struct schedule *schedule,
		    const struct tournament_run *run, char *err);

#endif
