/*
 * A play or sprt folder's manifest; see run_manifest.h.
 */
#include "run_manifest.h"

#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/outdir.h"
#include "base/util.h"
#include "manifest_format.h"
#include "match/match_set.h"
#include "plan/book.h"

/* The run's first record. */
static cJSON *run_header(const struct run_manifest *m, const char *verb,
			 const struct match_config *config, char *const *bots,
			 int count, bool duplicate)
{
	cJSON *r = json_typed("run"), *names, *book;

	cJSON_AddStringToObject(r, "format", RUN_FORMAT);
	cJSON_AddStringToObject(r, "verb", verb);
	json_add_hex(r, "id", m->id, sizeof m->id);
	/* Of revision 6 and later every log it lists names its place. */
	cJSON_AddNumberToObject(r, "fairness", FAIR_REVISION);
	/* A league's run: the league and the run's number, which its logs
	 * name too (docs/LOGS.md, the header's "place"). */
	if (config->place && config->place->league)
		cJSON_AddStringToObject(r, "league", config->place->league);
	if (config->place && config->place->run_number)
		cJSON_AddNumberToObject(r, "run_number", (double)config->place->run_number);
	cJSON_AddStringToObject(r, "game", config->rules->name);
	cJSON_AddNumberToObject(r, "players", count);
	names = cJSON_AddArrayToObject(r, "bots");
	for (int i = 0; i < count; i++)
		cJSON_AddItemToArray(names, cJSON_CreateString(bots[i]));
	if (duplicate)
		cJSON_AddTrueToObject(r, "duplicate");
	if (config->seed)
		cJSON_AddTrueToObject(r, "seeded");
	if (config->book) {
		book = cJSON_AddObjectToObject(r, "book");
		cJSON_AddStringToObject(book, "sha256", config->book->sha256);
		cJSON_AddStringToObject(book, "path", config->book->path);
		cJSON_AddStringToObject(book, "order", config->book->random ? "random"
									: "sequential");
		cJSON_AddNumberToObject(book, "first", (double)config->book_first);
		cJSON_AddNumberToObject(book, "unit", config->book_unit);
	}
	return r;
}

int run_manifest_start(struct run_manifest *m, const char *dir, cJSON *header, char *err)
{
	char *path = outdir_run_manifest(dir);

	m->dir = dir;
	m->journal = journal_create(path, err);
	free(path);
	if (!m->journal) {
		cJSON_Delete(header);
		return -1;
	}
	return run_manifest_record(m, header, err);
}

int run_manifest_reopen(struct run_manifest *m, const char *path, const unsigned char *id,
			size_t bytes, const struct chain_end *chain, char *err)
{
	memcpy(m->id, id, sizeof m->id);
	m->journal = journal_reopen(path, bytes, chain, err);
	return m->journal ? 0 : -1;
}

int run_manifest_create(struct run_manifest *m, const char *dir, const char *verb,
			const struct match_config *config, char *const *bots,
			int count, bool duplicate, char *err)
{
	memset(m, 0, sizeof *m);
	randombytes_buf(m->id, sizeof m->id);
	m->seed = match_secrets_seed(config);
	m->set_games = duplicate ? count : 1;
	m->key = config->key;
	return run_manifest_start(m, dir, run_header(m, verb, config, bots, count, duplicate),
				  err);
}

void run_manifest_commitment(const struct run_manifest *m, long game, char *hex)
{
	unsigned char c[FAIR_HASH_BYTES];
	/* A set's games share the C of its first game's secrets. */
	long dealt = game - (game - 1) % m->set_games;

	match_set_commitment(m->seed, (unsigned long)dealt, c);
	hex_encode(hex, c, sizeof c);
}

/* A seat's version, by name, number and hash. */
static cJSON *seat_version(const struct run_manifest_seat *seat)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "name", seat->name);
	cJSON_AddNumberToObject(o, "version", seat->version);
	cJSON_AddStringToObject(o, "hash", seat->hash);
	return o;
}

/* A record of `type` with the "games" first to first+count-1. */
static cJSON *games_record(const char *type, long first, int count)
{
	cJSON *r = json_typed(type), *games;

	games = cJSON_AddArrayToObject(r, "games");
	for (long game = first; game < first + count; game++)
		cJSON_AddItemToArray(games, cJSON_CreateNumber((double)game));
	return r;
}

int run_manifest_started_seated(struct run_manifest *m, long first, int count,
				const struct run_manifest_seat *seats, int n, char *err)
{
	cJSON *r = games_record("started", first, count);
	cJSON *commitments = cJSON_AddArrayToObject(r, "commitments"), *list;
	char hex[2 * FAIR_HASH_BYTES + 1];

	for (long game = first; game < first + count; game++) {
		run_manifest_commitment(m, game, hex);
		cJSON_AddItemToArray(commitments, cJSON_CreateString(hex));
	}
	list = n ? cJSON_AddArrayToObject(r, "seats") : NULL;
	for (int s = 0; s < n; s++)
		cJSON_AddItemToArray(list, seat_version(&seats[s]));
	return run_manifest_record(m, r, err) || run_manifest_seal(m, err) ? -1 : 0;
}

const cJSON *run_manifest_started_of(const struct game_log *log, size_t before, long game)
{
	const cJSON *g;

	for (size_t i = before; i-- > 1;)
		if (log->lines[i].type && !strcmp(log->lines[i].type, "started"))
			cJSON_ArrayForEach(g, json_member(log->lines[i].json, "games"))
				if (cJSON_IsNumber(g) && g->valuedouble == (double)game)
					return log->lines[i].json;
	return NULL;
}

int run_manifest_finished_with(struct run_manifest *m, long game, cJSON *more,
			       char *sha256, char *err)
{
	char *path = outdir_play_log(m->dir, game), *name = outdir_play_log(NULL, game);
	char hash[FILES_SHA256_HEX];
	cJSON *r;
	int rc;

	if (files_sha256(AT_FDCWD, path, hash)) {
		rc = errorf(err, "cannot read '%s'", path);
	} else {
		r = json_typed("finished");
		cJSON_AddNumberToObject(r, "game", (double)game);
		cJSON_AddStringToObject(r, "log", name);
		cJSON_AddStringToObject(r, "sha256", hash);
		while (more && more->child) {
			cJSON *item = cJSON_DetachItemViaPointer(more, more->child);

			cJSON_AddItemToObject(r, item->string, item);
		}
		rc = run_manifest_record(m, r, err);
		if (sha256)
			memcpy(sha256, hash, sizeof hash);
	}
	cJSON_Delete(more);
	free(path);
	free(name);
	return rc;
}

int run_manifest_dropped(struct run_manifest *m, long first, int count, const char *reason,
			 const struct run_manifest_seat *changed, char *err)
{
	cJSON *r = games_record("dropped", first, count);

	cJSON_AddStringToObject(r, "reason", reason);
	if (changed)
		cJSON_AddItemToObject(r, "version", seat_version(changed));
	return run_manifest_record(m, r, err);
}

int run_manifest_cut(struct run_manifest *m, long first, int count, const char *c,
		     char *const *logs, const long *lines, char *err)
{
	cJSON *r = games_record("cut", first, count), *names, *held;

	cJSON_AddStringToObject(r, "commitment", c);
	names = cJSON_AddArrayToObject(r, "logs");
	held = cJSON_AddArrayToObject(r, "lines");
	for (int k = 0; k < count; k++) {
		cJSON_AddItemToArray(names, logs[k] ? cJSON_CreateString(logs[k])
					   : cJSON_CreateNull());
		cJSON_AddItemToArray(held, logs[k] ? cJSON_CreateNumber((double)lines[k])
					  : cJSON_CreateNull());
	}
	return run_manifest_record(m, r, err);
}

int run_manifest_record(struct run_manifest *m, cJSON *r, char *err)
{
	return journal_append(m->journal, r, err) || journal_flush(m->journal, err)
	       ? -1 : 0;
}

int run_manifest_seal(struct run_manifest *m, char *err)
{
	return !m->key ? 0 : journal_seal(m->journal, m->key, m->id, err) ||
			     (m->durable && journal_sync(m->journal, err)) ? -1 : 0;
}

int run_manifest_sign(struct run_manifest *m, const struct referee_key *key, char *err)
{
	return journal_sign(m->journal, key, m->id, err);
}

void run_manifest_free(struct run_manifest *m)
{
	journal_free(m->journal);
	m->journal = NULL;
}

void run_manifest_discard(struct run_manifest *m)
{
	char *path;

	if (!m->journal)
		return;
	run_manifest_free(m);
	path = outdir_run_manifest(m->dir);
	unlink(path);
	free(path);
}
