/*
 * An element of a Slurm run's array (league_slurm.h): `referee league
 * play-task DIR BATCH INDEX` plays task INDEX of the batch file, its sets
 * one after the other on bot processes started for the task, as a local
 * run's worker plays a task (league_run.h), each set's secrets derived
 * from the batch's key, its logs signed into the run's folder, each
 * naming its place as the run's run.jsonl gives it.  It writes
 * nothing else: the run that submitted the array checks the logs and
 * counts them.
 */
#include "league/league_slurm.h"

#include <stdlib.h>
#include <string.h>

#include "base/paths.h"
#include "base/util.h"
#include "league/league_task.h"

int league_slurm_task(const char *dir, const char *batch, int index,
		      const struct match_config *config, const struct bot_limits *limits,
		      char *err)
{
	struct league_slurm_batch b;
	struct league_place place;
	struct match_config c = *config;
	struct match_entrant entrants[GAME_MAX_SEATS];
	struct match *lanes[GAME_MAX_SEATS] = {0};
	struct game_outcome outcomes[GAME_MAX_SEATS];
	char *run_dir;
	int rc = league_slurm_batch_read(batch, &b, err), n = b.players;

	if (!rc && (index < 0 || index >= b.count))
		rc = errorf(err, "%s has %d tasks: no task %d", batch, b.count, index);
	if (rc) {
		league_slurm_batch_free(&b);
		return -1;
	}
	run_dir = path_parent(batch);
	c.deal_key = b.key;
	c.place = &place.place;
	rc = league_task_place_read(&place, run_dir, n, err);
	for (int s = 0; s < n; s++)
		entrants[s] = league_task_entrant(dir, &b.tasks[index].seats[s], index + 1, limits);
	if (!rc && !(lanes[0] = match_start(&c, entrants, n, err)))
		rc = -1;
	for (int k = 0; !rc && k < b.tasks[index].sets; k++)
		rc = league_task_play_set(&c, run_dir, lanes, n,
					  b.tasks[index].first + (long)k * n,
					  true /* every league set */, outcomes, err);
	match_finish_lanes(lanes, n);
	for (int s = 0; s < n; s++)
		free((char *)entrants[s].spec.stderr_path);
	league_slurm_batch_free(&b);
	free(run_dir);
	return rc;
}
