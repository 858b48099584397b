/*
 * `referee verify`'s paths checked in their order; see verify_paths.h.
 */
#include "verify_paths.h"

#include <stdlib.h>
#include <sys/stat.h>

#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/verify_sets.h"
#include "manifest/manifest.h"
#include "manifest/manifest_cut.h"
#include "manifest/manifest_swiss_union.h"
#include "verify_book.h"
#include "verify_place.h"
#include "verify_run.h"

/* The check going on: the logs gathered since the last tournament, to be
 * verified at once, and the logs that verified, by set. */
struct check {
	const unsigned char *key;
	bool unsigned_ok;
	int jobs;
	const struct verify_paths_events *events;
	char **paths;
	size_t count;
	struct verify_sets *sets;
	struct manifest_swiss_union swiss; /* the shards of Swiss runs */
	struct verify_run *run;       /* the play or sprt folder being checked */
	struct problems run_problems; /* its */
};

static void told_outcome(void *ctx, size_t index, const struct verify_outcome *o)
{
	struct check *c = ctx;

	struct problems problems = {.report = c->events->problem, .ctx = c->events->ctx};
	char notice[ERR_LEN + 512];

	if (o->status == VERIFY_OK)
		verify_sets_add(c->sets, o->digest);
	if (c->run && o->digest)
		verify_run_log(c->run, o->digest);
	c->events->log(c->events->ctx, c->paths[index], o);
	/* A game with an opening book's line, outside a tournament's
	 * folder: its line against the schedule its header gives. */
	if (o->status == VERIFY_OK) {
		verify_book_log(o->digest, &problems, notice, sizeof notice);
		if (*notice)
			c->events->notice(c->events->ctx, c->paths[index], notice);
	}
}

/* The logs gathered so far, verified at once: 0, or -1 with err. */
static int flush(struct check *c, char *err)
{
	int rc = 0;

	if (c->count && verify_pool_run(c->paths, c->count, c->key, c->jobs,
					c->unsigned_ok ? VERIFY_POOL_UNSIGNED : 0,
					told_outcome, c, err) < 0)
		rc = -1;
	for (size_t i = 0; i < c->count; i++)
		free(c->paths[i]);
	c->count = 0;
	return rc;
}

static void gather(struct check *c, const char *path)
{
	c->paths = xrealloc(c->paths, (c->count + 1) * sizeof *c->paths);
	c->paths[c->count++] = xstrdup(path);
}

/* A run's folder: its records, then its logs, each checked against them
 * as it is verified (a tournament's check verifies its own, streamed),
 * then the folder; of a tournament, its line.  0, or -1 with err when the
 * workers failed. */
static int check_run(struct check *c, const char *path, char **logs, size_t count,
		     char *err)
{
	struct problems problems = {.report = c->events->problem, .ctx = c->events->ctx};
	const struct manifest_view *view;
	char said[ERR_LEN + MANIFEST_CUT_LEN];
	int rc = flush(c, err);

	if (rc)
		return rc;
	c->run_problems = problems;
	c->run = verify_run_open(path, c->key, c->jobs, c->events->pairs_check,
				 &c->run_problems, said, sizeof said);
	view = verify_run_view(c->run);
	if (*said)
		c->events->notice(c->events->ctx, view->dir, said);
	for (size_t i = 0; i < count; i++)
		gather(c, logs[i]);
	rc = flush(c, err);
	verify_run_check(c->run);
	if (view)
		manifest_swiss_union_add(&c->swiss, view, &c->run_problems);
	verify_run_counts_text(c->run, said, sizeof said);
	if (view && !c->run_problems.count)
		c->events->tournament(c->events->ctx, view, c->key != NULL);
	if (*said)
		c->events->notice(c->events->ctx, view ? view->dir : path, said);
	verify_run_close(c->run);
	c->run = NULL;
	return rc;
}

/* One path: a run's folder checked now, or logs gathered.  0, or -1 with
 * err when the workers failed. */
static int check_path(struct check *c, const char *path, char *err)
{
	char *manifest = NULL, why[ERR_LEN], **logs;
	struct stat st;
	size_t count;
	int rc = 0;

	if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
		if ((outdir_is_run_manifest(path) || outdir_is_manifest(path)) &&
		    !stat(path, &st)) {
			/* A run's record, not a game's log: its folder is
			 * what it vouches for. */
			char *dir = path_parent(path);

			rc = check_path(c, dir, err);
			free(dir);
		} else
			gather(c, path);
	} else if ((manifest = manifest_find(path))) {
		rc = check_run(c, path, NULL, 0, err);
	} else if (!(logs = verify_place_logs(path, &count, why)) ||
		   (!count && !verify_run_is(path))) {
		c->events->unusable(c->events->ctx, path, logs ? "holds no game log "
				    "and no " OUTDIR_RUN_MANIFEST : why);
		strings_free(logs);
	} else {
		if (verify_run_is(path))
			rc = check_run(c, path, logs, count, err);
		for (size_t i = 0; !verify_run_is(path) && i < count; i++)
			gather(c, logs[i]);
		strings_free(logs);
	}
	free(manifest);
	return rc;
}

int verify_paths(char *const *paths, int count, const unsigned char *key,
		 bool unsigned_ok, int jobs,
		 const struct verify_paths_events *events, char *err)
{
	struct check c = {.key = key, .unsigned_ok = unsigned_ok, .jobs = jobs,
			  .events = events,
			  .sets = verify_sets_new(), .swiss = {0}};
	struct stat st;
	int rc = 0;

	for (int i = 0; i < count && !rc; i++)
		rc = check_path(&c, paths[i], err);
	rc = rc ? rc : flush(&c, err);
	if (!rc)
		manifest_swiss_union_check(&c.swiss, false, &(struct problems){
			.report = events->problem, .ctx = events->ctx});
	manifest_swiss_union_free(&c.swiss);
	/* A log given alone is checked alone. */
	if (!rc && (count > 1 || (!stat(paths[0], &st) && S_ISDIR(st.st_mode))))
		verify_sets_report(c.sets, events->problem, events->ctx);
	verify_sets_free(c.sets);
	for (size_t i = 0; i < c.count; i++)   /* left after a failure */
		free(c.paths[i]);
	free(c.paths);
	return rc;
}
