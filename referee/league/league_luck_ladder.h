/*
 * The league's luck-adjusted ladder (`referee league ladder
 * --luck-adjusted`; docs/LEAGUE-LADDER.md, "The luck-adjusted ladder"): the logs
 * of exactly the games the index rates for the league's ladder (the
 * current season's, league_rate.h: never a set cut by a stop, whose logs
 * lie in aborted/ and are no game of the index), graded as `referee
 * ladder --luck-adjusted` grades them (grade_ladder.h), each seat named
 * by its version as the league names it ("alpha v2"), so that two
 * versions of a bot, whose logs both name "alpha", are rated apart: the
 * games of the league's ratings (league_rating_load()), walked once.
 * From the logs, not from the grades the index keeps (league_luck.h):
 * a run grades those a batch at a time, so that they may lag the games.
 */
#ifndef ARENA_LEAGUE_LUCK_LADDER_H
#define ARENA_LEAGUE_LUCK_LADDER_H

#include <cjson/cJSON.h>

#include "league/league_folder.h"
#include "league/league_rate.h"
#include "grade/grade.h"

/* The luck-adjusted ladder of league `info` in `dir`, of the games of
 * its ratings `lr` (loaded from an index that agrees with its records),
 * into *doc (the caller's): GRADE_OK; else
 * another status with why in err (ERR_LEN bytes) and no ladder: the
 * league's game has no exact values (GRADE_NO_VALUES, before any log is
 * read), the season has no game yet, a log does not grade or the games
 * give no finite ratings (GRADE_UNVERIFIED). */
enum grade_status league_luck_ladder(const char *dir, const struct league_info *info,
				     const struct league_rating *lr, cJSON **doc, char *err);

#endif
