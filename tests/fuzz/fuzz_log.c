/*
 * Fuzzing the log reader and verifier.  The input is written as a log
 * file and checked with logread_load and verify_log (any signing key), as
 * `referee verify` would.  A changed byte breaks the hash chain, so on
 * its own that would never get past check_chain; the input is therefore
 * also resealed, each record's "seq" and "prev" recomputed by the real
 * writer (journal.h) and the whole signed with a fixed key, and checked
 * again: that way mutated actions, draws, forfeits and results reach the
 * commitments check and the replay through the rules.  Both checks render
 * the game in progress after every record, as `referee replay` does.
 */
#include <cjson/cJSON.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/json.h"
#include "base/logread.h"
#include "base/util.h"
#include "base/verify.h"
#include "fuzz.h"

static void render(void *ctx, size_t line, const cJSON *record,
		   const struct game_play *play)
{
	(void)ctx;
	(void)line;
	(void)record;
	if (play->state)
		free(play->rules->render(play->state));
}

static void verify_file(const char *path)
{
	const struct verify_hooks hooks = {.on_record = render};
	struct verify_summary summary;
	struct game_log log;
	char err[ERR_LEN];

	if (logread_load(path, &log, err))
		fuzz_fail("a log file written just now cannot be read");
	unlink(path);
	verify_log(&log, NULL, &hooks, &summary, err);
	logread_free(&log);
}

/* Writes the records of the input that parse, up to a signature, as a
 * new log signed with a fixed key; returns its path, or NULL when no
 * record parses. */
static const char *reseal(const uint8_t *data, size_t size)
{
	static const unsigned char seed[crypto_sign_SEEDBYTES];
	static char path[128];
	unsigned char game_id[FAIR_GAME_ID_BYTES] = {0};
	struct referee_key key;
	struct journal *journal;
	char err[ERR_LEN];
	size_t at = 0;
	bool any = false;

	snprintf(path, sizeof path, "/tmp/fuzz-log-sealed.%ld", (long)getpid());
	unlink(path);
	journal = journal_create(path, err);
	if (!journal)
		fuzz_fail(err);
	while (at < size) {
		const uint8_t *nl = memchr(data + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - data) - at : size - at;
		cJSON *record = json_parse_object((const char *)data + at, len,
						  err);
		const char *type = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(record, "type"));
		const char *id = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(record, "game_id"));

		at += len + 1;
		if (!record)
			continue;
		if (type && !strcmp(type, "signature")) {
			cJSON_Delete(record);
			break;
		}
		if (!any && id)
			hex_decode(game_id, sizeof game_id, id);
		cJSON_DeleteItemFromObjectCaseSensitive(record, "seq");
		cJSON_DeleteItemFromObjectCaseSensitive(record, "prev");
		if (journal_append(journal, record, err))
			fuzz_fail(err);
		any = true;
	}
	crypto_sign_seed_keypair(key.public_key, key.secret_key, seed);
	if (any && journal_sign(journal, &key, game_id, err))
		fuzz_fail(err);
	journal_free(journal);
	return any ? path : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *sealed;

	if (sodium_init() < 0)
		abort();
	verify_file(fuzz_write_temp("log", data, size));
	sealed = reseal(data, size);
	if (sealed)
		verify_file(sealed);
	return 0;
}
