/*
 * Writing tournament manifests, and reopening one to resume its run;
 * see manifest.h.
 */
#include "manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/util.h"
#include "manifest_file.h"
#include "manifest_read.h"
#include "manifest_records.h"

bool manifest_is(const char *path)
{
	cJSON *header = outdir_is_run_manifest(path) ? logread_header(path) : NULL;
	const char *verb = cJSON_GetStringValue(json_member(header, "verb"));
	bool is = outdir_is_manifest(path) || (verb && !strcmp(verb, "tournament"));

	cJSON_Delete(header);
	return is;
}

char *manifest_find(const char *dir)
{
	char *path = outdir_run_manifest(dir);

	if (!access(path, F_OK))
		return manifest_is(path) ? path : (free(path), NULL);
	free(path);
	path = outdir_manifest(dir);
	if (!access(path, F_OK))
		return path;
	free(path);
	return NULL;
}

/* What the member `name` of a header is, in words, for a message. */
static void header_words(char *out, size_t len, const char *name, const cJSON *value)
{
	char *json = value ? cJSON_PrintUnformatted(value) : NULL;

	if (!value)
		snprintf(out, len, "none");
	else if (!strcmp(name, "book_sha256"))
		snprintf(out, len, "the book of SHA-256 %s", cJSON_GetStringValue(value));
	else
		snprintf(out, len, "%.100s%s", json, strlen(json) > 100 ? "..." : "");
	free(json);
}

/* Whether an earlier run's first record differs from the header this run
 * would write, and then which setting, in `why`.  When it records the
 * tournament file, the file is compared later, field by field
 * (manifest_file.h); a run made before headers held it resumes with the
 * very same file alone. */
static bool header_differs(const cJSON *old, const cJSON *expected, char *why)
{
	static const struct { const char *member, *words; } names[] = {
		{"book_sha256", "the opening book (--openings-book, or the file's \"openings\")"},
		{"shard", "the shard (--shard)"},
		{"file_sha256", "the tournament file (its SHA-256)"},
	};
	/* A run begun by an earlier version has its header in the
	 * manifest's own format (manifest_read.h).  A run resumed by another
	 * user may be contained otherwise (one started before the header
	 * named its sandbox and seccomp filter lacks them); it may compress
	 * the logs it adds or not (verbs read both kinds), or leave out a bot
	 * that does not start or not; nor need it find the same book where
	 * it was: its hash is the same. */
	const char *skip[] = {"seq", "type", "format", "verb", "id", "fairness",
		"containment", "sandbox", "seccomp", "compress", "skip_broken",
		"book_path", "book_order", "file", "file_sha256", NULL};
	const char *words = NULL;
	char name[128], then[120], now[120];

	/* Without the file to compare, the file's SHA-256 is compared. */
	if (!json_member(old, "file"))
		skip[14] = NULL;
	if (!manifest_first_change(old, expected, skip, "", name, sizeof name))
		return false;
	for (size_t n = 0; n < sizeof names / sizeof names[0]; n++)
		if (!strcmp(names[n].member, name))
			words = names[n].words;
	header_words(then, sizeof then, name, json_member(old, name));
	header_words(now, sizeof now, name, json_member(expected, name));
	snprintf(why, ERR_LEN, "%s%s%s differs: the run was started with %s, this one "
		 "has %s", words ? "" : "\"", words ? words : name, words ? "" : "\"",
		 then, now);
	return true;
}

/* Whether a game a skipped record left out is one this run plays (by
 * `plays`, of `count` games). */
static bool plays_skipped(const struct manifest_view *view, const bool *plays, long count)
{
	for (long g = 1; plays && g <= view->game_count && g <= count; g++)
		if (view->state[g] == MANIFEST_SKIPPED && plays[g])
			return true;
	return false;
}

int manifest_reopen(const char *dir, const cJSON *expected, const bool *plays,
		    long count, struct manifest_view *view, struct run_manifest *run,
		    cJSON **versions, char *err)
{
	const cJSON *now_file = cJSON_GetObjectItemCaseSensitive(expected, "file");
	char *path = manifest_find(dir), why[ERR_LEN], first[ERR_LEN] = "";
	struct problems problems = {.report = problems_keep_first, .ctx = first};
	const struct manifest_resume *resume = &view->resume;
	int rc = -1;

	/* Another run's run.jsonl: the reader names what it is not. */
	if (!path)
		path = outdir_run_manifest(dir);
	*versions = NULL;
	*err = '\0';
	if (manifest_read(path, NULL, MANIFEST_RESUME, view, &problems) ||
	    problems.count) {
		if (*first)
			errorf(err, "cannot resume %s", first);
		if (problems.count > 1)
			snprintf(err + strlen(err), ERR_LEN - strlen(err),
				 " (and %ld more)", problems.count - 1);
	} else if (resume->file && manifest_file_check(resume->file, now_file, why))
		errorf(err, "cannot resume %s: %s", dir, why);
	else if (header_differs(resume->header, expected, why))
		errorf(err, "cannot resume %s: %s; resume with what it was started "
		       "with, or use another --out", dir, why);
	else if (view->signed_ &&
		 cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(now_file, "bots")) <=
		 view->name_count && !plays_skipped(view, plays, count))
		rc = 1;
	else if (!run_manifest_reopen(run, path, view->id, resume->bytes, &resume->chain, err))
		rc = 0;
	if (!rc && resume->file)
		*versions = manifest_file_versions(resume->file, now_file);
	free(path);
	return rc;
}
