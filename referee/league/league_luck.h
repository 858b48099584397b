/*
 * The league's games graded (docs/LEAGUE.md, "Luck told apart"): in a
 * league of a game with exact values (two-player bolo and bolo5,
 * docs/ANALYSIS.md) each game's grade is kept in the index, computed from
 * its log a bounded batch at a time, at each refit of a run, so that a
 * run never stops long for it; once every game of the season is graded,
 * the picker rates the versions from their luck-adjusted scores: the
 * ratings the results give on average, with error bars several times
 * narrower, so that the league seats the versions it knows least and
 * rests as soon as the skill, not the dice, is measured.
 */
#ifndef ARENA_LEAGUE_LUCK_H
#define ARENA_LEAGUE_LUCK_H

#include <sqlite3.h>
#include <stdbool.h>

#include "league/league_folder.h"
#include "league/league_pick.h"
#include "league/league_rate.h"
#include "grade/grade.h"

/* The games of a backlog graded at one refit, besides those entered
 * since the last: about two seconds of one core in bolo (bench/README.md,
 * "Analysis: grades, luck and verdicts"), so that a league made before it graded its games catches
 * up without stopping its run for long. */
#define LEAGUE_LUCK_BATCH 1000

/* What a run keeps to grade its league's games: a grader (its tables
 * solved or read once), whether the league's game has no values, and how
 * many games the index had at the last refit (-1: none yet). */
struct league_luck {
	struct grade *grade;
	bool none;
	long games;
};

void league_luck_init(struct league_luck *l);
void league_luck_free(struct league_luck *l);

/* The versions rated from the luck-adjusted scores of the season's graded
 * games (a log that did not grade left out), each index as lr's: a
 * version without a graded game has games 0 and no rating; the errors
 * the larger of the sandwich's grouped by set and by game (a few sets can
 * split evenly, their error near 0). */
struct league_luck_ratings {
	double *elo, *se;
	long *games;         /* its graded games */
	long graded;         /* the season's graded games */
};

/* 0 with the ratings in *out, or -1 (*out's games and graded still
 * said): fewer than two versions played a graded game, or their scores
 * give no finite ratings.  Made from lr's games and sets, the grades
 * loaded with them (league_rating_load(): one walk of the season for
 * both ratings).  Free with league_luck_ratings_free(). */
int league_luck_rate(const struct league_rating *lr, struct league_luck_ratings *out);
void league_luck_ratings_free(struct league_luck_ratings *r);

/* Puts each active version's rating from the luck-adjusted scores of the
 * season into the picker's entries (league_rating_pick()'s, for the same
 * `active`), when every game of the season is graded and each active
 * version that played has LEAGUE_LUCK_MIN_GAMES of them: true; else
 * false, the entries left as the results rated them. */
bool league_luck_pick(const struct league_rating *lr, const int *active,
		      struct league_pick *p);

/* A version's interval from its luck-adjusted scores counts once it has
 * this many games: the spread of fewer says little of the next ones. */
#define LEAGUE_LUCK_MIN_GAMES 20

/* At a refit: the games entered since the last and LEAGUE_LUCK_BATCH
 * more graded (errors left for the next time: a run does not stop for
 * its grades), before the ratings are loaded with them for
 * league_luck_pick(). */
void league_luck_grade(struct league_luck *l, sqlite3 *db, const char *dir);

/* The league's luck-adjusted ladder (`referee league ladder
 * --luck-adjusted`; docs/LEAGUE-LADDER.md, "The luck-adjusted ladder"): the logs
 * of exactly the games the index rates for the league's ladder (the
 * current season's, league_rate.h: never a set cut by a stop, whose logs
 * lie in aborted/ and are no game of the index), graded as `referee
 * ladder --luck-adjusted` grades them (grade_ladder.h), each seat named
 * by its version as the league names it ("alpha v2"), so that two
 * versions of a bot, whose logs both name "alpha", are rated apart: the
 * games of the league's ratings (league_rating_load()), walked once.
 * From the logs, not from the grades the index keeps (above): a run
 * grades those a batch at a time, so that they may lag the games.
 *
 * The ladder of league `info` in `dir`, of the games of its ratings `lr`
 * (loaded from an index that agrees with its records), into *doc (the
 * caller's): GRADE_OK; else another status with why in err (ERR_LEN
 * bytes) and no ladder: the league's game has no exact values
 * (GRADE_NO_VALUES, before any log is read), the season has no game yet,
 * a log does not grade or the games give no finite ratings
 * (GRADE_UNVERIFIED). */
enum grade_status league_luck_ladder(const char *dir, const struct league_info *info,
				     const struct league_rating *lr, cJSON **doc, char *err);

#endif
