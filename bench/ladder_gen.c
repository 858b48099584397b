/*
 * bench/ladder_gen TEMPLATE OUT GAMES KEY: makes a tournament folder of
 * GAMES finished games for `make bench-ladder` out of a small real one.
 * TEMPLATE is the output folder of a finished tournament; OUT gets a
 * manifest written and signed (with the secret key file KEY, which must
 * be the template's) by the referee's own journal writer, listing game g
 * as the template's game (g - 1) % T + 1 would be listed, and a hard link
 * OUT/games/NNNNNN.jsonl to that game's log, so a million games take
 * little disk.  A game counts once, known by its log's SHA-256, so each
 * game is listed with a hash of its own, made from the template log's and
 * its number: the folder serves the ladder's check that every listed log
 * exists, but `referee verify OUT` rightly refuses it (the logs do not
 * have the hashes listed, and repeat the template's games).
 */
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "journal.h"
#include "keys.h"
#include "logread.h"
#include "manifest.h"
#include "util.h"

struct template_game {
	const cJSON *scheduled, *started, *finished;
};

static void die(const char *what, const char *detail)
{
	fprintf(stderr, "ladder_gen: %s: %s\n", what, detail);
	exit(2);
}

/* A copy of a template record without its chain fields, with "game" (and
 * "log", when it has one) set for game `game`. */
static cJSON *record_for(const cJSON *record, long game, const char *log)
{
	cJSON *copy = cJSON_Duplicate(record, true);

	cJSON_DeleteItemFromObjectCaseSensitive(copy, "seq");
	cJSON_DeleteItemFromObjectCaseSensitive(copy, "prev");
	if (game > 0)
		cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(copy, "game"),
				     (double)game);
	if (log && cJSON_GetObjectItemCaseSensitive(copy, "log"))
		cJSON_ReplaceItemInObjectCaseSensitive(copy, "log",
						       cJSON_CreateString(log));
	if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(copy, "sha256"))) {
		const char *real = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(copy, "sha256"));
		unsigned char hash[crypto_hash_sha256_BYTES];
		char input[96], hex[2 * sizeof hash + 1];

		snprintf(input, sizeof input, "%s %ld", real, game);
		crypto_hash_sha256(hash, (const unsigned char *)input, strlen(input));
		hex_encode(hex, hash, sizeof hash);
		cJSON_ReplaceItemInObjectCaseSensitive(copy, "sha256",
						       cJSON_CreateString(hex));
	}
	return copy;
}

static void append(struct journal *j, cJSON *record)
{
	char err[ERR_LEN];

	if (journal_append(j, record, err))
		die("cannot write the manifest", err);
}

int main(int argc, char **argv)
{
	struct referee_key key;
	struct template_game *games;
	struct game_log manifest;
	struct journal *j;
	unsigned char id[FAIR_GAME_ID_BYTES];
	char err[ERR_LEN], path[4096], from[4096], log[64];
	long count = 0, total;
	cJSON *header;

	if (argc != 5 || (total = atol(argv[3])) < 1)
		die("usage", "ladder_gen TEMPLATE_DIR OUT_DIR GAMES SECRET_KEY_FILE");
	if (keys_load_secret(argv[4], &key, err))
		die("cannot load the key", err);
	snprintf(path, sizeof path, "%s/%s", argv[1], MANIFEST_FILE);
	if (logread_load(path, &manifest, err) || !manifest.count ||
	    !manifest.lines[0].json)
		die("cannot read the template's manifest", path);
	if (hex_decode(id, sizeof id, logread_string(&manifest, 0, "id")))
		die("the template's manifest has no \"id\"", path);
	games = xcalloc(manifest.count + 1, sizeof *games);
	for (size_t i = 1; i < manifest.count; i++) {
		const cJSON *r = manifest.lines[i].json;
		long g = (long)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(r, "game"));
		const char *type = manifest.lines[i].type;

		if (!type || g < 1 || (size_t)g > manifest.count)
			continue;
		if (!strcmp(type, "scheduled"))
			games[g].scheduled = r;
		else if (!strcmp(type, "started"))
			games[g].started = r;
		else if (!strcmp(type, "finished"))
			games[g].finished = r;
		if (g > count)
			count = g;
	}
	for (long g = 1; g <= count; g++)
		if (!games[g].scheduled || !games[g].finished)
			die("the template must have finished every game", path);

	snprintf(path, sizeof path, "%s/games", argv[2]);
	if (mkdir(argv[2], 0755) || mkdir(path, 0755))
		die("cannot create the output folder", strerror(errno));
	header = record_for(manifest.lines[0].json, 0, NULL);
	cJSON_ReplaceItemInObjectCaseSensitive(header, "schedule_games",
					       cJSON_CreateNumber((double)total));
	if (!(j = manifest_create(argv[2], header, err)))
		die("cannot create the manifest", err);
	for (long g = 1; g <= total; g++)
		append(j, record_for(games[(g - 1) % count + 1].scheduled, g, NULL));
	for (long g = 1; g <= total; g++) {
		const struct template_game *t = &games[(g - 1) % count + 1];
		const char *rel = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(t->finished, "log"));

		snprintf(log, sizeof log, "games/%06ld.jsonl", g);
		snprintf(from, sizeof from, "%s/%s", argv[1], rel ? rel : "");
		snprintf(path, sizeof path, "%s/%s", argv[2], log);
		if (link(from, path))
			die(from, strerror(errno));
		if (t->started)
			append(j, record_for(t->started, g, log));
		append(j, record_for(t->finished, g, log));
	}
	header = cJSON_CreateObject();
	cJSON_AddStringToObject(header, "type", "complete");
	cJSON_AddNumberToObject(header, "finished", (double)total);
	append(j, header);
	if (journal_sign(j, &key, id, err))
		die("cannot sign the manifest", err);
	journal_free(j);
	free(games);
	logread_free(&manifest);
	return 0;
}
