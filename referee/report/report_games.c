/*
 * The games of a tournament folder for the report (report.h): every log
 * replayed into its page (report_replays.c), and what the report shows of
 * them gathered: the games list and which logs verified with which keys.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/keys.h"
#include "base/outdir.h"
#include "base/util.h"
#include "report.h"
#include "verify/verify_place.h"

static bool listed(const cJSON *list, const char *name)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, list)
		if (!strcmp(item->valuestring, name))
			return true;
	return false;
}

/* The logs to show of the `n` `found` (verify_place_logs()'s, in name
 * order, set-aside ones left out): until the manifest of `run` says the
 * run is complete, those it does not list as finished (games being played), only
 * counted in *playing.  Each log's names are new strings. */
static struct report_log *list_logs(char *const *found, size_t n,
				    const struct report_manifest *run, bool flat,
				    size_t *count, int *playing)
{
	struct report_log *logs = xcalloc(n + 1, sizeof *logs);
	bool only_finished = run->listed && !run->complete;

	*count = 0;
	for (size_t i = 0; i < n; i++) {
		const char *path = found[i], *file = strrchr(path, '/') + 1;

		if (only_finished && !report_manifest_finished(run, file)) {
			(*playing)++;
			continue;
		}
		logs[(*count)++] = (struct report_log){
			xstrdup(path), flat ? xstrdup(file) : outdir_games_file(NULL, file),
			xasprintf("%.*s", (int)(strlen(file) - strlen(OUTDIR_LOG_SUFFIX)), file)};
	}
	return logs;
}

/* Keeps the SHA-256 of the log of each game of the manifest, as line
 * {"sha256"} of log `name` ("games/NAME.jsonl") has it. */
static void keep_hash(struct report_manifest *run, const char *name, const cJSON *line)
{
	const char *sha = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "sha256"));
	const char *file = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	long g = outdir_log_game(file, strlen(file));

	if (run->present && g > 0 && g <= run->view.game_count && sha)
		snprintf(run->log_sha256[g], sizeof run->log_sha256[g], "%s", sha);
}

/* Whether the logs' keys are trusted, and the words for it: those of
 * keys_trust() for every key, when all of them have the same (the key
 * given, or the organiser's own default key), else KEYS_UNTRUSTED. */
static void add_trust(cJSON *verification, const cJSON *keys, bool given)
{
	char trust[KEYS_TRUST_LEN], first[KEYS_TRUST_LEN] = "";
	bool trusted = cJSON_GetArraySize(keys) > 0 || given;
	const cJSON *k;

	cJSON_ArrayForEach(k, keys) {
		trusted &= keys_trust(trust, k->valuestring, given);
		if (!first[0])
			memcpy(first, trust, sizeof first);
		trusted &= !strcmp(first, trust);
	}
	cJSON_AddBoolToObject(verification, "trusted", trusted);
	cJSON_AddStringToObject(verification, "trust", !trusted ? KEYS_UNTRUSTED
				: first[0] ? first : KEYS_TRUSTED);
}

int report_games(const char *dir, const char *out, struct report_manifest *run,
		 const unsigned char *trusted_key, report_warn_fn *warn, cJSON *data,
		 char *err)
{
	cJSON *games = cJSON_AddArrayToObject(data, "games"), *failed = cJSON_CreateArray();
	cJSON *keys = cJSON_CreateArray(), *verification, **lines;
	struct report_log *logs;
	char *games_dir = outdir_games(dir), **found;
	int rc, playing = 0, verified = 0;
	size_t count = 0, n = 0;
	struct stat st;
	/* A play or sprt folder holds its logs itself. */
	bool flat = stat(games_dir, &st) || !S_ISDIR(st.st_mode);

	free(games_dir);
	if (!(found = verify_place_logs(dir, &n, err))) {
		cJSON_Delete(failed);
		cJSON_Delete(keys);
		return -1;
	}
	logs = list_logs(found, n, run, flat, &count, &playing);
	lines = xcalloc(count + 1, sizeof *lines);
	rc = report_replays(out, logs, count, trusted_key, warn, lines, err);
	for (size_t i = 0; i < count; i++) {
		cJSON *entry, *key;

		if (!lines[i])
			continue;
		keep_hash(run, logs[i].log, lines[i]);
		entry = cJSON_DetachItemFromObjectCaseSensitive(lines[i], "entry");
		key = cJSON_GetObjectItemCaseSensitive(lines[i], "key");
		cJSON_AddItemToArray(games, entry);
		if (cJSON_IsString(key)) {
			verified++;
			if (!listed(keys, key->valuestring))
				cJSON_AddItemToArray(keys, cJSON_CreateString(key->valuestring));
		} else {
			cJSON_AddItemToArray(failed, cJSON_Duplicate(entry, true));
		}
		cJSON_Delete(lines[i]);
	}
	for (size_t i = 0; i < count; i++) {
		free(logs[i].path);
		free(logs[i].log);
		free(logs[i].base);
	}
	free(lines);
	free(logs);
	strings_free(found);
	verification = cJSON_AddObjectToObject(data, "verification");
	cJSON_AddNumberToObject(verification, "logs", (double)count);
	cJSON_AddNumberToObject(verification, "verified", verified);
	cJSON_AddNumberToObject(verification, "in_progress", playing);
	cJSON_AddItemToObject(verification, "failed", failed);
	cJSON_AddItemToObject(verification, "keys", keys);
	add_trust(verification, keys, trusted_key != NULL);
	return rc;
}
