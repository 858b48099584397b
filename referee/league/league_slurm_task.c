/*
 * An element of a Slurm run's array (league_slurm.h): `referee league
 * play-task DIR BATCH INDEX` plays task INDEX of the batch file, its sets
 * one after the other on bot processes started for the task, as a local
 * run's worker plays a task (league_run.h), each set's secrets derived
 * from the batch's key, its logs signed into the run's folder.  It writes
 * nothing else: the run that submitted the array checks the logs and
 * counts them.
 */
#include "league/league_slurm.h"

#include <stdlib.h>
#include <string.h>

#include "base/outdir.h"
#include "base/util.h"
#include "league/league_folder.h"
#include "match/match.h"
#include "match/match_set.h"

/* Plays the duplicate set of `n` games from `first` on `lanes`: 0, or -1
 * with err. */
static int play_set(const struct match_config *config, const char *run_dir,
		    struct match **lanes, int n, long first, char *err)
{
	struct match_set_game set_games[GAME_MAX_SEATS];
	struct game_outcome outcomes[GAME_MAX_SEATS];
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

int league_slurm_task(const char *dir, const char *batch, int index, const struct match_config *config,
		      const struct bot_limits *limits, char *err)
{
	struct league_slurm_batch b;
	struct match_config c = *config;
	struct match_entrant entrants[GAME_MAX_SEATS];
	struct match *lanes[GAME_MAX_SEATS] = {0};
	char *run_dir, *slash;
	int rc = league_slurm_batch_read(batch, &b, err), n = b.players;

	if (!rc && (index < 0 || index >= b.count))
		rc = errorf(err, "%s has %d tasks: no task %d", batch, b.count, index);
	if (rc) {
		league_slurm_batch_free(&b);
		return -1;
	}
	run_dir = xstrdup(batch);
	slash = strrchr(run_dir, '/');
	if (slash)
		*slash = '\0';
	c.deal_key = b.key;
	for (int s = 0; s < n; s++) {
		const struct league_version *v = &b.tasks[index].seats[s];

		entrants[s] = (struct match_entrant){.name = v->name};
		entrants[s].spec.command = v->command;
		entrants[s].spec.command_dir = v->dir;
		entrants[s].spec.stderr_path = league_stderr_path(dir, v);
		entrants[s].spec.limits = *limits;
		entrants[s].spec.limits.workdir = v->workdir;
		entrants[s].spec.limits.readable = (const char *const *)v->readable;
	}
	if (!(lanes[0] = match_start(&c, entrants, n, err)))
		rc = -1;
	for (int k = 0; !rc && k < b.tasks[index].sets; k++)
		rc = play_set(&c, slash ? run_dir : ".", lanes, n,
			      b.tasks[index].first + (long)k * n, err);
	match_finish_lanes(lanes, n);
	for (int s = 0; s < n; s++)
		free((char *)entrants[s].spec.stderr_path);
	league_slurm_batch_free(&b);
	free(run_dir);
	return rc;
}
