/*
 * The report site of a tournament folder (`referee report`, and
 * `referee tournament --report` while a run goes on): index.html with the
 * ladder, the crosstable, per-bot forfeits and move times, the games and
 * the verification summary, and one HTML replay per game in replays/.
 * Everything is static and self-contained, so the site works from file://.
 * The numbers are gathered in C (report_*.c) and drawn by html/report.js.
 */
#ifndef ARENA_REPORT_H
#define ARENA_REPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

/* Builds the site of tournament folder `dir` into `out` (created when
 * missing; NULL: DIR/report).  A log that does not verify is listed as
 * such and left out of the numbers.  `live`: the run is going on, and the
 * page reloads itself until a later build finds the run complete.
 * Returns how many logs did not verify, or -1 with err when a folder
 * cannot be read or a page cannot be written. */
int report_build(const char *dir, const char *out, bool live, char *err);

/* Keeps the report of a running tournament current (`referee tournament
 * --report`): report_live_update is the run's on_finished hook.  It
 * rebuilds the site after a game finishes, but not sooner than
 * REPORT_LIVE_MIN_SECONDS after the last build nor before ten times the
 * last build's duration has passed, so a long run spends at most a tenth
 * of its time on its report. */
#define REPORT_LIVE_MIN_SECONDS 5
struct report_live {
	const char *dir;
	int64_t next_ns; /* no build before this time */
	bool warned;     /* a failed build was reported */
};
void report_live_update(void *ctx);

/* The games of `dir` (its games/ folder, set-aside "*.aborted-N" logs left
 * out, and while `finished` is not NULL every log it does not list: games
 * being played): each replayed, its replay page written to OUT/replays/,
 * and summed up in data: "games" (one entry each), "bots" (forfeits by
 * reason, move times), "crosstable" and "verification". */
int report_games(const char *dir, const char *out, const cJSON *finished,
		 cJSON *data, char *err);

/* The ladder of `dir` as `referee ladder --format json` computes it (of
 * only the logs `finished` lists when it is not NULL), with each bot's 95%
 * interval and the likelihood of superiority of every pair, into data's
 * "ladder" and "los"; like `referee ladder`, no ratings when the folder
 * has a problem, which goes to "ladder_problems".  -1 with err when the
 * ratings cannot be computed. */
int report_ladder(const char *dir, const cJSON *finished, cJSON *data, char *err);

/* The manifest of `dir` checked: its hash chain and signature, which games
 * it lists as finished (their logs in "finished_logs") and whether each log still has the hash it lists;
 * into data's "manifest".  Returns whether the run is complete. */
bool report_manifest(const char *dir, cJSON *data);

#endif
