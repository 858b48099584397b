/*
 * What a league's task is made of, for both engines of `league run`
 * (league_run.h on this machine's workers, league_slurm.h on a Slurm
 * job array): a version as a match's entrant, one duplicate set of a
 * task played on its bot processes into the run's folder, and a checked
 * set entered in the index.
 */
#ifndef ARENA_LEAGUE_TASK_H
#define ARENA_LEAGUE_TASK_H

#include <sqlite3.h>
#include <stdbool.h>

#include "base/files.h"
#include "base/logread.h"
#include "league/league_db.h"
#include "manifest/run_manifest.h"
#include "match/match.h"

/* Where a league run's logs belong (match_types.h), with the strings its
 * place points to. */
struct league_place {
	struct match_place place;
	unsigned char run_id[FAIR_GAME_ID_BYTES]; /* league_task_place_read()'s */
	char league[65];
};

/* The place of the logs of run `number` of the league whose id is
 * `league` (NULL: none), its sets of `players` games, its run.jsonl's id
 * at `run_id` (kept: it may be filled in later), in `p`. */
void league_task_place(struct league_place *p, const char *league, long number,
		       const unsigned char *run_id, int players);

/* The same read from the run.jsonl of the run's folder `run_dir` (a
 * Slurm element's, which did not begin the run): 0, or -1 with err. */
int league_task_place_read(struct league_place *p, const char *run_dir, int players,
			   char *err);

/* The "started" record of a task's `sets` sets from game `first`, each
 * set's C and its `n` seats' versions `v` (run_manifest_started_seated()),
 * then each set entered in the tasks of run `run` in the index `db`, which
 * a run closed after a kill holds against its signed records
 * (league_sync.h): 0, or -1 with err. */
int league_task_started(struct run_manifest *m, sqlite3 *db, long run, long first, int sets,
			const struct league_version *const *v, int n, char *err);

/* Version `v` of the league `dir` as an entrant with `limits` (its own
 * workdir and readable paths), started by writer `writer` (a local
 * worker's number, a Slurm task's index + 1: league_stderr_path()); its
 * stderr_path is new (free it). */
struct match_entrant league_task_entrant(const char *dir, const struct league_version *v,
					 int writer, const struct bot_limits *limits);

/* Plays the set of `n` games from `first` on `lanes` (a duplicate set
 * when `duplicate`, as every league set is: the run's job says so), game
 * k seating entrant (s + k) % n at seat s, the logs in `run_dir`: 0, or
 * -1 with err. */
int league_task_play_set(const struct match_config *config, const char *run_dir,
			 struct match **lanes, int n, long first, bool duplicate,
			 struct game_outcome *outcomes, char *err);

/* The set from `first` of run `run` finished: each game listed in its
 * run.jsonl `m` ("finished", with its log's SHA-256 and its "seats":
 * each seat's version, rank and forfeit, the signed records the index
 * is checked against, league_index.h), then entered in the index in one
 * transaction: game k seats version seats[(s + k) % n] at seat s, with
 * ranks[k] and forfeits[k] (non-zero: the seat forfeited).  0, or -1
 * with err (rolled back). */
int league_task_enter(sqlite3 *db, struct run_manifest *m, long run, long first, int n,
		      const struct league_version *const *seats,
		      int ranks[][GAME_MAX_SEATS], int forfeits[][GAME_MAX_SEATS], char *err);

/* What the index keeps of a game read from its log: each seat's rank and
 * whether it forfeited (1, else 0), and, when `seconds` is not NULL, the
 * wall time of its replies in all (the picker's charge on Slurm,
 * league_wall.h), up to `max` seats (GAME_MAX_SEATS at most); the seats
 * of its result, or -1 when it has none. */
int league_task_log_result(const struct game_log *log, int *ranks, int *forfeits,
			   double *seconds, int max);

/* How many of the `n` logs of the set from game `first` are in the run's
 * folder `run_dir`. */
int league_task_set_logs(const char *run_dir, long first, int n);

/* Whether the log is whole: read to its end, its last record the
 * signature. */
bool league_task_log_signed(const struct game_log *log);

/* A seat of a log's header (its "players" item): its name (in `player`)
 * and its files' hash as files_command_hash() makes it; false when it
 * has none. */
bool league_task_log_seat(const cJSON *player, const char **name, char hash[65]);

/* Whether the league's roster (league_db_roster()) is no longer `then`,
 * a run's at its start: a version added, a bot retired, a season begun
 * (a read error counts as none: the run goes on). */
bool league_task_roster_changed(sqlite3 *db, const struct league_roster *then);

#endif
