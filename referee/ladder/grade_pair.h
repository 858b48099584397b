/*
 * An sprt pair's two logs graded (grade.h): A's luck-adjusted scores in
 * the pair's two games, for `referee sprt --luck-adjusted` as it counts
 * the pair and for `verify` as it counts it again (docs/ANALYSIS.md,
 * "Luck-adjusted verdicts").
 */
#ifndef ARENA_GRADE_PAIR_H
#define ARENA_GRADE_PAIR_H

#include "grade/grade.h"
#include "verify/verify_run.h"

/* Grades games 2 pair - 1 (A in seat 0) and 2 pair (A in seat 1) of the
 * sprt folder `dir`, whose plain scores for A are `plain`: A's adjusted
 * scores into `adjusted`; another status with why in err (ERR_LEN
 * bytes), and a log whose result is not `plain` is GRADE_UNVERIFIED. */
enum grade_status grade_sprt_pair(struct grade *g, const char *dir, long pair,
				  const double *plain, double *adjusted, char *err);

/* verify_run.h's pairs check of an sprt folder: ladder/sprt_check.h's,
 * with each pair's logs graded here when the test was on luck-adjusted
 * scores. */
verify_run_pairs_check grade_sprt_check;

#endif
