/*
 * League games' grades (docs/ANALYSIS.md) as the server serves them: a
 * game's (web_games.h: GET /api/grade/NNNNNN/game-NNNNNN, and on its
 * replay page), and
 * a bot's error rate and luck over the games its page lists (grade_tally.h).
 * Each handler thread grades with a grader of its own, kept under a
 * thread-specific key as its index connection is (web_db.h), so the
 * tables of a target other than the built-in one are solved once a thread,
 * not once a request.  What a bot's page sums of each game (its seats'
 * sums, or that it is not graded) is kept in a cache the threads share
 * (under its mutex, WEB_GRADE_KEPT games): a log never changes once
 * indexed, and a bot's page is asked for more often than its games end.
 */
#ifndef ARENA_WEB_GRADE_H
#define ARENA_WEB_GRADE_H

#include <cjson/cJSON.h>

#include "web/web_fit.h"

#define WEB_GRADE_KEPT 4096

struct web_grades;
struct web_grades *web_grades_new(void);
void web_grades_free(struct web_grades *g);

/* The grade of log `rel` (runs/NNNNNN/game-NNNNNN.jsonl) of league `dir`
 * as its replay carries it (grade.h's grade_for_replay()), or NULL when
 * the log cannot be read. */
cJSON *web_grade_game(const char *dir, const char *rel);

/* Bot `name`'s figures over `games` (web_api.h's, each with its "log"):
 * grade_tally_json()'s, with "of", how many games were looked at. */
cJSON *web_grade_bot(struct web_grades *g, const char *dir, const cJSON *games,
		     const char *name);

/* Bot `name`'s figures over every game of it that the index had graded
 * when the view `v` was made (league_luck.h: a run grades them at its
 * refits): grade_tally_json()'s, with "of", its games in the view. */
cJSON *web_grade_bot_all(const struct web_fit_view *v, const char *name);

#endif
