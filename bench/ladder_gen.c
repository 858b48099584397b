/*
 * bench/ladder_gen TEMPLATE OUT GAMES KEY: makes a tournament folder of
 * GAMES finished games for `make bench-ladder` out of a small real one.
 * TEMPLATE is the output folder of a finished tournament of T games; OUT
 * gets a manifest written and signed (with the secret key file KEY, which
 * must be the template's) by the referee's own journal writer: the
 * template's started and finished records over and over, each round's
 * game and table numbers moved on by T and the template's table count,
 * so games g and (g - 1) % T + 1 are alike, and a hard link
 * OUT/games/NNNNNN.jsonl to that template game's log, so a million games
 * take little disk.  A game counts once, known by its log's SHA-256, so
 * each game is listed with a hash of its own, made from the template
 * log's and its number: the folder serves the ladder's check that every
 * listed log exists, but `referee verify OUT` rightly refuses it (the
 * logs do not have the hashes listed, and repeat the template's games).
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

/* How far one round of the template is moved on, and the games wanted. */
struct round {
	long games, tables, total;
};

static void die(const char *what, const char *detail)
{
	fprintf(stderr, "ladder_gen: %s: %s\n", what, detail);
	exit(2);
}

/* A copy of a template record, moved on by `by`, without its chain
 * fields; NULL when no game of it is within the total.  Each finished
 * game gets a SHA-256 of its own. */
static cJSON *record_for(const cJSON *record, const struct round *by)
{
	cJSON *copy = cJSON_Duplicate(record, true), *item;
	cJSON *games = cJSON_GetObjectItemCaseSensitive(copy, "games");
	cJSON *game = cJSON_GetObjectItemCaseSensitive(copy, "game");
	cJSON *sha = cJSON_GetObjectItemCaseSensitive(copy, "sha256");
	int kept = 0;

	cJSON_DeleteItemFromObjectCaseSensitive(copy, "seq");
	cJSON_DeleteItemFromObjectCaseSensitive(copy, "prev");
	item = cJSON_GetObjectItemCaseSensitive(copy, "table");
	if (item)
		cJSON_SetNumberValue(item, item->valuedouble + (double)by->tables);
	for (int i = cJSON_GetArraySize(games) - 1; i >= 0; i--) {
		item = cJSON_GetArrayItem(games, i);
		double moved = item->valuedouble + (double)by->games;

		if (moved > (double)by->total) {
			cJSON_DeleteItemFromArray(games, i);
		} else {
			cJSON_SetNumberValue(item, moved);
			kept++;
		}
	}
	if (game) {
		long g = (long)game->valuedouble + by->games;

		kept = g <= by->total;
		cJSON_SetNumberValue(game, (double)g);
	}
	if (game && cJSON_IsString(sha)) {
		unsigned char hash[crypto_hash_sha256_BYTES];
		char input[96], hex[2 * sizeof hash + 1];

		snprintf(input, sizeof input, "%s %ld", sha->valuestring,
			 (long)game->valuedouble);
		crypto_hash_sha256(hash, (const unsigned char *)input, strlen(input));
		hex_encode(hex, hash, sizeof hash);
		cJSON_ReplaceItemInObjectCaseSensitive(copy, "sha256",
						       cJSON_CreateString(hex));
	}
	if (!kept) {
		cJSON_Delete(copy);
		return NULL;
	}
	return copy;
}

static void append(struct journal *j, cJSON *record)
{
	char err[ERR_LEN];

	if (record && journal_append(j, record, err))
		die("cannot write the manifest", err);
}

int main(int argc, char **argv)
{
	struct referee_key key;
	struct game_log manifest;
	struct journal *j;
	struct round by = {0};
	unsigned char id[FAIR_GAME_ID_BYTES];
	char err[ERR_LEN], path[4096], from[4096];
	long count = 0, tables = 0;
	cJSON *header;

	if (argc != 5 || (by.total = atol(argv[3])) < 1)
		die("usage", "ladder_gen TEMPLATE_DIR OUT_DIR GAMES SECRET_KEY_FILE");
	if (keys_load_secret(argv[4], &key, err))
		die("cannot load the key", err);
	snprintf(path, sizeof path, "%s/%s", argv[1], MANIFEST_FILE);
	if (logread_load(path, &manifest, err) || !manifest.count ||
	    !manifest.lines[0].json)
		die("cannot read the template's manifest", path);
	if (hex_decode(id, sizeof id, logread_string(&manifest, 0, "id")))
		die("the template's manifest has no \"id\"", path);
	for (size_t i = 1; i < manifest.count; i++) {
		const char *type = manifest.lines[i].type;

		if (type && !strcmp(type, "finished"))
			count++;
		if (type && !strcmp(type, "started"))
			tables++;
	}
	if (!count || count != (long)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(
			manifest.lines[0].json, "schedule_games")))
		die("the template must have finished every game, in one run", path);

	snprintf(path, sizeof path, "%s/games", argv[2]);
	if (mkdir(argv[2], 0755) || mkdir(path, 0755))
		die("cannot create the output folder", strerror(errno));
	header = cJSON_Duplicate(manifest.lines[0].json, true);
	cJSON_DeleteItemFromObjectCaseSensitive(header, "seq");
	cJSON_ReplaceItemInObjectCaseSensitive(header, "schedule_games",
					       cJSON_CreateNumber((double)by.total));
	if (!(j = manifest_create(argv[2], header, err)))
		die("cannot create the manifest", err);
	for (; by.games < by.total; by.games += count, by.tables += tables)
		for (size_t i = 1; i < manifest.count; i++) {
			const cJSON *r = manifest.lines[i].json;
			const char *type = manifest.lines[i].type;
			long g = (long)cJSON_GetNumberValue(
				cJSON_GetObjectItemCaseSensitive(r, "game"));

			if (!type || (strcmp(type, "started") && strcmp(type, "finished")))
				continue;
			if (!strcmp(type, "finished") && g + by.games <= by.total) {
				snprintf(from, sizeof from, "%s/games/%06ld.jsonl", argv[1], g);
				snprintf(path, sizeof path, "%s/games/%06ld.jsonl",
					 argv[2], g + by.games);
				if (link(from, path))
					die(from, strerror(errno));
			}
			append(j, record_for(r, &by));
		}
	header = cJSON_CreateObject();
	cJSON_AddStringToObject(header, "type", "complete");
	cJSON_AddNumberToObject(header, "finished", (double)by.total);
	append(j, header);
	if (journal_sign(j, &key, id, err))
		die("cannot sign the manifest", err);
	journal_free(j);
	logread_free(&manifest);
	return 0;
}
