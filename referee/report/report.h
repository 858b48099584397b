/*
 * The report site of a tournament folder (`referee report`, and
 * `referee tournament --report` while a run goes on): index.html with the
 * ladder, the crosstable, per-bot forfeits and reply times, the games and
 * the verification summary, and one HTML replay per game in replays/,
 * which share replays/replay.js and replays/replay.css.  Everything is
 * static and every link relative, so the site works from file://.
 * The numbers are gathered in C (report_*.c) and drawn by html/report.js.
 */
#ifndef ARENA_REPORT_H
#define ARENA_REPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/files.h"
#include "manifest/manifest_read.h"

/* What the report tells its verb as it goes (a replay or a page it goes
 * on without, a live build that failed): one line, without the verb's
 * name, which the verb says. */
typedef void report_warn_fn(const char *line);

/* Formats a line and hands it to `warn` (NULL: nobody). */
void report_warn(report_warn_fn *warn, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

struct report_options {
	const char *out;    /* the site's folder (created when missing);
			     * NULL: DIR/report */
	bool live;          /* the run is going on: the page reloads itself
			     * until a later build finds the run complete */
	/* The public key the manifest and every log must be signed with
	 * (--key): the pages say they were checked against a key you trust.
	 * NULL: any key, and the pages say it was not checked. */
	const unsigned char *trusted_key;
	/* Told what the site goes on without (a replay that cannot be
	 * compressed, a page of replays that cannot be written), for the
	 * verb to say; NULL: nobody. */
	report_warn_fn *warn;
	/* Set, when not NULL, to how many problems `referee verify` finds
	 * in a play or sprt folder against its run.jsonl (listed in the
	 * report too). */
	int *run_problems;
	/* The luck-adjusted ladder beside the ladder (`report
	 * --luck-adjusted`): every log graded again at each build. */
	bool luck_adjusted;
};

/* Builds the site of tournament folder `dir`.  A log that does not verify
 * is listed as such and left out of the numbers.  Returns how many logs
 * did not verify, or -1 with err when a folder cannot be read or a page
 * cannot be written; *keys (when keys is not NULL), the hex of each key
 * that signed a log that verifies, a new array. */
int report_build(const char *dir, const struct report_options *options,
		 cJSON **keys, char *err);

/* The path of the site's index.html that report_build() writes. */
char *report_index(const char *dir, const struct report_options *options);

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
	/* Told, once, that a build failed and why, and what a build goes on
	 * without (report_options). */
	report_warn_fn *warn;
};
void report_live_update(void *ctx);

/* A tournament's manifest as the report reads it (report_manifest.c),
 * once a build: what it says of each game, and the SHA-256 of each
 * game's log as report_games() read it, to check against it. */
struct report_manifest {
	bool present;           /* the folder has a manifest */
	bool listed;            /* it was read to its end, so it says which
				 * games finished */
	bool complete;          /* its chain and signature hold and the run
				 * is complete: every log is a result */
	struct manifest_view view;
	char (*log_sha256)[FILES_SHA256_HEX]; /* by game number; "": not read */
	int run_problems;       /* a play or sprt folder's: what verify finds
				 * against its run.jsonl (verify_run.h) */
};

/* The manifest of `dir` checked: its hash chain and signature (made with
 * `trusted_key`, when not NULL), how many games it lists as finished and
 * whether the run is complete; into data's "manifest", and into *run,
 * which report_manifest_free() frees. */
void report_manifest(const char *dir, const unsigned char *trusted_key,
		     cJSON *data, struct report_manifest *run);
/* Whether the manifest lists the game of log `name` ("000042.jsonl") as
 * finished. */
bool report_manifest_finished(const struct report_manifest *run, const char *name);
/* Whether each finished game's log has the SHA-256 the manifest lists,
 * from run->log_sha256: "hashes_match" and "bad_logs" into data's
 * "manifest". */
void report_manifest_hashes(const struct report_manifest *run, cJSON *data);
void report_manifest_free(struct report_manifest *run);

/* The games of `dir` (its games/ folder, set-aside "*.aborted-N" logs left
 * out, and, while the manifest of `run` says which games finished and the
 * run is not complete, every log it does not list as finished: games
 * being played, or cut by a stop): each read once, hashed into
 * run->log_sha256 and replayed (against `trusted_key`, as report_options
 * says) into its replay page in OUT/replays/, unless an earlier build did
 * so from the same bytes (report_replays()), and summed up in data:
 * "games" (one entry each) and "verification", which has "keys", the keys
 * that signed, and "trusted" and "trust" as a replay's "verify" has them
 * (replay.h). */
int report_games(const char *dir, const char *out, struct report_manifest *run,
		 const unsigned char *trusted_key, report_warn_fn *warn, cJSON *data,
		 char *err);

/* A log of the report (report_replays.c). */
struct report_log {
	char *path; /* the file */
	char *log;  /* as the games list names it: games/NAME.jsonl */
	char *base; /* NAME: the page of replays that starts with it is
		     * replays/NAME.html */
};

/* Writes the replays of the logs, made on every core and only for logs
 * that are new or changed since the last build, a hundred to a page,
 * OUT/replays/NAME.html named after the page's first log (and the
 * replay.js and replay.css they share), and into lines[i] (an array of
 * count NULLs) log i's {"sha256", "entry", "key"}: "entry" is the games
 * list's ("log", "replay" when its replay was written:
 * "replays/NAME.html#game=BASE", "verified", "error" when not,
 * "game_id", "game", "players", "result", "moves", "forfeits": [{"seat",
 * "reason", "last_words" when the bot said anything: its last stderr
 * line or info, cut}]) and "key" the key that signed it, when it verified.  A page
 * or a replay that cannot be written is told to `warn` and left out.  -1
 * with err when a worker could not be started or failed. */
int report_replays(const char *out, const struct report_log *logs, size_t count,
		   const unsigned char *trusted_key, report_warn_fn *warn,
		   cJSON **lines, char *err);

/* The ladder of `dir` as `referee ladder --format json` lists it (a run
 * not complete as `referee ladder --provisional` does), from the manifest
 * `run` already read when it was read whole, in its order and with its numbers, forfeits and reply times
 * included (ladder_rank.h): into data's "ladder", each bot with its 95%
 * interval ("lo", "hi"), "los", the likelihood of superiority of every
 * pair in that order, and "crosstable", that of `referee ladder`
 * (crosstable.h; empty without ratings).  Like `referee ladder`, no
 * ratings when the folder has a problem, which goes to "ladder_problems".
 * With `luck`, a finished run's luck-adjusted ladder too (grade_ladder.h)
 * as "luck_adjusted", or null with why in "luck_adjusted_why".
 * -1 with err when the ratings cannot be computed. */
int report_ladder(const char *dir, struct report_manifest *run, bool luck,
		  cJSON *data, char *err);

#endif
