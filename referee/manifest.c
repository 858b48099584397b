/*
 * Writing and re-reading tournament manifests; see manifest.h.
 */
#include "manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "logread.h"
#include "util.h"

static char *manifest_path(const char *dir)
{
	size_t len = strlen(dir) + sizeof MANIFEST_FILE + 1;
	char *path = xmalloc(len);

	snprintf(path, len, "%s/%s", dir, MANIFEST_FILE);
	return path;
}

struct journal *manifest_create(const char *dir, cJSON *header, char *err)
{
	char *path = manifest_path(dir);
	struct journal *journal = journal_create(path, err);

	free(path);
	if (journal && journal_append(journal, header, err)) {
		journal_free(journal);
		return NULL;
	}
	if (!journal)
		cJSON_Delete(header);
	return journal;
}

/* A game number of the schedule in `record`'s "game", or 0. */
static long schedule_game(const struct manifest_state *state, const cJSON *record)
{
	long game = 0;

	return json_get_int(record, "game", 1, state->game_count, &game) ? game : 0;
}

/* Takes in one record of an earlier run, and hands each finished game and
 * each "replies" record to `on_record`. */
static int note_record(struct manifest_state *state, const cJSON *record,
		       size_t line, manifest_record_fn *on_record, void *ctx,
		       char *err)
{
	const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "type"));
	const cJSON *games = cJSON_GetObjectItemCaseSensitive(record, "games"), *entry;
	long game;

	if (!type)
		return errorf(err, "line %zu has no type", line + 1);
	if (!strcmp(type, "signature"))
		state->complete = true;
	if (!strcmp(type, "replies") && on_record)
		on_record(ctx, type, 0, record);
	if (!strcmp(type, "aborted")) {
		if (!(game = schedule_game(state, record)))
			goto bad_game;
		state->aborted[game]++;
	}
	if (strcmp(type, "finished"))
		return 0;
	if (!cJSON_IsArray(games) || !cJSON_GetArraySize(games))
		return errorf(err, "line %zu: a finished record lists its \"games\"",
			      line + 1);
	cJSON_ArrayForEach(entry, games) {
		if (!(game = schedule_game(state, entry)))
			goto bad_game;
		state->finished[game] = true;
		if (on_record)
			on_record(ctx, type, game, entry);
	}
	return 0;
bad_game:
	return errorf(err, "line %zu: \"game\" must be a game of the "
		      "schedule (1 to %ld)", line + 1, state->game_count);
}

/* Whether an earlier run's first record is the header this run would write. */
static bool same_header(const cJSON *old, const cJSON *expected)
{
	cJSON *a = cJSON_Duplicate(old, true), *b = cJSON_Duplicate(expected, true);
	bool same;

	cJSON_DeleteItemFromObjectCaseSensitive(a, "seq");
	cJSON_DeleteItemFromObjectCaseSensitive(a, "id");
	cJSON_DeleteItemFromObjectCaseSensitive(b, "id");
	same = cJSON_Compare(a, b, true);
	cJSON_Delete(a);
	cJSON_Delete(b);
	return same;
}

struct journal *manifest_reopen(const char *dir, const cJSON *expected,
				long game_count, struct manifest_state *state,
				manifest_record_fn *on_record, void *ctx,
				char *err)
{
	unsigned char hash[FAIR_HASH_BYTES] = {0};
	char *path = manifest_path(dir), prev[2 * FAIR_HASH_BYTES + 1];
	struct journal *journal = NULL;
	struct game_log log;
	const char *format;
	size_t keep = 0, lines;

	memset(state, 0, sizeof *state);
	state->game_count = game_count;
	state->finished = xcalloc((size_t)game_count + 1, sizeof *state->finished);
	state->aborted = xcalloc((size_t)game_count + 1, sizeof *state->aborted);
	if (logread_load(path, &log, err)) {
		free(path);
		return NULL;
	}
	/* A killed run may have cut its last line short: that line goes. */
	lines = log.count - (log.ends_mid_line ? 1 : 0);
	if (lines == 0 || !log.lines[0].json) {
		errorf(err, "%s has no complete first record", path);
		goto out;
	}
	format = logread_string(&log, 0, "format");
	if (!format || strcmp(format, MANIFEST_FORMAT)) {
		errorf(err, "%s is in format %s, which this referee cannot resume "
		       "(it writes %s): finish the run with the referee that "
		       "started it, or start again with another --out", path,
		       format ? format : "(none)", MANIFEST_FORMAT);
		goto out;
	}
	if (!same_header(log.lines[0].json, expected)) {
		errorf(err, "%s was made by a different tournament file or shard: "
		       "resume with the same file and --shard, or use another "
		       "--out", path);
		goto out;
	}
	for (size_t i = 0; i < lines; i++) {
		const struct log_line *line = &log.lines[i];
		const char *p = logread_string(&log, i, "prev");

		hex_encode(prev, hash, sizeof hash);
		if (!line->json || (i > 0 && (!p || strcmp(p, prev)))) {
			errorf(err, "%s is damaged at line %zu: %s", path, i + 1,
			       line->json ? "the hash chain breaks" : line->error);
			goto out;
		}
		if (note_record(state, line->json, i, on_record, ctx, err))
			goto out;
		journal_line_hash(hash, line->bytes, line->len);
		keep = (size_t)(line->bytes - log.buffer) + line->len + 1;
	}
	if (hex_decode(state->id, sizeof state->id,
		       logread_string(&log, 0, "id"))) {
		errorf(err, "%s: the first record has no valid \"id\"", path);
		goto out;
	}
	if (!state->complete)
		journal = journal_reopen(path, keep, lines, hash, err);
out:
	logread_free(&log);
	free(path);
	return journal;
}

void manifest_state_free(struct manifest_state *state)
{
	free(state->finished);
	free(state->aborted);
	memset(state, 0, sizeof *state);
}

void manifest_batch_add(struct manifest_batch *batch, cJSON *game)
{
	if (!batch->games) {
		batch->games = cJSON_CreateArray();
		batch->first_ns = now_ns();
	}
	cJSON_AddItemToArray(batch->games, game);
	batch->count++;
}

long manifest_batch_wait_ms(const struct manifest_batch *batch)
{
	int64_t waited_ms;

	if (!batch->count)
		return -1;
	waited_ms = (now_ns() - batch->first_ns) / 1000000;
	return batch->count >= MANIFEST_BATCH_GAMES || waited_ms >= MANIFEST_BATCH_MS
	       ? 0 : MANIFEST_BATCH_MS - (long)waited_ms;
}

bool manifest_batch_due(const struct manifest_batch *batch)
{
	return manifest_batch_wait_ms(batch) == 0;
}

cJSON *manifest_batch_record(struct manifest_batch *batch)
{
	cJSON *r;

	if (!batch->count)
		return NULL;
	r = cJSON_CreateObject();
	cJSON_AddStringToObject(r, "type", "finished");
	cJSON_AddItemToObject(r, "games", batch->games);
	batch->games = NULL;
	batch->count = 0;
	return r;
}

void manifest_batch_free(struct manifest_batch *batch)
{
	cJSON_Delete(batch->games);
	memset(batch, 0, sizeof *batch);
}
