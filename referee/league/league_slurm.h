/*
 * `referee league run --engine slurm` (docs/LEAGUE-SLURM.md):
 * the league's tasks played by a Slurm job array on other machines, the
 * league folder on storage they share.  The run picks a batch of tasks as
 * the local run does (league_pick.h: `concurrency` tasks of up to `batch`
 * sets), writes them into DIR/runs/NNNNNN/batch-KKKKKK.json (the versions
 * of each task's seats, its first game and sets, and the key the batch's
 * secrets derive from, mode 0600), names every set's commitment C in
 * run.jsonl, submits `sbatch --array=0-(K-1)` whose element I runs
 * `referee league play-task ... DIR BATCH I` (league_slurm_task()), and
 * waits until the array has gone: the script league-slurm
 * (league_slurm.sh, run by league_slurm_jobs.c) does Slurm's part,
 * sbatch, squeue and scancel, the referee the rest.  Then each set's logs are
 * checked (league_slurm_check.c: signed with the league's key, the hash
 * chain and the game whole, and the very task it was given: the game and
 * options, each seat's version by name and files, the set's C) before it
 * is listed finished and entered in the index; a set that fails is
 * refused with its reason, its logs removed and the set listed as
 * dropped, and another set is handed out in its place.  The ratings are
 * refitted after each batch, and the run rests as a local run does
 * (league_pace.h, the same rule): while it rests each batch is one task
 * of one set, submitted when the trickle's set is due.  A change of the
 * roster ends the run before its next batch, as a local run's pick.  A
 * stop (SIGINT, SIGTERM), passed on to the script, cancels the array
 * (`scancel`), then counts the
 * sets it finished and keeps the logs of those it cut, listed as cut
 * (league_cut.h); after kill -9 the next run cancels what is left of the
 * array and checks its logs before the run is closed
 * (league_slurm_settle()), so that only a checked set is counted.
 */
#ifndef ARENA_LEAGUE_SLURM_H
#define ARENA_LEAGUE_SLURM_H

#include <cjson/cJSON.h>
#include <sqlite3.h>
#include <stdbool.h>

#include "games/fair.h"
#include "league/league_db.h"
#include "league/league_run.h"

/* How the run submits its arrays. */
struct league_slurm {
	const char *referee;        /* the referee the elements run (absolute) */
	char *const *words;         /* the run's options, for the elements */
	int word_count;
	const char *sbatch_words;   /* --slurm-args, given to sbatch before the array */
};

/* One task of a batch: its first game, its sets, its seats' versions. */
struct league_slurm_task {
	long first;
	int sets;
	struct league_version seats[GAME_MAX_SEATS]; /* strings in the batch's JSON */
	/* The run's own, not written: the seats' active indexes, and whether
	 * the task seats a slow version (league_pick.h). */
	int active[GAME_MAX_SEATS];
	bool slow;
};

/* A batch file, read or to be written. */
struct league_slurm_batch {
	char *path;
	char name[48];              /* the array's job name: arena-league-HEX */
	unsigned char key[FAIR_HASH_BYTES];
	int players;
	int count;
	struct league_slurm_task *tasks;
	void *json;                 /* the tree the seats' strings are in */
};

/* Plays the run on Slurm until a stop, as league_run_play() plays it on
 * this machine's workers: 0 after a stop by count, time or a change of
 * the roster (`end` says which, and the games counted), the signal that
 * stopped it, or -1 with err. */
int league_slurm_play(const struct league_run *run, const struct league_slurm *slurm,
		      struct league_run_end *end, char *err);

/* An element of the array: plays task `index` of the batch file `batch`
 * (in its run's folder) of the league `dir` with `config` (its rules,
 * options, time, key) and `limits`.  0, or -1 with err. */
int league_slurm_task(const char *dir, const char *batch, int index, const struct match_config *config,
		      const struct bot_limits *limits, char *err);

/* Before a run: the arrays of runs the index does not hold as closed
 * are cancelled and waited for, and the sets they played that the index
 * does not hold are checked, the logs of each that fails
 * removed (said on stderr), so that league_sync() counts only checked
 * sets.  `public_key`: the league's signing key.  0, or -1 with err. */
int league_slurm_settle(const char *dir, sqlite3 *db, const char *game,
			const cJSON *options, const unsigned char *public_key, char *err);

/* league_slurm_batch.c: the batch file written (0600, on disk), read,
 * freed; `index` numbers the run's batches from 1, in its name: */
#define LEAGUE_SLURM_BATCH "batch-%06ld.json"
int league_slurm_batch_write(struct league_slurm_batch *b, const char *run_dir,
			     long index, char *err);
int league_slurm_batch_read(const char *path, struct league_slurm_batch *b, char *err);
void league_slurm_batch_free(struct league_slurm_batch *b);

/* league_slurm_jobs.c: runs the script league-slurm (league_slurm.sh)
 * with `words` (NULL last), a stop passed on to it as SIGTERM, which
 * cancels its array: 0, or -1 with err (the script's reason). */
int league_slurm_script(char *const *words, bool (*stop)(void), char *err);
/* Batch `b`'s array submitted and waited for until it has gone. */
int league_slurm_submit(const struct league_slurm *s, const struct league_slurm_batch *b,
			const char *dir, bool (*stop)(void), char *err);
/* The run's stop handler's pass (pool_stops_pass(), async-signal-safe):
 * the running script told to cancel, whatever the stop signal `sig`. */
void league_slurm_stop_script(int sig);

/* league_slurm_check.c: whether the logs of the set from `first` of
 * task `t` are the set it was given, whole and signed: 0 with each
 * game's ranks, forfeits and seats' replies' wall time in seconds (by
 * game, then seat), 1 with why when a log
 * is cut short (its element stopped), or -1 with why when one is not the
 * set. */
int league_slurm_check_set(const char *run_dir, const struct league_slurm_batch *b,
			   const struct league_slurm_task *t, long first,
			   const char *game, const cJSON *options,
			   const unsigned char *public_key,
			   int ranks[][GAME_MAX_SEATS], int forfeits[][GAME_MAX_SEATS],
			   double seconds[][GAME_MAX_SEATS], char *err);
/* The logs of the set of `n` games from `first` removed (a set refused). */
void league_slurm_remove_set(const char *run_dir, long first, int n);

#endif
