/*
 * The report's look at a tournament's manifest (report.h, TOURNAMENTS.md),
 * read by manifest_read() as a run that may still be going on: whether
 * its chain and signature hold, how many games were scheduled and
 * finished, whether the run is complete, how many games and sets a stop
 * cut and a resumed run dealt again, the logs it lists as finished,
 * and whether each is still there with the SHA-256 the manifest lists
 * (as the report's workers hashed it, reading it once: report_games).
 * A manifest being written by a running tournament is not signed yet;
 * that is said, not counted as a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/outdir.h"
#include "base/util.h"
#include "ladder/sprt_check.h"
#include "manifest/manifest.h"
#include "manifest/manifest_cut.h"
#include "manifest/manifest_read.h"
#include "report.h"
#include "verify/verify_run.h"

/* Keeps the first problem found. */
static void first_problem(void *ctx, const char *where, const char *what)
{
	char *first = ctx;

	(void)where;
	if (!*first)
		snprintf(first, ERR_LEN, "%s", what);
}

void report_manifest_hashes(const struct report_manifest *run, cJSON *data)
{
	const struct manifest_view *view = &run->view;
	cJSON *m = cJSON_GetObjectItemCaseSensitive(data, "manifest"), *bad;
	unsigned char sha[32];
	long hash_ok = 0;

	if (!run->present)
		return;
	bad = cJSON_AddArrayToObject(m, "bad_logs");
	/* Of the games read before a problem that stopped the reading, if
	 * any. */
	for (long g = 1; view->sha256 && g <= view->game_count; g++) {
		char *path;

		if (view->state[g] != MANIFEST_FINISHED)
			continue;
		if (!hex_decode(sha, sizeof sha, run->log_sha256[g]) &&
		    !memcmp(sha, view->sha256[g], sizeof sha)) {
			hash_ok++;
			continue;
		}
		path = outdir_log(NULL, g);
		cJSON_AddItemToArray(bad, cJSON_CreateString(path));
		free(path);
	}
	cJSON_AddNumberToObject(m, "hashes_match", (double)hash_ok);
}

/* The logs set aside ("aborted": an aborted record without a log, of a
 * game that never began, sets none aside), the games and sets a stop cut
 * and a resumed run dealt again: "cut_games", "cut_sets" and, when there
 * were any, "cut", the sentence `referee verify` and `referee ladder`
 * print (manifest_cut.h). */
static void add_cut(cJSON *m, const struct manifest_view *view)
{
	struct manifest_cut cut;
	char text[MANIFEST_CUT_LEN];

	manifest_cut_count(view, &cut);
	cJSON_AddNumberToObject(m, "aborted", (double)cut.logs);
	cJSON_AddNumberToObject(m, "cut_games", (double)cut.games);
	cJSON_AddNumberToObject(m, "cut_sets", (double)cut.sets);
	if (cut.logs)
		cJSON_AddStringToObject(m, "cut", manifest_cut_text(&cut, text));
}

/* The problems of a play or sprt folder, in verify's words. */
struct run_problems {
	const char *dir;
	cJSON *list;
};

/* Keeps one as "PATH: FAILED: what", PATH relative to the folder. */
static void run_problem(void *ctx, const char *where, const char *what)
{
	struct run_problems *found = ctx;
	size_t len = strlen(found->dir);
	char *line = xasprintf("%s: FAILED: %s", !strncmp(where, found->dir, len) &&
			       where[len] == '/' ? where + len + 1 : where, what);

	cJSON_AddItemToArray(found->list, cJSON_CreateString(line));
	free(line);
}

/* A play or sprt folder (a run.jsonl not of a tournament): checked as
 * `referee verify` checks it, each problem in "run_problems". */
static void report_run(const char *dir, const unsigned char *trusted_key,
		       cJSON *m, struct report_manifest *run)
{
	struct run_problems found = {dir, cJSON_AddArrayToObject(m, "run_problems")};

	verify_run(dir, trusted_key, grade_sprt_check,
		   &(struct problems){.report = run_problem, .ctx = &found});
	run->run_problems = cJSON_GetArraySize(found.list);
	cJSON_AddStringToObject(m, "problem", run->run_problems
				? OUTDIR_RUN_MANIFEST ": a play or sprt run whose folder "
				  "is not the whole its manifest lists, as referee verify "
				  "says:"
				: OUTDIR_RUN_MANIFEST ": a play or sprt run, every log "
				  "listed with its commitment C and its SHA-256, nothing "
				  "else, signed");
}

void report_manifest(const char *dir, const unsigned char *trusted_key,
		     cJSON *data, struct report_manifest *run)
{
	cJSON *m = cJSON_AddObjectToObject(data, "manifest");
	char *path = manifest_find(dir), problem[ERR_LEN] = "";
	struct problems problems = {.report = first_problem, .ctx = problem};
	struct manifest_view *view = &run->view;
	int rc;

	memset(run, 0, sizeof *run);
	if (!path) {
		cJSON_AddBoolToObject(m, "present", false);
		if (verify_run_is(dir))
			report_run(dir, trusted_key, m, run);
		else
			cJSON_AddStringToObject(m, "problem", "no " OUTDIR_RUN_MANIFEST ": this "
						"is not a tournament's folder, or the run has "
						"not started");
		return;
	}
	rc = manifest_read(path, trusted_key, MANIFEST_KEEP_HASHES | MANIFEST_RUNNING,
			   view, &problems);
	free(path);
	run->present = true;
	run->log_sha256 = xcalloc((size_t)view->game_count + 1, sizeof *run->log_sha256);
	/* A manifest that cannot be read to its end says nothing of which
	 * games finished: every log of games/ is shown for what it is. */
	run->listed = rc == 0;
	cJSON_AddBoolToObject(m, "present", true);
	if (view->name)
		cJSON_AddStringToObject(m, "name", view->name);
	if (view->sha256) {  /* the header was read */
		cJSON_AddStringToObject(m, "game", view->game);
		cJSON_AddStringToObject(m, "shard", view->shard);
	}
	cJSON_AddNumberToObject(m, "scheduled", (double)view->game_count);
	cJSON_AddNumberToObject(m, "finished", (double)view->finished);
	add_cut(m, view);
	cJSON_AddBoolToObject(m, "complete", view->has_complete_record);
	/* "open": read whole with its chain holding, but not signed: the run
	 * has not ended (it goes on, or was stopped). */
	cJSON_AddBoolToObject(m, "open", !*problem && !view->signed_);
	if (!*problem && !view->signed_)
		snprintf(problem, sizeof problem, "not signed yet: the run is going "
			 "on or was stopped");
	cJSON_AddBoolToObject(m, "signed", !*problem);
	if (*problem)
		cJSON_AddStringToObject(m, "problem", problem);
	if (view->signed_)
		cJSON_AddStringToObject(m, "key", view->key_hex);
	run->complete = !*problem && view->has_complete_record;
}

bool report_manifest_finished(const struct report_manifest *run, const char *name)
{
	long g = outdir_log_game(name, strlen(name));

	return g > 0 && g <= run->view.game_count &&
	       run->view.state[g] == MANIFEST_FINISHED;
}

void report_manifest_free(struct report_manifest *run)
{
	if (run->present)
		manifest_view_free(&run->view);
	free(run->log_sha256);
	memset(run, 0, sizeof *run);
}
