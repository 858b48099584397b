/*
 * An sprt folder's verdict recomputed from its logs (docs/FAIRNESS.md,
 * item 21): the test its run.jsonl names, run again over the pairs in
 * their order as `referee sprt` counted them, must reach the verdict, at
 * the pair, that its "verdict" record says; a pair listed dropped before
 * that verdict is refused, since only pairs after it are dropped (they
 * could not change it).  A test on luck-adjusted scores is run again on
 * the grades of the pairs' logs (grade.h): A's luck-adjusted scores in
 * the pair's two games, as `referee sprt --luck-adjusted` counted the
 * pair (docs/ANALYSIS.md, "Luck-adjusted verdicts").  A folder whose
 * run.jsonl names no test (arena 0.5.0 and earlier) is not given here.
 */
#ifndef ARENA_SPRT_CHECK_H
#define ARENA_SPRT_CHECK_H

#include "grade/grade.h"
#include "verify/verify_run.h"

/* Grades games 2 pair - 1 (A in seat 0) and 2 pair (A in seat 1) of the
 * sprt folder `dir`, whose plain scores for A are `plain`: A's adjusted
 * scores into `adjusted`; another status with why in err (ERR_LEN
 * bytes), and a log whose result is not `plain` is GRADE_UNVERIFIED. */
enum grade_status grade_sprt_pair(struct grade *g, const char *dir, long pair,
				  const double *plain, double *adjusted, char *err);

/* verify_run.h's pairs check of an sprt folder: each disagreement added
 * to `problems`.  A test on luck-adjusted scores (its "sprt" record's
 * "scores") is counted on each pair's logs graded by grade_sprt_pair(). */
verify_run_pairs_check grade_sprt_check;

#endif
