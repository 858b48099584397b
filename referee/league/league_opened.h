/*
 * A league run as both engines open, refit and close it (league_run.h on
 * this machine's workers, league_slurm.h on a Slurm job array): its
 * number and folder, the roster it began with, the ratings and grades its
 * picker reads, its active versions, the place of its logs, whether it
 * rests, and its run.jsonl.  What differs between them is how sets are
 * handed out and counted, not this.
 */
#ifndef ARENA_LEAGUE_OPENED_H
#define ARENA_LEAGUE_OPENED_H

#include "league/league_db.h"
#include "league/league_luck.h"
#include "league/league_pace.h"
#include "league/league_pick.h"
#include "league/league_rate.h"
#include "league/league_run_types.h"
#include "league/league_task.h"
#include "manifest/run_manifest.h"

struct league_opened {
	long number;                  /* the run's, from 1 */
	char *run_dir;                /* in the folder the run was opened in */
	struct league_rating rating;  /* at the last refit */
	int *active;                  /* by active index: the version's index */
	char **labels;                /* by active index: its "name-vN" */
	int active_count;
	struct league_pick pick;
	struct league_luck luck;      /* the games' grades, for the picker */
	struct run_manifest manifest;
	struct league_place place;    /* the run's logs' (run.jsonl's id) */
	struct league_roster roster;  /* when the run began */
	struct league_rest rest;      /* league_pace.h */
	struct league_walls *walls;   /* the run's r->walls, else own_walls */
	struct league_walls own_walls;
};

/* Zeroed, its grades ready to be read (before league_opened_begin(), so
 * that league_opened_free() may follow either way). */
void league_opened_init(struct league_opened *o);

/* Opens the next run of league `r` in its folder `dir` (r->dir, or its
 * absolute path for a Slurm run's elements): the games graded, the
 * ratings loaded, the active versions whose files have not changed, the
 * picker, whether it rests, the place, run.jsonl begun and the run
 * entered in the index.  0, or -1 with err. */
int league_opened_begin(struct league_opened *o, const struct league_run *r,
			const char *dir, char *err);

/* The ratings fitted again from the index and given to the picker, and
 * whether the run rests decided again: 0, or -1 with err. */
int league_opened_refit(struct league_opened *o, const struct league_run *r, char *err);

/* A set took `seconds` of active version `a`'s wall time: charged to it
 * (league_wall.h), which the picker shares the workers by. */
void league_opened_charge(struct league_opened *o, int a, double seconds);

/* run.jsonl signed, the sets it lists cut entered in the index and the
 * run marked closed there, in one transaction: 0, or -1 with err. */
int league_opened_close(struct league_opened *o, const struct league_run *r, char *err);

void league_opened_free(struct league_opened *o);

#endif
