/*
 * The luck-adjusted ladder (`referee ladder --luck-adjusted`;
 * docs/ANALYSIS.md, "A luck-adjusted ladder"): every game of the paths
 * graded (grade.h), each bot's Elo from its luck-adjusted scores
 * (ladder/ratings_scores.h) with its 95% interval, its mean result and
 * mean adjusted score, and the variance of both scores a game, which
 * says what the grades took out.  The intervals are grouped by duplicate
 * set, as the ladder's are: a set's games share their dice.  Printed beside the Bradley-Terry ladder
 * of the results, never instead.
 */
#ifndef ARENA_GRADE_LADDER_H
#define ARENA_GRADE_LADDER_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#include "grade/grade.h"

/* The luck-adjusted ladder of the logs and folders `paths` (`count` of
 * them), graded by `g`:
 *   {"ladder": [{"rank", "bot", "elo", "ci95", "games", "result",
 *                "adjusted", "variance_result", "variance_adjusted"}],
 *    "games", "variance": {"result", "adjusted", "ratio"}}
 * into *doc (the caller's), GRADE_OK; else another status with why in
 * err (ERR_LEN bytes): a game without exact values (GRADE_NO_VALUES), a
 * log that does not grade or games that give no finite ratings
 * (GRADE_UNVERIFIED).  `seats`: NULL, or two names a path that the seats
 * of its log are rated under (a league's versions, "alpha v2", which its
 * logs both name "alpha"); NULL names a seat by its player in the log. */
enum grade_status grade_ladder(struct grade *g, char *const *paths, size_t count,
			       char *const *seats, cJSON **doc, char *err);

/* The ladder `doc` for people, or as csv (a header line, a line a bot). */
void grade_ladder_print(FILE *out, const cJSON *doc, bool csv);

#endif
