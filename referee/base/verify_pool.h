/*
 * Verifying many game logs on several processes: `referee verify` over a
 * tournament's thousands of logs is bound by one core's hashing, replay
 * and signature checks, so the logs are shared out among worker processes
 * (the house's pool, pool.h, handing each a slice of the list at a time)
 * while the caller gets every outcome in the order of its list, as soon
 * as all the logs before it are done.
 */
#ifndef ARENA_VERIFY_POOL_H
#define ARENA_VERIFY_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "logread.h"

enum verify_status { VERIFY_OK = 0, VERIFY_FAILED = 1, VERIFY_UNREADABLE = 2 };

/* One log's outcome: for VERIFY_OK "GAME, N players, N actions, signed by
 * key KEY, " and whether it was checked against the trusted key
 * (keys_signed_by), followed by "; seeded: ..." for a seeded log and
 * "; game K of N of set ID" for a game of a duplicate set;
 * otherwise the first failure (or why the file cannot be read). */
struct verify_outcome {
	enum verify_status status;
	const char *text;
	/* Asked for and VERIFY_OK: the log's reply times to turns, seat by
	 * seat, each in reply_times_to_text's form, separated by spaces;
	 * else NULL. */
	const char *replies;
	/* Unless VERIFY_UNREADABLE, the log's digest, so that no check
	 * across logs opens it again: a log (logread.h) with the file's
	 * SHA-256 and its lines in their places, but only the header, the
	 * "commit", "result" and "signature" records, and in a duplicate set's game its
	 * "bot-commit", "bot-reveal", "reveal" and "draw" records, hold
	 * anything (the others are empty).  Read only, for the call. */
	const struct game_log *digest;
};

/* Called once per log, in the order of `paths`. */
typedef void verify_report_fn(void *ctx, size_t index,
			      const struct verify_outcome *outcome);

/* What verify_pool_run() does besides verifying, a bit each. */
enum {
	VERIFY_POOL_REPLIES = 1,  /* each log's reply times in its outcome */
	VERIFY_POOL_UNSIGNED = 2, /* unsigned logs checked (verify.h) */
};

/* Verifies paths[0..count) with `jobs` processes (1: in this process),
 * each against `trusted_key` (NULL: any key), and reports every outcome in
 * order; `flags` as above.  0, or -1 with err when the workers could not
 * be started or died (the outcomes reported so far stand). */
int verify_pool_run(char *const *paths, size_t count,
		    const unsigned char *trusted_key, int jobs, unsigned flags,
		    verify_report_fn *report, void *ctx, char *err);

#endif
