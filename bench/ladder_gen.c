/*
 * bench/ladder_gen TEMPLATE OUT GAMES KEY: makes a tournament folder of
 * GAMES finished games for `make bench-ladder` out of a small real one.
 * TEMPLATE is the output folder of a finished tournament of T games; OUT
 * gets a manifest written and signed (with the secret key file KEY, which
 * must be the template's) by the referee's own writer of run.jsonl, for the
 * same tournament with more games a table, as a real run of it would be:
 * game g is the template's game t = (g - 1) % T + 1 again, at t's table,
 * so each template table's started record lists all its games, and then
 * come the finished games in game order, in full batches (a run at 500
 * games a second writes them so), with the template's "replies" record
 * again every 15,000 games (a run at 500 games a second writes one every
 * 30 s) and at the end; and a hard link
 * OUT/games/NNNNNN.jsonl to game t's log, so a million games take little
 * disk.  A game counts once, known by its log's SHA-256, so each game is
 * listed with a hash of its own, made from the template log's and its
 * number: the folder serves the ladder's check that every listed log
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

#include "base/keys.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/util.h"
#include "manifest/manifest.h"
#include "manifest/manifest_format.h"
#include "manifest/manifest_ledger.h"
#include "manifest/manifest_records.h"

static void die(const char *what, const char *detail)
{
	fprintf(stderr, "ladder_gen: %s: %s\n", what, detail);
	exit(2);
}

static void append(struct run_manifest *j, cJSON *record)
{
	char err[ERR_LEN];

	if (run_manifest_record(j, record, err))
		die("cannot write the manifest", err);
}

/* A template record without its chain fields. */
static cJSON *unchained(const cJSON *record)
{
	cJSON *copy = cJSON_Duplicate(record, true);

	cJSON_DeleteItemFromObjectCaseSensitive(copy, "seq");
	cJSON_DeleteItemFromObjectCaseSensitive(copy, "prev");
	return copy;
}

/* A template table's started record, listing every game g <= total that
 * repeats one of its games, each with that game's commitment C (the
 * ladder reads a started record as a list of games and their C). */
static cJSON *started_for(const cJSON *record, long count, long total)
{
	cJSON *copy = unchained(record), *item;
	cJSON *games = cJSON_CreateArray(), *commitments = cJSON_CreateArray();
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(record, "commitments");

	c = c ? c->child : NULL;
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(record, "games")) {
		for (long g = (long)item->valuedouble; g <= total; g += count) {
			cJSON_AddItemToArray(games, cJSON_CreateNumber((double)g));
			cJSON_AddItemToArray(commitments,
					     cJSON_CreateString(cJSON_GetStringValue(c)));
		}
		c = c ? c->next : NULL;
	}
	cJSON_ReplaceItemInObjectCaseSensitive(copy, "games", games);
	cJSON_ReplaceItemInObjectCaseSensitive(copy, "commitments", commitments);
	return copy;
}

/* Template game t's finished entry as game g's, with a SHA-256 of its
 * own. */
static cJSON *finished_for(const cJSON *record, long g)
{
	cJSON *copy = cJSON_Duplicate(record, true);
	unsigned char hash[crypto_hash_sha256_BYTES];
	char input[96], hex[2 * sizeof hash + 1];

	snprintf(input, sizeof input, "%s %ld", cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(record, "sha256")), g);
	crypto_hash_sha256(hash, (const unsigned char *)input, strlen(input));
	hex_encode(hex, hash, sizeof hash);
	cJSON_ReplaceItemInObjectCaseSensitive(copy, "sha256", cJSON_CreateString(hex));
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(copy, "game"), (double)g);
	return copy;
}

int main(int argc, char **argv)
{
	struct referee_key key;
	struct game_log manifest;
	struct manifest_ledger ledger;
	struct run_manifest *j = &ledger.run;
	const cJSON **finished, *replies = NULL, *entry;
	unsigned char id[FAIR_GAME_ID_BYTES];
	char err[ERR_LEN], *path, *from;
	long count, total;
	cJSON *header;

	if (argc != 5 || (total = atol(argv[3])) < 1)
		die("usage", "ladder_gen TEMPLATE_DIR OUT_DIR GAMES SECRET_KEY_FILE");
	if (keys_load_secret(argv[4], &key, err))
		die("cannot load the key", err);
	manifest_ledger_init(&ledger, 0);
	path = manifest_find(argv[1]);
	if (!path || logread_load(path, &manifest, err) || !manifest.count ||
	    !manifest.lines[0].json)
		die("cannot read the template's manifest", path ? path : argv[1]);
	if (hex_decode(id, sizeof id, logread_string(&manifest, 0, "id")))
		die("the template's manifest has no \"id\"", path);
	count = (long)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(
		manifest.lines[0].json, "schedule_games"));
	finished = xcalloc((size_t)count + 1, sizeof *finished);
	for (size_t i = 1; i < manifest.count; i++) {
		const cJSON *r = manifest.lines[i].json;

		if (manifest.lines[i].type && !strcmp(manifest.lines[i].type, "finished"))
			cJSON_ArrayForEach(entry, cJSON_GetObjectItemCaseSensitive(r, "games")) {
				long t = (long)cJSON_GetNumberValue(
					cJSON_GetObjectItemCaseSensitive(entry, "game"));

				if (t >= 1 && t <= count)
					finished[t] = entry;
			}
		if (manifest.lines[i].type && !strcmp(manifest.lines[i].type, "replies"))
			replies = r;
	}
	for (long t = 1; t <= count; t++)
		if (!finished[t])
			die("the template must have finished every game", path);
	if (!replies)
		die("the template has no \"replies\" record", path);

	free(path);
	path = outdir_games(argv[2]);
	if (mkdir(argv[2], 0755) || mkdir(path, 0755))
		die("cannot create the output folder", strerror(errno));
	free(path);
	header = unchained(manifest.lines[0].json);
	cJSON_ReplaceItemInObjectCaseSensitive(header, "schedule_games",
					       cJSON_CreateNumber((double)total));
	memcpy(j->id, id, sizeof id);
	if (run_manifest_start(j, argv[2], header, err))
		die("cannot create the manifest", err);
	j->key = &key;  /* each started record sealed, as a run seals it */
	for (size_t i = 1; i < manifest.count; i++)
		if (manifest.lines[i].type && !strcmp(manifest.lines[i].type, "started")) {
			append(j, started_for(manifest.lines[i].json, count, total));
			if (run_manifest_seal(j, err))
				die("cannot seal the manifest", err);
		}
	for (long g = 1; g <= total; g++) {
		long t = (g - 1) % count + 1;

		from = outdir_log(argv[1], t);
		path = outdir_log(argv[2], g);
		if (link(from, path))
			die(from, strerror(errno));
		free(from);
		free(path);
		manifest_ledger_finished(&ledger, finished_for(finished[t], g));
		if ((ledger.count == MANIFEST_BATCH_GAMES || g % 15000 == 0 || g == total) &&
		    manifest_ledger_write_finished(&ledger, err))
			die("cannot write the manifest", err);
		if (g % 15000 == 0 || g == total)
			append(j, unchained(replies));
	}
	append(j, manifest_complete_record(total));
	if (run_manifest_sign(j, &key, err))
		die("cannot sign the manifest", err);
	manifest_ledger_free(&ledger);
	free(finished);
	logread_free(&manifest);
	return 0;
}
