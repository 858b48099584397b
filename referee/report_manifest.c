/*
 * The report's look at a tournament's manifest (report.h, TOURNAMENTS.md),
 * read by manifest_read() as a run that may still be going on: whether
 * its chain and signature hold, how many games were scheduled and
 * finished, whether the run is complete, the logs it lists as finished,
 * and whether each is still there with the SHA-256 the manifest lists.
 * A manifest being written by a running tournament is not signed yet;
 * that is said, not counted as a failure.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "files.h"
#include "manifest.h"
#include "manifest_read.h"
#include "report.h"
#include "util.h"

/* Keeps the first problem found. */
static void first_problem(void *ctx, const char *where, const char *what)
{
	char *first = ctx;

	(void)where;
	if (!*first)
		snprintf(first, ERR_LEN, "%s", what);
}

/* Lists each finished game's log and checks it against the SHA-256 the
 * manifest lists (of the games read before a problem that stopped the
 * reading, if any).  The log of game N is games/NNNNNN.jsonl (worker.c). */
static void check_finished(const struct manifest_view *view, cJSON *m)
{
	cJSON *bad = cJSON_AddArrayToObject(m, "bad_logs");
	cJSON *listed = cJSON_AddArrayToObject(m, "finished_logs");
	unsigned char sha[32];
	long hash_ok = 0;

	for (long g = 1; view->sha256 && g <= view->game_count; g++) {
		char path[32], full[4096], hex[FILES_SHA256_HEX];

		if (view->state[g] != MANIFEST_FINISHED)
			continue;
		snprintf(path, sizeof path, "games/%06ld.jsonl", g);
		cJSON_AddItemToArray(listed, cJSON_CreateString(path));
		snprintf(full, sizeof full, "%s/%s", view->dir, path);
		if (files_sha256(AT_FDCWD, full, hex) == 0 && !hex_decode(sha, sizeof sha, hex) &&
		    !memcmp(sha, view->sha256[g], sizeof sha))
			hash_ok++;
		else
			cJSON_AddItemToArray(bad, cJSON_CreateString(path));
	}
	cJSON_AddNumberToObject(m, "hashes_match", (double)hash_ok);
}

bool report_manifest(const char *dir, cJSON *data)
{
	cJSON *m = cJSON_AddObjectToObject(data, "manifest");
	char path[4096], problem[ERR_LEN] = "";
	struct problems problems = {.report = first_problem, .ctx = problem};
	struct manifest_view view;
	bool complete;
	int rc;

	snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_FILE);
	if (access(path, F_OK)) {
		cJSON_AddBoolToObject(m, "present", false);
		cJSON_AddStringToObject(m, "problem", "no manifest.jsonl: this is not "
					"a tournament's folder, or the run has not started");
		return false;
	}
	rc = manifest_read(path, NULL, MANIFEST_KEEP_HASHES | MANIFEST_RUNNING,
			   &view, &problems);
	cJSON_AddBoolToObject(m, "present", true);
	if (view.name)
		cJSON_AddStringToObject(m, "name", view.name);
	if (view.sha256) {  /* the header was read */
		cJSON_AddStringToObject(m, "game", view.game);
		cJSON_AddStringToObject(m, "shard", view.shard);
	}
	check_finished(&view, m);
	/* A manifest that cannot be read to its end says nothing of which
	 * games finished: every log of games/ is shown for what it is. */
	if (rc)
		cJSON_DeleteItemFromObjectCaseSensitive(m, "finished_logs");
	cJSON_AddNumberToObject(m, "scheduled", (double)view.game_count);
	cJSON_AddNumberToObject(m, "finished", (double)view.finished);
	cJSON_AddNumberToObject(m, "aborted", (double)view.aborted);
	cJSON_AddBoolToObject(m, "complete", view.complete);
	if (!*problem && !view.signed_)
		snprintf(problem, sizeof problem, "not signed yet: the run is going "
			 "on or was stopped");
	cJSON_AddBoolToObject(m, "signed", !*problem);
	if (*problem)
		cJSON_AddStringToObject(m, "problem", problem);
	if (view.signed_)
		cJSON_AddStringToObject(m, "key", view.key_hex);
	complete = !*problem && view.complete;
	manifest_view_free(&view);
	return complete;
}
