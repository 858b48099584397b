/*
 * What `referee verify PATH...` checks, path by path in the order given:
 * a run's folder or its records as a whole (verify_run.h: a tournament's,
 * play's, sprt's, a league's run), another folder log by log, a log alone.  The logs met
 * between two tournaments are verified together on `jobs` processes
 * (verify_pool.h); over several logs or a folder, the logs of each
 * duplicate set are also checked together (verify_sets.h).  Of a
 * run, it tells what its records count (verify_run_counts_text()).  It prints nothing: every result
 * goes to the caller's events, in order.
 */
#ifndef ARENA_VERIFY_PATHS_H
#define ARENA_VERIFY_PATHS_H

#include <stdbool.h>

#include "base/verify_pool.h"
#include "manifest/manifest_read.h"
#include "verify_run.h"

/* What the check tells; every member is set. */
struct verify_paths_events {
	void *ctx;
	/* A log's outcome, in the order of the paths. */
	void (*log)(void *ctx, const char *path, const struct verify_outcome *outcome);
	/* A problem of a tournament or of a duplicate set: the file it is
	 * in, and what. */
	void (*problem)(void *ctx, const char *where, const char *what);
	/* A tournament without a problem: its manifest read; `trusted`: its
	 * key is the one the caller gave. */
	void (*tournament)(void *ctx, const struct manifest_view *view, bool trusted);
	/* What of a tournament could not be checked, and why, in one line. */
	void (*notice)(void *ctx, const char *where, const char *what);
	/* A folder that cannot be checked (`why`: it holds no log, or cannot
	 * be read). */
	void (*unusable)(void *ctx, const char *path, const char *why);
	/* What an sprt folder's pairs are given to, to recompute its
	 * verdict (NULL: not recomputed). */
	verify_run_pairs_check *pairs_check;
};

/* Checks the `count` paths, every log and manifest against `key` (NULL:
 * any one key), and, when `unsigned_ok`, the logs of games no referee ran
 * through the rules alone (verify.h): 0, or -1 with err when the workers could not be started
 * or died (the check stops there). */
int verify_paths(char *const *paths, int count, const unsigned char *key,
		 bool unsigned_ok, int jobs,
		 const struct verify_paths_events *events, char *err);

#endif
