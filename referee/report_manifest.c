/*
 * The report's look at a tournament's manifest (report.h, TOURNAMENTS.md):
 * the hash chain and the closing signature (the scheme of FAIRNESS.md,
 * over the manifest's id), how many games were scheduled and finished,
 * whether the run is complete, the logs it lists as finished, and whether
 * each is still there with the SHA-256 the manifest lists.  A manifest being
 * written by a running tournament is not signed yet; that is said, not
 * counted as a failure.
 */
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "fair.h"
#include "files.h"
#include "journal.h"
#include "logread.h"
#include "manifest.h"
#include "report.h"
#include "util.h"

static const char *type_at(const struct game_log *log, size_t i)
{
	const char *type = logread_string(log, i, "type");

	return type ? type : "";
}

/* The first break in the chain, or 0 when every "prev" holds. */
static size_t chain_break(const struct game_log *log)
{
	unsigned char hash[FAIR_HASH_BYTES];
	char hex[2 * FAIR_HASH_BYTES + 1];

	for (size_t i = 0; i < log->count; i++) {
		const char *prev = logread_string(log, i, "prev");

		if (!log->lines[i].json)
			return i + 1;
		if (i > 0) {
			hex_encode(hex, hash, sizeof hash);
			if (!prev || strcmp(prev, hex))
				return i + 1;
		}
		journal_line_hash(hash, log->lines[i].bytes, log->lines[i].len);
	}
	return 0;
}

/* The closing signature; NULL when it holds, else why not. */
static const char *signature_problem(const struct game_log *log, char *key_hex)
{
	size_t last = log->count - 1;
	unsigned char id[FAIR_GAME_ID_BYTES], key[32], sig[crypto_sign_BYTES];
	unsigned char hash[FAIR_HASH_BYTES], message[JOURNAL_SIGNATURE_MESSAGE_BYTES];
	const char *id_hex = logread_string(log, 0, "id");
	const char *key_text = logread_string(log, last, "key");
	const char *sig_text = logread_string(log, last, "sig");

	if (last == 0 || strcmp(type_at(log, last), "signature"))
		return "not signed yet: the run is going on or was stopped";
	if (!id_hex || hex_decode(id, sizeof id, id_hex) || !key_text ||
	    hex_decode(key, sizeof key, key_text) || !sig_text ||
	    hex_decode(sig, sizeof sig, sig_text))
		return "its id, key or signature is not hex of the right length";
	snprintf(key_hex, 2 * sizeof key + 1, "%s", key_text);
	journal_line_hash(hash, log->lines[last - 1].bytes, log->lines[last - 1].len);
	journal_signature_message(message, id, last - 1, hash);
	if (crypto_sign_verify_detached(sig, message, sizeof message, key))
		return "the signature does not verify";
	return NULL;
}

/* One finished game: listed, and its log checked against the SHA-256 the
 * manifest lists.  The log of game N is games/NNNNNN.jsonl (worker.c). */
static void check_finished(const char *dir, const cJSON *entry, cJSON *listed,
			   cJSON *bad, long *hash_ok)
{
	const cJSON *game = cJSON_GetObjectItemCaseSensitive(entry, "game");
	const char *sha = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "sha256"));
	char path[32], full[4096], hex[FILES_SHA256_HEX];

	snprintf(path, sizeof path, "games/%06ld.jsonl", (long)game->valuedouble);
	cJSON_AddItemToArray(listed, cJSON_CreateString(path));
	snprintf(full, sizeof full, "%s/%s", dir, path);
	if (sha && files_sha256(AT_FDCWD, full, hex) == 0 && !strcmp(hex, sha))
		(*hash_ok)++;
	else
		cJSON_AddItemToArray(bad, cJSON_CreateString(path));
}

/* Counts the records and checks each finished game's log; the schedule's
 * size is the header's. */
static void count_games(const char *dir, const struct game_log *log, cJSON *m)
{
	long finished = 0, aborted = 0, hash_ok = 0;
	bool complete = false;
	const cJSON *size = cJSON_GetObjectItemCaseSensitive(log->lines[0].json,
							     "schedule_games");
	cJSON *bad = cJSON_AddArrayToObject(m, "bad_logs");
	cJSON *listed = cJSON_AddArrayToObject(m, "finished_logs");

	for (size_t i = 0; i < log->count; i++) {
		const char *type = type_at(log, i);
		const cJSON *entry;

		aborted += !strcmp(type, "aborted");
		complete |= !strcmp(type, "complete");
		if (strcmp(type, "finished"))
			continue;
		cJSON_ArrayForEach(entry, cJSON_GetObjectItemCaseSensitive(log->lines[i].json, "games"))
			if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(entry, "game"))) {
				finished++;
				check_finished(dir, entry, listed, bad, &hash_ok);
			}
	}
	cJSON_AddNumberToObject(m, "scheduled",
				cJSON_IsNumber(size) ? size->valuedouble : 0);
	cJSON_AddNumberToObject(m, "finished", (double)finished);
	cJSON_AddNumberToObject(m, "aborted", (double)aborted);
	cJSON_AddNumberToObject(m, "hashes_match", (double)hash_ok);
	cJSON_AddBoolToObject(m, "complete", complete);
}

bool report_manifest(const char *dir, cJSON *data)
{
	cJSON *m = cJSON_AddObjectToObject(data, "manifest");
	char path[4096], err[ERR_LEN], key_hex[65] = "";
	struct game_log log;
	const char *problem;
	size_t broken;
	bool complete;

	snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_FILE);
	if (logread_load(path, &log, err) || log.count == 0) {
		if (log.buffer || log.lines)
			logread_free(&log);
		cJSON_AddBoolToObject(m, "present", false);
		cJSON_AddStringToObject(m, "problem", "no manifest.jsonl: this is not "
					"a tournament's folder, or the run has not started");
		return false;
	}
	cJSON_AddBoolToObject(m, "present", true);
	cJSON_AddItemToObject(m, "name", cJSON_Duplicate(
		cJSON_GetObjectItemCaseSensitive(log.lines[0].json, "name"), true));
	cJSON_AddItemToObject(m, "game", cJSON_Duplicate(
		cJSON_GetObjectItemCaseSensitive(log.lines[0].json, "game"), true));
	cJSON_AddItemToObject(m, "shard", cJSON_Duplicate(
		cJSON_GetObjectItemCaseSensitive(log.lines[0].json, "shard"), true));
	count_games(dir, &log, m);
	broken = chain_break(&log);
	if (broken) {
		snprintf(err, sizeof err, "line %zu breaks the hash chain: the manifest "
			 "was changed", broken);
		problem = err;
	} else {
		problem = signature_problem(&log, key_hex);
	}
	cJSON_AddBoolToObject(m, "signed", !problem);
	if (problem)
		cJSON_AddStringToObject(m, "problem", problem);
	if (*key_hex)
		cJSON_AddStringToObject(m, "key", key_hex);
	complete = !problem && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "complete"));
	logread_free(&log);
	return complete;
}
