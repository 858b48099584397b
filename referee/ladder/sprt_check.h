/*
 * An sprt folder's verdict recomputed from its logs (docs/FAIRNESS.md,
 * item 21): the test its run.jsonl names, run again over the pairs in
 * their order as `referee sprt` counted them, must reach the verdict, at
 * the pair, that its "verdict" record says; a pair listed dropped before
 * that verdict is refused, since only pairs after it are dropped (they
 * could not change it).  A test on luck-adjusted scores is run again on
 * the grades of the pairs' logs, which the caller gives.  A folder whose run.jsonl names no test (arena
 * 0.5.0 and earlier) is not given here.
 */
#ifndef ARENA_SPRT_CHECK_H
#define ARENA_SPRT_CHECK_H

#include "verify/verify_run.h"

/* A pair's luck-adjusted scores for A (its two games, whose plain scores
 * are `plain`) into `score`: 0, or -1 with err (ERR_LEN bytes). */
typedef int sprt_check_scores(void *ctx, long pair, const double *plain,
			      double *score, char *err);

/* verify_run.h's pairs check: each disagreement added to `problems`.  A
 * test on luck-adjusted scores (its "sprt" record's "scores") is counted
 * on what `scores` gives each pair. */
void sprt_check_pairs(const struct verify_run_pairs *p, struct problems *problems,
		      sprt_check_scores *scores, void *ctx);

#endif
