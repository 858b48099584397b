/*
 * What a tournament's run is given (tournament.h): how it is run, and the
 * progress it tells as it goes (progress.h).  Apart from tournament.h so
 * that the parts of the run (tournament_resume.c, schedule_source.h) read
 * it without including the run.
 */
#ifndef ARENA_TOURNAMENT_TYPES_H
#define ARENA_TOURNAMENT_TYPES_H

#include <stdbool.h>

#include "base/keys.h"

struct progress;

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
	 * games not played, with why (NULL: none is); a resumed Swiss's
	 * adds those its manifest left out (tournament_open_manifest()). */
	bool *skipped;
	char *const *skip_why;
	/* Called after each game is recorded as finished (may be NULL);
	 * `referee tournament --report` updates the report from it. */
	void (*on_finished)(void *ctx);
	void *hook_ctx;
};

#endif
