/*
 * Running a tournament: the schedule's games on a pool of workers, the
 * manifest written as games start and finish, its progress shown on
 * stderr (progress.h), and resuming a stopped run with no game lost,
 * repeated or changed.
 */
#ifndef ARENA_TOURNAMENT_H
#define ARENA_TOURNAMENT_H

#include <stdbool.h>

#include "base/keys.h"
#include "plan/schedule.h"
#include "plan/tournament_file.h"

struct progress;

/* What a run is given, and what it keeps as it goes. */
struct tournament_run {
	const char *file;        /* the tournament file, hashed into the manifest */
	const char *out_dir;
	int lock_fd;             /* run_lock()'s, kept open by the workers too */
	bool resume;
	struct progress *progress; /* what the run tells as it goes */
	int shard_index, shard_count; /* 1/1: the whole schedule */
	int concurrency;
	const struct referee_key *key;
	/* --skip-broken, given or remembered from the run resumed. */
	bool skip_broken;
	/* By bot number: left out of the run (--skip-broken), its tables'
	 * games not played, with why (NULL: none is). */
	const bool *skipped;
	char *const *skip_why;
	/* Called after each game is recorded as finished (may be NULL);
	 * `referee tournament --report` updates the report from it. */
	void (*on_finished)(void *ctx);
	void *hook_ctx;
};

/* Plays every game of the run's shard not yet finished (a Swiss's
 * rounds seated in `schedule` as they are paired).  0 when all are
 * finished (the manifest is then signed), 1 when the manifest was signed
 * already (nothing was left to play), -1 with err otherwise. */
int tournament_play(const struct tournament_spec *spec,
		    struct schedule *schedule,
		    const struct tournament_run *run, char *err);

#endif
