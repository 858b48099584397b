/*
 * Every decision and every roll of a game graded against the values of
 * its states (values/values.h, exact; values/estimate.h, estimated, where
 * the grader takes them; docs/ANALYSIS.md): the log replayed through the
 * rules as `referee verify` replays it, and at each decision the value of
 * every legal action; at each draw what it gave or took from each seat.
 * The grade of a game is one JSON document:
 *   {"log", "game", "players": [names], "exact", "how",
 *    "start": [chance a seat], "result": [score a seat],
 *    "adjusted": [result - luck a seat], "identity": residual,
 *    "seats": [{"luck", "error", "others", "decisions", "forced", "marks"}],
 *    "moves": [{"move", "seat", "played", "best", "value", "best_value",
 *               "loss", "mark", "forced", and from a GRADE_SHOWN grader
 *               "actions": [{"action", "words", "value"}], "actions_left"}
 *             | {"move", "roll": [[faces]], "draw": [draws],
 *                "opening": [actions], "luck": [a seat], "chance": [a seat]}
 *             | {"move", "seat", "forfeit", "loss", "mark"}]}
 * docs/ANALYSIS.md says what each member is.
 */
#ifndef ARENA_GRADE_H
#define ARENA_GRADE_H

#include <cjson/cJSON.h>
#include <stdio.h>

#include "base/logread.h"

/* What grading a log comes to (the verb's exit status). */
enum grade_status {
	GRADE_OK = 0,
	GRADE_UNVERIFIED = 1,	/* not a game log, or one that does not verify */
	GRADE_NO_VALUES = 3,	/* a game without exact values (or estimated
				 * ones, for a grader that takes them) */
};

/* The losses from which a decision is an inaccuracy, a mistake, a
 * blunder (a chance to win, 0 to 1; docs/ANALYSIS.md, "Marks"). */
#define GRADE_INACCURACY 0.02
#define GRADE_MISTAKE 0.04
#define GRADE_BLUNDER 0.08
/* A loss up to this is rounding: the decision is the best. */
#define GRADE_ROUNDING 1e-12

/* A grader keeps the values of the games it met, for the next logs. */
struct grade;

/* How a grader grades (grade_new()'s `how`, or'd). */
enum grade_how {
	/* The games without exact values graded with estimated ones
	 * ("exact": false): `referee grade` and a replay's grade.  Ladders,
	 * verdicts and summaries take exact values only. */
	GRADE_ESTIMATES = 1,
	/* The documents for anyone to see (a replay's, a page's, the
	 * league server's): without the log's path, and a game not graded
	 * (no values, a log that does not verify) is {"exact": false,
	 * "why"}, why naming no path; each decision not forced lists its
	 * legal actions best first (a page's what-ifs). */
	GRADE_SHOWN = 2,
	/* A what-if's log graded too (verify.h): a replay's grade. */
	GRADE_WHAT_IFS = 4,
};

/* `cache`: the folder of values/values_file.h's tables, or NULL for the
 * user's ($XDG_CACHE_HOME/arena/values, else ~/.cache/arena/values). */
struct grade *grade_new(const char *cache, unsigned how);
void grade_free(struct grade *g);

/* The grader's one entry: grades `log`, or when it is NULL the log at
 * `path`, read here.  GRADE_OK with the document in *doc (the caller's
 * to free), or another status with why in err (ERR_LEN bytes, naming the
 * log) and, from a GRADE_SHOWN grader, the document of a game not graded
 * in *doc (NULL when the log cannot be read). */
enum grade_status grade_log(struct grade *g, const char *path, const struct game_log *log,
			    cJSON **doc, char *err);

/* Whether `game` with `options` (every option, as a log's header holds
 * them) for `players` has exact values: GRADE_OK, their tables solved now
 * and kept for its logs, or GRADE_NO_VALUES with why in err, before any
 * game is played. */
enum grade_status grade_ready(struct grade *g, const char *game,
			      const cJSON *options, int players, char *err);

/* A seat's number in the member `member` ("result", "adjusted", ...) of a
 * grade document. */
double grade_seat(const cJSON *doc, const char *member, int seat);

/* A grade document for people: each decision and roll, then the table of
 * skill and luck (grade_text.c). */
void grade_text_print(FILE *out, const cJSON *doc);
/* Its parts: one member of its "moves" on a line, and the table of
 * skill and luck with the identity. */
void grade_text_move(FILE *out, const cJSON *move);
void grade_text_table(FILE *out, const cJSON *doc);

/* Each bot's chance lost per game against the best play, over its
 * exactly-valued games, and the expected score against the optimal bot
 * made from it (grade_summary.c; docs/ANALYSIS.md, "Against optimal
 * play"): a summary gathers grades, then is one JSON document,
 *   {"bots": [{"name", "games", "error", "error_ci", "against_optimal",
 *              "against_optimal_ci", "score", "score_ci"}]}
 * by name, each _ci the half width of the 95% interval (null under two
 * games), printed for people by grade_summary_text(). */
struct grade_summary;

struct grade_summary *grade_summary_new(void);
void grade_summary_free(struct grade_summary *s);
void grade_summary_add(struct grade_summary *s, const cJSON *doc);
cJSON *grade_summary_json(struct grade_summary *s);
void grade_summary_text(FILE *out, const cJSON *doc);

#endif
