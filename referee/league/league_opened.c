/*
 * A league run's opening, refits and close, shared by both engines
 * (league_opened.h).
 */
#include "league/league_opened.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_cut.h"
#include "league/league_folder.h"
#include "league/league_prune.h"
#include "league/league_register.h"
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

/* The active versions of o->rating into o->active, in the ladder's order,
 * which the picker's ties follow (a version waiting for its first game:
 * its place), their labels (NAME-vK, as run.jsonl lists them in "bots")
 * in o->labels, their count in o->active_count: 0, or -1 with err (too
 * few, or too many to seat). */
static int active_versions(struct league_opened *o, const struct league_run *r,
			   const char *dir, char *err)
{
	const struct league_rating *lr = &o->rating;
	int n = 0;

	if (league_rating_load(r->db, &o->rating, err))
		return -1;
	if (lr->active < r->players)
		return errorf(err, "the league has %d active bot%s and its games "
			      "need %d: add bots with 'referee league add'",
			      lr->active, lr->active == 1 ? "" : "s", r->players);
	o->active = xcalloc((size_t)lr->active, sizeof *o->active);
	o->labels = xcalloc((size_t)lr->active, sizeof *o->labels);
	for (int k = 0; k < lr->ranked && n < lr->active; k++) {
		const struct league_version *v = &lr->versions[lr->order[k]];

		if (!league_rating_active(lr, lr->order[k]))
			continue;
		o->active[n] = lr->order[k];
		o->labels[n++] = xasprintf("%s-v%d", v->name, v->number);
	}
	n = o->active_count = league_stale_keep(dir, &o->rating, o->number, o->active, o->labels,
						n, r->players, err);
	if (n >= r->players && !codes_fit(n, r->players))
		return errorf(err, "%d active bots are more than a run of %d-player "
			      "sets can seat: retire some", n, r->players);
	return n < r->players ? -1 : 0;
}

/* The run begun in o->run_dir: the folders made, its run.jsonl of the
 * active versions started (the league and the run's number in its first
 * record, from the config's place), then the register's state it begins
 * under, and the run entered in the index as not closed.  0, or -1 with
 * err. */
static int begin_run(struct league_opened *o, const struct league_run *r, const char *dir,
		     char *err)
{
	struct run_manifest *m = &o->manifest;
	char *stderr_dir = path_join(dir, "stderr");
	int rc = files_mkdirs(stderr_dir, err) || files_mkdirs(o->run_dir, err) ||
		 run_manifest_create(m, o->run_dir, "league", &r->config, o->labels,
				     o->active_count, true, err) ? -1 : 0;
	cJSON *state = rc ? NULL : league_register_state(dir);

	/* Its seals on disk whatever comes (docs/FAIRNESS-LEAGUE.md, item 22). */
	m->durable = true;
	if (state)
		rc = run_manifest_record(m, state, err);
	m->set_games = r->players;  /* a set is a game a seat */
	free(stderr_dir);
	return rc ? rc : league_db_open_run(r->db, o->number, err);
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
	if (active_versions(o, r, dir, err))
		return -1;
	league_pick_init(&o->pick, o->active_count, r->players, r->concurrency);
	o->walls = r->walls ? r->walls : &o->own_walls;
	for (int a = 0; a < o->active_count; a++)
		o->pick.wall[a] = league_walls_median(o->walls, o->rating.versions[o->active[a]].id);
	league_rating_pick(&o->rating, o->active, &o->pick);
	league_luck_pick(&o->rating, o->active, &o->pick);
	league_rest_fitted(&o->rest, dir, r->rest_interval, r->trickle, &o->pick,
			   (const char *const *)o->labels);
	league_task_place(&o->place, r->league_id, o->number, o->manifest.id, r->players);
	return begin_run(o, r, dir, err);
}

int league_opened_refit(struct league_opened *o, const struct league_run *r, char *err)
{
	struct league_rating fresh;

	/* Graded first, so that the one load has their grades. */
	league_luck_grade(&o->luck, r->db, r->dir);
	if (league_rating_load(r->db, &fresh, err)) {
		league_rating_free(&fresh);
		return -1;
	}
	/* The active versions are the run's, fixed when it started. */
	league_rating_pick(&fresh, o->active, &o->pick);
	league_luck_pick(&fresh, o->active, &o->pick);
	league_rating_free(&fresh);
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
	rc = rc ? rc : league_db_put_run(r->db, o->number, true, err);
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
	for (int a = 0; o->labels && a < o->active_count; a++)
		free(o->labels[a]);
	free(o->labels);
}
