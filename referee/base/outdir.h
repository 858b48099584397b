/*
 * A tournament's output folder (docs/LOGS.md, "A tournament folder"):
 * every path in it is built here and every name found in it is read
 * here, so that the run that writes the folder and the verbs that read
 * it (resume, verify, ladder, report) cannot disagree on a name.
 *
 *   DIR/run.jsonl                              the manifest (run_manifest.h;
 *                                              DIR/manifest.jsonl of an
 *                                              earlier version)
 *   DIR/run.lock                               held while a run goes on
 *   DIR/referee.pub                            the key that signs (keys.h)
 *   DIR/games/NNNNNN.jsonl                     game N's log, 6 digits or more
 *   DIR/games/aborted/NNNNNN.aborted-K.jsonl   the K-th log of game N a
 *                                              resumed run set aside
 *   DIR/stderr/tableTTTT-BOT.stderr            a bot's stderr at table T
 *   DIR/stderr/tableTTTT-BOT.gameK.stderr      ... of its process that plays
 *                                              each duplicate set's game K
 *                                              (match_twins())
 *   DIR/stderr/preflight-BOT.stderr            ... as the run first started it
 *   DIR/report/index.html                      the report (report.h), whose
 *   DIR/report/replays/NAME.html               folder may be elsewhere (-o)
 *   DIR/report/replays/games.jsonl             the replays' entries
 *
 * A folder of logs that is no tournament's (play --out, sprt --out,
 * check-bot --keep) holds DIR/game-NNNNNN.jsonl, its games numbered as a
 * tournament's.
 *
 * Every function returns a new string; a path is relative to the output
 * folder (or the report's) when the folder given is NULL, as the
 * manifest and the report's pages name them.
 */
#ifndef ARENA_OUTDIR_H
#define ARENA_OUTDIR_H

#include <stdbool.h>
#include <stddef.h>

/* A tournament's manifest of an earlier version (manifest.h). */
#define OUTDIR_MANIFEST "manifest.jsonl"
/* Every run's manifest (run_manifest.h). */
#define OUTDIR_RUN_MANIFEST "run.jsonl"
/* The folder of the logs, and the one in it where logs are set aside. */
#define OUTDIR_GAMES "games"
#define OUTDIR_ASIDE "aborted"
/* What every log's name ends with. */
#define OUTDIR_LOG_SUFFIX ".jsonl"

char *outdir_manifest(const char *dir);
char *outdir_run_lock(const char *dir);
char *outdir_public_key(const char *dir);
char *outdir_games(const char *dir);
/* DIR/games/NAME, any name. */
char *outdir_games_file(const char *dir, const char *name);
char *outdir_log(const char *dir, long game);
/* DIR/game-NNNNNN.jsonl: game N's log in a folder of play, sprt or
 * check-bot, as wide as a tournament's. */
char *outdir_play_log(const char *dir, long game);
/* The game number of the file `path` (its last name) when it is a play
 * folder's log ("game-NNNNNN.jsonl"), else 0. */
long outdir_play_log_game(const char *path);
char *outdir_run_manifest(const char *dir);
char *outdir_aside(const char *dir);
/* Where the `count`-th log of `game` set aside goes (count from 1). */
char *outdir_set_aside(const char *dir, long game, int count);
char *outdir_stderr(const char *dir);
/* The stderr of bot `bot` at table `table` (counted from 1). */
char *outdir_table_stderr(const char *dir, int table, const char *bot);
char *outdir_preflight_stderr(const char *dir, const char *bot);

/* The report's folder in the output folder, and the files in a report's
 * folder `report` (wherever it is). */
char *outdir_report(const char *dir);
char *outdir_report_index(const char *report);
char *outdir_replays(const char *report);
/* The page of replays whose first game's log is NAME.jsonl. */
char *outdir_replay_page(const char *report, const char *name);
char *outdir_replays_cache(const char *report);

/* The game whose log is the `len` bytes at `name` ("000042.jsonl": six
 * digits or more, no zero before a seventh), or 0. */
long outdir_log_game(const char *name, size_t len);

/* The game of a set-aside log's name ("000042.aborted-3.jsonl", its game
 * as outdir_log_game reads it and K from 1 without a leading zero), with
 * K in *count; 0 when `name` is not one. */
long outdir_set_aside_game(const char *name, long *count);

/* Whether a file of a folder of logs is a game's result: a *.jsonl file
 * but the manifest and any name that carries the set-aside mark
 * ".aborted-" (which is never rated, whatever the rest of its name). */
bool outdir_is_result_log(const char *name);

/* Whether `path` names a manifest (its last name is manifest.jsonl). */
bool outdir_is_manifest(const char *path);

/* Whether `path` names a play, sprt or league run's run.jsonl. */
bool outdir_is_run_manifest(const char *path);

#endif
