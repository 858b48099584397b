/*
 * What a Slurm run counts (league_slurm.h): the logs an array wrote are
 * another machine's work, so each set is checked before it is counted:
 * every log whole and verified as `referee verify` verifies one (its
 * hash chain, its signature by the league's key, the game replayed
 * through the rules), and the very set its task gave: the league's game
 * and options, each seat's version by its name and files in the set's
 * rotation, and the set's commitment C as the batch's key makes it, the
 * one run.jsonl named before the array was submitted.  And before a run,
 * the arrays a killed run left are cancelled and their sets checked so.
 */
#include "league/league_slurm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/verify.h"
#include "league/league_folder.h"
#include "league/league_task.h"
#include "match/match_set.h"
#include "verify/verify_cut.h"

/* Game k of the set from `first`, loaded in `log`: 0, or -1 with why. */
static int check_game(const struct game_log *log, const struct league_slurm_task *t,
		      int k, int n, const char *game, const cJSON *options,
		      const unsigned char *public_key, const char *c, char *err)
{
	struct verify_summary summary;
	const cJSON *header = log->lines[0].json, *players = json_member(header, "players");
	char why[ERR_LEN], got[65], hash[65];
	const char *name;
	int s = 0;
	const cJSON *p;

	if (verify_log(log, public_key, NULL, &summary, why))
		return errorf(err, "it does not verify: %s", why);
	if (strcmp(summary.game, game) ||
	    !cJSON_Compare(json_member(header, "options"), options, true))
		return errorf(err, "it is a game of %s with other options than the league's",
			      summary.game);
	if (cJSON_GetArraySize(players) != n)
		return errorf(err, "it seats %d players, not the league's %d",
			      cJSON_GetArraySize(players), n);
	cJSON_ArrayForEach(p, players) {
		const struct league_version *v = &t->seats[match_set_rotated(k, s, n)];

		/* Seat s is version `v` by its name and files. */
		if (!league_task_log_seat(p, &name, hash) || strcmp(name, v->name) ||
		    strcmp(hash, v->hash))
			return errorf(err, "its seat %d is not %s v%d, as its task had it", s,
				      v->name, v->number);
		s++;
	}
	verify_cut_commitment(log, got);
	if (strcmp(got, c))
		return errorf(err, "its commitment C is %s, not the set's %s that run.jsonl "
			      "named: not the set its task gave", *got ? got : "(none)", c);
	return 0;
}

int league_slurm_check_set(const char *run_dir, const struct league_slurm_batch *b,
			   const struct league_slurm_task *t, long first,
			   const char *game, const cJSON *options,
			   const unsigned char *public_key,
			   int ranks[][GAME_MAX_SEATS], int forfeits[][GAME_MAX_SEATS],
			   double seconds[][GAME_MAX_SEATS], char *err)
{
	unsigned char c[FAIR_HASH_BYTES];
	char hex[65], why[ERR_LEN];
	int n = b->players, rc = 0;

	match_set_commitment(b->key, (unsigned long)first, c);
	hex_encode(hex, c, sizeof c);
	for (int k = 0; !rc && k < n; k++) {
		char *path = outdir_play_log(run_dir, first + k);
		struct game_log log;
		bool loaded = logread_load(path, &log, why) == 0;

		if (!loaded)
			rc = errorf(err, "game %ld: %s", first + k, why);
		else if (!league_task_log_signed(&log)) {
			errorf(err, "game %ld: %s is cut short", first + k, path);
			rc = 1;
		} else if (!log.lines[0].json)
			rc = errorf(err, "game %ld: %s is no game's log", first + k, path);
		else if (check_game(&log, t, k, n, game, options, public_key, hex, why))
			rc = errorf(err, "game %ld: %s: %s", first + k, path, why);
		else if (league_task_log_result(&log, ranks[k], forfeits[k], seconds[k],
						 GAME_MAX_SEATS) != n)
			rc = errorf(err, "game %ld: %s has no result for its %d seats", first + k,
				    path, n);
		if (loaded)
			logread_free(&log);
		free(path);
	}
	return rc;
}

void league_slurm_remove_set(const char *run_dir, long first, int n)
{
	for (long g = first; g < first + n; g++) {
		char *log = outdir_play_log(run_dir, g);

		unlink(log);
		free(log);
	}
}

/* The batch `path` of stopped run `run`: its array cancelled and gone,
 * the sets it played that the index does not hold checked, the logs of
 * each that fails removed.  0, or -1 with err. */
static int settle_batch(sqlite3 *db, long run, const char *run_dir, const char *path,
			const char *game, const cJSON *options,
			const unsigned char *public_key, char *err)
{
	struct league_slurm_batch b;
	char why[ERR_LEN];
	int rc = league_slurm_batch_read(path, &b, err);

	if (!rc && league_slurm_script((char *[]){"cancel", b.name, NULL}, NULL, why))
		rc = errorf(err, "%s was submitted to Slurm, and its array must be "
			    "cancelled before the run is closed: %s", path, why);
	for (int i = 0; !rc && i < b.count; i++)
		for (int k = 0; k < b.tasks[i].sets; k++) {
			long first = b.tasks[i].first + (long)k * b.players;
			int ranks[GAME_MAX_SEATS][GAME_MAX_SEATS];
			int forfeits[GAME_MAX_SEATS][GAME_MAX_SEATS];
			double seconds[GAME_MAX_SEATS][GAME_MAX_SEATS];

			/* A set the index holds was checked before it was counted. */
			if (league_db_has_game(db, run, first) ||
			    league_task_set_logs(run_dir, first, b.players) < b.players)
				continue;
			/* A set cut by the cancel is kept as cut by the run's closing. */
			if (league_slurm_check_set(run_dir, &b, &b.tasks[i], first, game, options,
						   public_key, ranks, forfeits, seconds, why) >= 0)
				continue;
			fprintf(stderr, "referee league: %s: the set of games %ld to %ld is refused, "
				"not counted: %s\n", run_dir, first, first + b.players - 1, why);
			league_slurm_remove_set(run_dir, first, b.players);
		}
	league_slurm_batch_free(&b);
	return rc;
}

/* What league_slurm_settle() was asked, for settle_run(). */
struct settle {
	sqlite3 *db;
	const char *game;
	const cJSON *options;
	const unsigned char *public_key;
	char *err;
};

/* Settles the batches of run `run` unless the index holds it closed. */
static int settle_run(long run, const char *run_dir, void *ctx)
{
	const struct settle *s = ctx;
	bool open = !league_db_run_closed(s->db, run);
	int rc = 0;

	/* Its batch files are numbered from 1, one after the other. */
	for (long k = 1; open && !rc; k++) {
		char *path = path_joinf(run_dir, LEAGUE_SLURM_BATCH, k);

		open = access(path, F_OK) == 0;
		rc = open ? settle_batch(s->db, run, run_dir, path, s->game, s->options,
					 s->public_key, s->err) : 0;
		free(path);
	}
	return rc;
}

int league_slurm_settle(const char *dir, sqlite3 *db, const char *game,
			const cJSON *options, const unsigned char *public_key, char *err)
{
	return league_runs_each(dir, settle_run,
				&(struct settle){db, game, options, public_key, err});
}
