/*
 * A league's tasks, shared by both engines of a run; see league_task.h.
 */
#include "league/league_task.h"

#include <stdlib.h>

#include "base/outdir.h"
#include "league/league_folder.h"
#include "league/league_rate.h"
#include "match/match_set.h"

struct match_entrant league_task_entrant(const char *dir, const struct league_version *v,
					 const struct bot_limits *limits)
{
	struct match_entrant e = {.name = v->name};

	e.spec.command = v->command;
	e.spec.command_dir = v->dir;
	e.spec.stderr_path = league_stderr_path(dir, v);
	e.spec.limits = *limits;
	e.spec.limits.workdir = v->workdir;
	e.spec.limits.readable = (const char *const *)v->readable;
	return e;
}

int league_task_play_set(const struct match_config *config, const char *run_dir,
			 struct match **lanes, int n, long first,
			 struct game_outcome *outcomes, char *err)
{
	struct match_set_game set_games[GAME_MAX_SEATS];
	struct match_round round = {.games = set_games, .count = n, .seats = n,
				    .duplicate = true,
				    .set_seed = match_secrets_seed(config)};
	int rc;

	for (int k = 0; k < n; k++) {
		set_games[k].index = (unsigned long)(first + k);
		for (int s = 0; s < n; s++)
			set_games[k].seating[s] = (s + k) % n;
		set_games[k].log_path = outdir_play_log(run_dir, first + k);
	}
	rc = match_play_round(lanes, &round, outcomes, err);
	for (int k = 0; k < n; k++)
		free((char *)set_games[k].log_path);
	return rc;
}

int league_task_enter(sqlite3 *db, long run, long first, int n, const long *seats,
		      int ranks[][GAME_MAX_SEATS], char sha[][FILES_SHA256_HEX], char *err)
{
	int rc = league_db_exec(db, "BEGIN IMMEDIATE", err);

	for (int k = 0; !rc && k < n; k++) {
		long versions[GAME_MAX_SEATS];

		for (int s = 0; s < n; s++)
			versions[s] = seats[(s + k) % n];
		rc = league_db_add_game(db, run, first + k, first, sha[k], n, versions,
					ranks[k], err);
	}
	rc = rc ? rc : league_db_task(db, run, first, "finished", err);
	rc = rc ? rc : league_db_exec(db, "COMMIT", err);
	if (rc)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

int league_task_refit(sqlite3 *db, const int *active, int count, struct league_pick *pick,
		      char *err)
{
	struct league_rating fresh;

	if (league_rating_load(db, &fresh, err)) {
		league_rating_free(&fresh);
		return -1;
	}
	/* The active versions are the run's, fixed when it started. */
	for (int a = 0; a < count; a++)
		fresh.order[a] = active[a];
	fresh.active = count;
	league_rating_pick(&fresh, pick);
	league_rating_free(&fresh);
	return 0;
}
