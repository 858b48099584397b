/*
 * League games' grades (docs/ANALYSIS.md) as the server serves them: a
 * game's (web_games.h: GET /api/grade/NNNNNN/game-NNNNNN, and on its
 * replay page), by the handler thread's own grader (web_db.h), and a
 * bot's error rate and luck over the games its page lists (grade_tally.h),
 * read from the grades the league's runs keep in the index
 * (league_luck.h), not graded again.
 */
#ifndef ARENA_WEB_GRADE_H
#define ARENA_WEB_GRADE_H

#include <cjson/cJSON.h>
#include <sqlite3.h>

#include "web/web_fit.h"

/* The grade of log `rel` (runs/NNNNNN/game-NNNNNN.jsonl) of league `dir`
 * as its replay carries it (grade.h's GRADE_SHOWN), or NULL when
 * the log cannot be read. */
cJSON *web_grade_game(const char *dir, const char *rel);

/* Bot `name`'s figures over `games` (web_api.h's, each with its "run"
 * and "game") from their grades in the index `db`: grade_tally_json()'s,
 * with "of", how many games were looked at. */
cJSON *web_grade_bot(sqlite3 *db, const cJSON *games, const char *name);

/* Bot `name`'s figures over every game of it that the index had graded
 * when the view `v` was made (league_luck.h: a run grades them at its
 * refits): grade_tally_json()'s, with "of", its games in the view. */
cJSON *web_grade_bot_all(const struct web_fit_view *v, const char *name);

#endif
