/*
 * Versions whose files changed after they were added; see league_stale.h.
 */
#include "league/league_stale.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "bot/botfiles.h"
#include "league/league_folder.h"

bool league_stale_changed(const struct league_version *v, char now[65])
{
	char err[ERR_LEN];
	cJSON *files = botfiles_describe(v->command, v->dir, err);

	/* Files past the bound are not the files added, which were within
	 * it: their hash is of a list no hash of files can make. */
	if (!files) {
		cJSON *past = cJSON_CreateObject();

		cJSON_AddStringToObject(past, "sha256", "past " BOTFILES_CAP);
		files = cJSON_CreateArray();
		cJSON_AddItemToArray(files, past);
	}
	files_command_hash(v->command, files, now);
	cJSON_Delete(files);
	return strcmp(now, v->hash) != 0;
}

/* DIR/changed.json's entries (a new array; none when it is missing or
 * not what it should be). */
static cJSON *read_note(const char *dir)
{
	char *path = path_join(dir, LEAGUE_CHANGED), err[ERR_LEN];
	cJSON *j = league_json_read(path, NULL, err);
	cJSON *list = cJSON_DetachItemFromObjectCaseSensitive(j, "versions");

	if (!cJSON_IsArray(list)) {
		cJSON_Delete(list);
		list = cJSON_CreateArray();
	}
	cJSON_Delete(j);
	free(path);
	return list;
}

/* DIR/changed.json written whole with `list` (taken), or removed when it
 * is empty: 0, or -1 with err. */
static int write_note(const char *dir, cJSON *list, char *err)
{
	char *path = path_join(dir, LEAGUE_CHANGED);
	cJSON *j = cJSON_CreateObject();
	int rc = 0;

	cJSON_AddItemToObject(j, "versions", list);
	if (cJSON_GetArraySize(list))
		rc = league_json_write(dir, LEAGUE_CHANGED, j, err);
	else if (unlink(path) && errno != ENOENT)
		rc = errorf(err, "%s: %s", path, strerror(errno));
	cJSON_Delete(j);
	free(path);
	return rc;
}

/* Version `v`'s entry. */
static cJSON *entry(const struct league_version *v, const char *now, long run)
{
	cJSON *e = cJSON_CreateObject();

	cJSON_AddStringToObject(e, "name", v->name);
	cJSON_AddNumberToObject(e, "version", v->number);
	cJSON_AddStringToObject(e, "hash", v->hash);
	cJSON_AddStringToObject(e, "now", now);
	cJSON_AddNumberToObject(e, "run", (double)run);
	return e;
}

/* Whether `list` has an entry of version `v`. */
static bool listed(const cJSON *list, const struct league_version *v)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, list) {
		const char *name = cJSON_GetStringValue(json_member(e, "name"));
		const cJSON *k = json_member(e, "version");

		if (name && !strcmp(name, v->name) && cJSON_IsNumber(k) && k->valueint == v->number)
			return true;
	}
	return false;
}

/* Says on stderr that version `v` is not played. */
static void say(const struct league_version *v, const char *now, long run)
{
	fprintf(stderr, "referee league: run %06ld: %s v%d is not played: its files changed "
		"after it was added (they hash to %.12s now, not to its %.12s): add it again "
		"('referee league add') to play the files now there\n", run, v->name, v->number,
		now, v->hash);
}

void league_stale_found(const char *dir, const struct league_version *v, const char *now,
			long run)
{
	cJSON *list = read_note(dir);
	char err[ERR_LEN];

	say(v, now, run);
	if (!listed(list, v))
		cJSON_AddItemToArray(list, entry(v, now, run));
	if (write_note(dir, list, err))
		fprintf(stderr, "referee league: %s\n", err);
}

int league_stale_keep(const char *dir, const struct league_rating *lr, long run, int *active,
		      char **labels, int count, int players, char *err)
{
	cJSON *list = cJSON_CreateArray();
	char now[65], note[ERR_LEN], *left = NULL;
	int kept = 0;

	for (int a = 0; a < count; a++) {
		const struct league_version *v = &lr->versions[active[a]];

		if (!league_stale_changed(v, now)) {
			active[kept] = active[a];
			labels[kept++] = labels[a];
			continue;
		}
		say(v, now, run);
		cJSON_AddItemToArray(list, entry(v, now, run));
		free(left);
		left = xasprintf("%s v%d", v->name, v->number);
		free(labels[a]);
	}
	if (write_note(dir, list, note))
		fprintf(stderr, "referee league: %s\n", note);
	if (kept < players && left)
		errorf(err, "the league has %d bot%s it can play and its games need %d: %s "
		       "is not played (its files changed after it was added): add it again "
		       "with 'referee league add'", kept, kept == 1 ? "" : "s", players, left);
	free(left);
	return kept;
}

/* Entry `e` of the note, a version still played, said in words as its
 * "words" (what `league status` prints and /api/status gives). */
static void add_words(cJSON *e)
{
	char *text = xasprintf("%s v%d: its files changed after it was added (they hash "
			       "to %.12s now): it is not played until it is added again",
			       cJSON_GetStringValue(json_member(e, "name")),
			       json_member(e, "version")->valueint,
			       cJSON_GetStringValue(json_member(e, "now")));

	cJSON_AddStringToObject(e, "words", text);
	free(text);
}

cJSON *league_stale_list(const char *dir, sqlite3 *db)
{
	cJSON *list = read_note(dir), *e, *next;
	struct league_version *all = NULL;
	char err[ERR_LEN];
	int count = cJSON_GetArraySize(list) ? league_db_versions(db, &all, err) : 0;

	for (e = list->child; e; e = next) {
		const char *name = cJSON_GetStringValue(json_member(e, "name"));
		const cJSON *k = json_member(e, "version");
		const struct league_version *newest;

		next = e->next;
		/* Still played: its bot's newest, not retired. */
		if (!name || !cJSON_IsNumber(k) || !cJSON_IsString(json_member(e, "now")) ||
		    !(newest = league_version_newest(all, count, name)) ||
		    newest->number != k->valueint || newest->retired)
			cJSON_Delete(cJSON_DetachItemViaPointer(list, e));
		else
			add_words(e);
	}
	if (count > 0)
		league_versions_free(all, count);
	if (!cJSON_GetArraySize(list)) {
		cJSON_Delete(list);
		return NULL;
	}
	return list;
}
