/*
 * Running a tournament: the schedule's games on a pool of workers, the
 * manifest written as games start and finish, its progress shown on
 * stderr (progress.h), and resuming a stopped run with
 * no game lost, repeated or changed.
 */
#ifndef ARENA_TOURNAMENT_H
#define ARENA_TOURNAMENT_H

#include "plan/schedule.h"
#include "plan/tournament_file.h"
#include "tournament_types.h"

/* Plays every game of the run's shard not yet finished (a Swiss's
 * rounds seated in `schedule` as they are paired).  0 when all are
 * finished (the manifest is then signed), 1 when the manifest was signed
 * already (nothing was left to play), -1 with err otherwise. */
int tournament_play(const struct tournament_spec *spec,
		    struct schedule *schedule,
		    const struct tournament_run *run, char *err);

#endif
