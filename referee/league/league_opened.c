/*
 * A league run's opening, refits and close, shared by both engines
 * (league_opened.h).
 */
#include "league/league_opened.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "league/league_cut.h"
#include "league/league_folder.h"
#include "league/league_prune.h"
#include "league/league_stale.h"

void league_opened_init(struct league_opened *o)
{
	memset(o, 0, sizeof *o);
	league_luck_init(&o->luck);
}

/* Whether a task's code (one active index a seat) fits the 32 bits the
 * run's tables give it. */
static bool codes_fit(int active_count, int players)
{
	int64_t codes = 1;

	for (int s = 0; s < players; s++)
		if ((codes *= active_count) > INT32_MAX)
			return false;
	return true;
}

/* The active versions, their labels in *labels: their count, or -1 with
 * err (too few, or too many to seat). */
static int active_versions(struct league_opened *o, const struct league_run *r,
			   const char *dir, char ***labels, char *err)
{
	int n;

	if (league_rating_load(r->db, &o->rating, err) ||
	    (n = league_task_active(&o->rating, r->players, &o->active, labels, err)) < 0)
		return -1;
	n = league_stale_keep(dir, &o->rating, o->number, o->active, *labels, n,
			      r->players, err);
	if (n >= r->players && !codes_fit(n, r->players)) {
		league_task_labels_free(*labels, n);
		*labels = NULL;
		return errorf(err, "%d active bots are more than a run of %d-player "
			      "sets can seat: retire some", n, r->players);
	}
	if (n < r->players) {
		league_task_labels_free(*labels, n);
		*labels = NULL;
		return -1;
	}
	return n;
}

int league_opened_begin(struct league_opened *o, const struct league_run *r,
			const char *dir, char *err)
{
	o->number = league_next_run(dir);
	o->run_dir = league_run_dir(dir, o->number);
	league_db_roster(r->db, &o->roster);
	/* No run plays now: every old version's files beyond those kept go. */
	league_prune(dir, r->db);
	/* Graded before the ratings are loaded, with their grades. */
	if (!r->after_roster_change)
		league_luck_grade(&o->luck, r->db, dir);
	if ((o->active_count = active_versions(o, r, dir, &o->labels, err)) < 0)
		return -1;
	league_pick_init(&o->pick, o->active_count, r->players);
	league_pick_lanes(&o->pick, r->concurrency);
	o->walls = r->walls ? r->walls : &o->own_walls;
	for (int a = 0; a < o->active_count; a++)
		o->pick.wall[a] = league_walls_median(o->walls, o->rating.versions[o->active[a]].id);
	league_rating_pick(&o->rating, o->active, &o->pick);
	league_luck_pick(&o->rating, o->active, &o->pick);
	league_rest_fitted(&o->rest, dir, r->rest_interval, r->trickle, &o->pick,
			   (const char *const *)o->labels);
	league_task_place(&o->place, r->league_id, o->number, o->manifest.id, r->players);
	return league_task_begin(r->db, dir, o->run_dir, o->number, &r->config, o->labels,
				 o->active_count, r->players, &o->manifest, err);
}

int league_opened_refit(struct league_opened *o, const struct league_run *r, char *err)
{
	if (league_task_refit(r->db, r->dir, &o->luck, o->active, &o->pick, err))
		return -1;
	league_rest_fitted(&o->rest, r->dir, r->rest_interval, r->trickle, &o->pick,
			   (const char *const *)o->labels);
	return 0;
}

void league_opened_charge(struct league_opened *o, int a, double seconds)
{
	long id = o->rating.versions[o->active[a]].id;

	league_walls_charge(o->walls, id, seconds);
	o->pick.wall[a] = league_walls_median(o->walls, id);
}

int league_opened_close(struct league_opened *o, const struct league_run *r, char *err)
{
	int rc;

	if (run_manifest_sign(&o->manifest, r->config.key, err))
		return -1;
	rc = league_db_begin(r->db, err);
	rc = rc ? rc : league_cut_index(r->db, o->run_dir, o->number, r->players, err);
	rc = rc ? rc : league_db_close_run(r->db, o->number, err);
	return league_db_end(r->db, rc, err);
}

void league_opened_free(struct league_opened *o)
{
	run_manifest_free(&o->manifest);
	league_pick_free(&o->pick);
	league_walls_free(&o->own_walls);
	league_luck_free(&o->luck);
	league_rating_free(&o->rating);
	free(o->run_dir);
	free(o->active);
	league_task_labels_free(o->labels, o->active_count);
}
