/*
 * The files of a bot's old versions removed; see league_prune.h.
 */
#include "league/league_prune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/files.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "league/league_quota.h"

/* The versions (NAME-vK) the run going on may seat: its run.jsonl's
 * header's "bots", new (NULL when no run is open).  A run only the next
 * run will close (cut by kill -9) counts too, which keeps more, never
 * less. */
static cJSON *seated(const char *dir, sqlite3 *db)
{
	long run = league_db_last_run(db);
	char *folder = league_run_dir(dir, run), *path = outdir_run_manifest(folder);
	cJSON *header = run > 0 && !league_db_run_closed(db, run) ? logread_header(path) : NULL;
	cJSON *bots = cJSON_DetachItemFromObjectCaseSensitive(header, "bots");

	cJSON_Delete(header);
	free(path);
	free(folder);
	return bots;
}

static bool is_seated(const cJSON *bots, const struct league_version *v)
{
	const cJSON *b;
	char label[64];

	snprintf(label, sizeof label, "%s-v%d", v->name, v->number);
	cJSON_ArrayForEach(b, bots)
		if (cJSON_IsString(b) && !strcmp(b->valuestring, label))
			return true;
	return false;
}

/* Version `v`'s folder when it is one of the league's uploads, there
 * now: DIR/uploads/NAME/upload-X (built from DIR: the league's folder
 * may have moved since), new; else NULL. */
static char *upload_folder(const char *dir, const struct league_version *v)
{
	const char *base = v->workdir ? strrchr(v->workdir, '/') : NULL;
	char *tail, *folder;
	struct stat st;
	size_t n;

	if (!base || strncmp(base, "/upload-", 8) || strchr(base + 1, '/'))
		return NULL;
	tail = xasprintf("/uploads/%s%s", v->name, base);
	n = strlen(tail);
	folder = strlen(v->workdir) >= n && !strcmp(v->workdir + strlen(v->workdir) - n, tail)
		 ? path_join(dir, tail + 1) : NULL;
	free(tail);
	if (folder && (lstat(folder, &st) || !S_ISDIR(st.st_mode))) {
		free(folder);
		folder = NULL;
	}
	return folder;
}

char **league_prune_due(const char *dir, sqlite3 *db, const char *name, long keep, int coming)
{
	struct league_version *all;
	char err[ERR_LEN], **due;
	int count = db ? league_db_versions(db, &all, err) : 0, n = 0;
	cJSON *bots;

	due = xcalloc((size_t)(count > 0 ? count : 0) + 1, sizeof *due);
	if (count <= 0)
		return due;
	bots = seated(dir, db);
	for (int i = 0; i < count; i++) {
		const struct league_version *v = &all[i];
		char *folder;

		if ((name && strcmp(v->name, name)) ||
		    v->number + keep > league_version_newest(all, count, v->name)->number + coming ||
		    is_seated(bots, v) || !(folder = upload_folder(dir, v)))
			continue;
		due[n++] = folder;
	}
	cJSON_Delete(bots);
	league_versions_free(all, count);
	return due;
}

void league_prune(const char *dir, sqlite3 *db)
{
	struct league_quota q;
	char err[ERR_LEN], **due;

	if (league_quota_read(dir, &q, err)) {
		fprintf(stderr, "referee league: %s: no old version's files removed\n", err);
		return;
	}
	due = league_prune_due(dir, db, NULL, q.versions_kept, 0);
	for (char **f = due; *f; f++)
		if (files_remove_tree(*f))
			fprintf(stderr, "referee league: cannot remove %s, an old version's "
				"files: kept\n", *f);
		else
			fprintf(stderr, "referee league: removed %s, an old version's files (the "
				"league keeps each bot's newest %ld)\n", *f, q.versions_kept);
	strings_free(due);
}
