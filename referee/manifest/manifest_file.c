/*
 * The tournament file a manifest records, and the bots' new versions;
 * see manifest_file.h.
 */
#include "manifest_file.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "manifest_records.h"

/* What may change of the file: how the run goes, which the command
 * line's flags override anyway; its bots, entry by entry, below. */
static const char *const run_fields[] = {
	"concurrency", "sandbox", "containment", "bots", NULL,
};
/* What may change of a bot's entry: how it is run. */
static const char *const bot_run_fields[] = {
	"command", "workdir", "readable", "env", "pass_env", NULL,
};

static bool listed(const char *const *list, const char *key)
{
	for (; list && *list; list++)
		if (!strcmp(*list, key))
			return true;
	return false;
}

bool manifest_first_change(const cJSON *a, const cJSON *b, const char *const *skip,
			   const char *prefix, char *path, size_t size)
{
	const cJSON *sides[2] = {a, b}, *item;

	for (int side = 0; side < 2; side++)
		cJSON_ArrayForEach(item, sides[side]) {
			const cJSON *x = cJSON_GetObjectItemCaseSensitive(a, item->string);
			const cJSON *y = cJSON_GetObjectItemCaseSensitive(b, item->string);
			char here[256];

			if (listed(skip, item->string))
				continue;
			snprintf(here, sizeof here, "%s%s.", prefix, item->string);
			if (cJSON_IsObject(x) && cJSON_IsObject(y)) {
				if (manifest_first_change(x, y, NULL, here, path, size))
					return true;
			} else if (!x || !y || !cJSON_Compare(x, y, true)) {
				snprintf(path, size, "%.*s", (int)strlen(here) - 1, here);
				return true;
			}
		}
	return false;
}

int manifest_file_apply(cJSON *file, const cJSON *record)
{
	cJSON *bots = cJSON_GetObjectItemCaseSensitive(file, "bots"), *old;
	const cJSON *entry = cJSON_GetObjectItemCaseSensitive(record, "entry");
	long b = -1;

	if (!json_get_int(record, "bot", 0, cJSON_GetArraySize(bots) - 1, &b) ||
	    b < 0 || !(old = cJSON_GetArrayItem(bots, (int)b)) ||
	    !cJSON_Compare(cJSON_GetObjectItemCaseSensitive(old, "name"),
			   cJSON_GetObjectItemCaseSensitive(entry, "name"), true))
		return -1;
	cJSON_ReplaceItemInArray(bots, (int)b, cJSON_Duplicate(entry, true));
	return 0;
}

int manifest_file_grow(cJSON *file, const cJSON *record)
{
	cJSON *bots = cJSON_GetObjectItemCaseSensitive(file, "bots");
	const cJSON *entries = cJSON_GetObjectItemCaseSensitive(record, "entries"), *entry;
	long b = -1;

	if (!cJSON_IsArray(bots) || !json_get_int(record, "bot", 0, INT_MAX, &b) ||
	    b != cJSON_GetArraySize(bots))
		return -1;
	cJSON_ArrayForEach(entry, entries)
		cJSON_AddItemToArray(bots, cJSON_Duplicate(entry, true));
	return 0;
}

/* The run's bots keep their places; new ones come after them.  -1 with
 * err when `now` removes one or puts another in its place. */
static int check_places(const cJSON *old_bots, const cJSON *new_bots, char *err)
{
	int count = cJSON_GetArraySize(old_bots);

	if (cJSON_GetArraySize(new_bots) < count)
		return errorf(err, "\"bots\" lacks %d of the run's %d bots: "
			      "a bot cannot be removed from a run, whose games "
			      "stand (new bots are added at the end of \"bots\"); "
			      "put it back, or start a new run with another --out",
			      count - cJSON_GetArraySize(new_bots), count);
	for (int b = 0; b < count; b++) {
		const cJSON *was = cJSON_GetObjectItemCaseSensitive(
			cJSON_GetArrayItem(old_bots, b), "name");
		const cJSON *is = cJSON_GetObjectItemCaseSensitive(
			cJSON_GetArrayItem(new_bots, b), "name");

		if (cJSON_IsString(was) && cJSON_IsString(is) &&
		    strcmp(was->valuestring, is->valuestring))
			return errorf(err, "\"bots[%d].name\" is '%s', not '%s': "
				      "the run's bots keep their places, and a new "
				      "bot is added at the end of \"bots\" (its "
				      "tables are added to the schedule); put '%s' "
				      "back in place %d, or start a new run with "
				      "another --out", b, is->valuestring,
				      was->valuestring, was->valuestring, b);
	}
	return 0;
}

int manifest_file_check(const cJSON *old, const cJSON *now, char *err)
{
	const cJSON *old_bots = cJSON_GetObjectItemCaseSensitive(old, "bots");
	const cJSON *new_bots = cJSON_GetObjectItemCaseSensitive(now, "bots");
	char path[300], prefix[32];

	if (manifest_first_change(old, now, run_fields, "", path, sizeof path))
		goto refuse;
	snprintf(path, sizeof path, "bots");
	if (!cJSON_IsArray(old_bots) || !cJSON_IsArray(new_bots))
		goto refuse;
	if (check_places(old_bots, new_bots, err))
		return -1;
	for (int b = 0; b < cJSON_GetArraySize(old_bots); b++) {
		snprintf(prefix, sizeof prefix, "bots[%d].", b);
		if (manifest_first_change(cJSON_GetArrayItem(old_bots, b),
				 cJSON_GetArrayItem(new_bots, b), bot_run_fields,
				 prefix, path, sizeof path))
			goto refuse;
	}
	return 0;
refuse:
	return errorf(err, "\"%s\" is not what the run was started with: a "
		      "resumed run may change how a bot is run (its command, "
		      "workdir, readable, env and pass_env: its next games are "
		      "played by the new version) and add bots at the end of "
		      "\"bots\" (their tables are added to the schedule), "
		      "nothing that changes the schedule or the games; put it "
		      "back, or start a new run with another --out", path);
}

cJSON *manifest_file_versions(const cJSON *old, const cJSON *now)
{
	const cJSON *old_bots = cJSON_GetObjectItemCaseSensitive(old, "bots");
	const cJSON *new_bots = cJSON_GetObjectItemCaseSensitive(now, "bots");
	cJSON *records = cJSON_CreateArray();

	/* Bots added since are not new versions: a "grown" record adds them. */
	for (int b = 0; b < cJSON_GetArraySize(old_bots); b++) {
		const cJSON *entry = cJSON_GetArrayItem(new_bots, b);

		if (!cJSON_Compare(cJSON_GetArrayItem(old_bots, b), entry, true))
			cJSON_AddItemToArray(records, manifest_bot_record(b, entry));
	}
	return records;
}
