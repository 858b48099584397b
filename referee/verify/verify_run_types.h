/*
 * What an sprt folder's check gives its pairs to, a leaf that
 * verify_run.h and the inside of the check (verify_run_private.h) both
 * build on.
 */
#ifndef ARENA_VERIFY_RUN_TYPES_H
#define ARENA_VERIFY_RUN_TYPES_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/problems.h"

/* What an sprt folder's pairs gave, for a check above this layer to
 * recompute its verdict by (ladder/sprt_check.h). */
struct verify_run_pairs {
	const char *path;          /* its run.jsonl */
	const cJSON *test;         /* its "sprt" record */
	const cJSON *verdict;      /* its "verdict" record, or NULL */
	long pairs;                /* pairs started */
	/* By pair - 1, A's points in the pair's two games, doubled (0, 1
	 * or 2), -1 when not counted: listed dropped (dropped[pair - 1]),
	 * or its log missing or not the one listed (a problem already). */
	const signed char (*points)[2];
	const bool *dropped;
};
typedef void verify_run_pairs_check(const struct verify_run_pairs *pairs,
				    struct problems *problems);

#endif
