/*
 * The games of `referee sprt`, a table source of the run's loop
 * (run_loop.h) on its pool of workers (worker.h): seat-swapped pairs, handed out in order, one at a time to
 * each worker, which plays them all with the same two bot processes, or,
 * each pair a duplicate set (match_set.h), its two games in turn with
 * processes started for each.
 * Pairs are counted in their order, pair n once pairs 1 to n have all
 * finished, whatever order they finish in: what is counted, and so the
 * verdict, is what the same pairs played one after another would give.
 * When the caller stops the test, the games still in flight are stopped
 * (their workers killed, and their bots' process groups with them) and
 * the pairs after the last one counted are dropped, their logs removed
 * and a "dropped" record in the folder's run.jsonl (run_manifest.h) saying
 * so: they would not change the verdict, and waiting for them would only
 * delay it.  run.jsonl also names the test (its "sprt" record, after the
 * header) and ends with its "verdict", which `verify` recomputes from the
 * pairs' logs.  Every pair's secrets derive from a key drawn for the run, so
 * that run.jsonl names each pair's commitments before the pair starts.
 */
#ifndef ARENA_SPRT_PLAY_H
#define ARENA_SPRT_PLAY_H

#include <stdbool.h>

#include "ladder/sprt.h"
#include "match/match.h"

struct sprt_play {
	struct match_config config;       /* first: seat0 (pairs swap seats) */
	struct match_entrant entrants[2]; /* A, B, by name (no stderr_path) */
	bool duplicate;                   /* each pair a duplicate set */
	bool luck_adjusted;               /* the pairs counted by their
					   * luck-adjusted scores (run.jsonl) */
	const char *out;                  /* the logs' folder, or NULL: none */
	const char *stderr_dir;           /* the bots' stderr files' folder */
	int concurrency;                  /* pairs at once */
	long max_pairs;
	const struct sprt *test;          /* the hypotheses, for run.jsonl */
	void *ctx;
	/* Pair `pair` is counted: A scored score[0] in its first game (A in
	 * seat 0) and score[1] in its second; said[i] is the name entrant i
	 * gave in hello (NULL: none).  Returns the verdict of the pairs
	 * counted so far: the test stops at H0 or H1. */
	enum sprt_verdict (*pair)(void *ctx, long pair, const double *score,
				  const char *const *said);
	/* Entrant `bot` did not start for a game, for `why`, its stderr in
	 * `stderr_path`: the test ends. */
	void (*no_start)(void *ctx, int bot, const char *why,
			 const char *stderr_path);
};

/* sprt_play()'s answer when SIGINT or SIGTERM stopped the test. */
#define SPRT_PLAY_STOPPED 2

/* Plays pairs until the caller stops the test or max_pairs are counted:
 * 0 then, 1 when a bot did not start, SPRT_PLAY_STOPPED with err when a
 * stop signal came (the pairs counted before it were handed to the
 * caller), -1 with err when the referee failed. */
int sprt_play(const struct sprt_play *play, char *err);

#endif
