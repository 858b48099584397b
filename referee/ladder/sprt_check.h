/*
 * An sprt folder's verdict recomputed from its logs (docs/FAIRNESS.md,
 * item 21): the test its run.jsonl names, run again over the pairs in
 * their order as `referee sprt` counted them, must reach the verdict, at
 * the pair, that its "verdict" record says; a pair listed dropped before
 * that verdict is refused, since only pairs after it are dropped (they
 * could not change it).  A folder whose run.jsonl names no test (arena
 * 0.5.0 and earlier) is not given here.
 */
#ifndef ARENA_SPRT_CHECK_H
#define ARENA_SPRT_CHECK_H

#include "verify/verify_run.h"

/* verify_run.h's pairs check: each disagreement added to `problems`. */
verify_run_pairs_check sprt_check_pairs;

#endif
