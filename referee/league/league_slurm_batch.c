/*
 * A Slurm run's batch file, DIR/runs/NNNNNN/batch-KKKKKK.json
 * (league_slurm.h; docs/LEAGUE-SLURM.md): what each element
 * of the array plays, on the storage it shares with the run:
 *
 *   {"format":"arena-league-batch/1","name":"arena-league-HEX",
 *    "key":"HEX","players":N,"tasks":[{"first":F,"sets":S,"seats":[
 *     {"id","name","number","hash","command","dir","workdir",
 *      "readable":[...]},...]},...]}
 *
 * Its key is the one the batch's secrets derive from, so the file is
 * written 0600 (a bot in the sandbox sees nothing of the league's folder)
 * and on disk before the array is submitted.
 */
#include "league/league_slurm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_folder.h"

#define BATCH_FORMAT "arena-league-batch/1"

static cJSON *seat_json(const struct league_version *v)
{
	cJSON *j = cJSON_CreateObject();

	cJSON_AddNumberToObject(j, "id", (double)v->id);
	league_version_fields(j, v);
	return j;
}

static cJSON *batch_json(const struct league_slurm_batch *b)
{
	cJSON *j = cJSON_CreateObject(), *tasks;
	char key[2 * FAIR_HASH_BYTES + 1];

	hex_encode(key, b->key, sizeof b->key);
	cJSON_AddStringToObject(j, "format", BATCH_FORMAT);
	cJSON_AddStringToObject(j, "name", b->name);
	cJSON_AddStringToObject(j, "key", key);
	cJSON_AddNumberToObject(j, "players", b->players);
	tasks = cJSON_AddArrayToObject(j, "tasks");
	for (int i = 0; i < b->count; i++) {
		cJSON *t = cJSON_CreateObject(), *seats = cJSON_CreateArray();

		cJSON_AddNumberToObject(t, "first", (double)b->tasks[i].first);
		cJSON_AddNumberToObject(t, "sets", b->tasks[i].sets);
		for (int s = 0; s < b->players; s++)
			cJSON_AddItemToArray(seats, seat_json(&b->tasks[i].seats[s]));
		cJSON_AddItemToObject(t, "seats", seats);
		cJSON_AddItemToArray(tasks, t);
	}
	return j;
}

int league_slurm_batch_write(struct league_slurm_batch *b, const char *run_dir,
			     long index, char *err)
{
	cJSON *j = batch_json(b);
	char *text = json_print_line(j);
	int rc = 0;

	free(b->path);
	b->path = path_joinf(run_dir, LEAGUE_SLURM_BATCH, index);
	if (league_file_write(b->path, O_TRUNC, 0600, text))
		rc = errorf(err, "cannot write '%s': %s", b->path, strerror(errno));
	cJSON_Delete(j);
	free(text);
	return rc;
}

/* Seat `j` of a task read into `v`, its strings in the tree. */
static bool seat_read(const cJSON *j, struct league_version *v)
{
	long id;

	if (!league_version_read(j, v) || !json_whole(json_member(j, "id"), 1, 1L << 40, &id))
		return false;
	v->id = id;
	return true;
}

/* The tasks of the tree `j`: 0, or -1. */
static int tasks_read(const cJSON *j, struct league_slurm_batch *b)
{
	const cJSON *tasks = json_member(j, "tasks"), *t;
	int i = 0;

	b->count = cJSON_GetArraySize(tasks);
	b->tasks = xcalloc((size_t)b->count + 1, sizeof *b->tasks);
	cJSON_ArrayForEach(t, tasks) {
		const cJSON *seats = json_member(t, "seats"), *s;
		long first, sets;
		int k = 0;

		if (!json_whole(json_member(t, "first"), 1, 1L << 40, &first) ||
		    !json_whole(json_member(t, "sets"), 1, 1L << 20, &sets) ||
		    cJSON_GetArraySize(seats) != b->players)
			return -1;
		b->tasks[i].first = first;
		b->tasks[i].sets = (int)sets;
		cJSON_ArrayForEach(s, seats)
			if (!seat_read(s, &b->tasks[i].seats[k++]))
				return -1;
		i++;
	}
	return 0;
}

int league_slurm_batch_read(const char *path, struct league_slurm_batch *b, char *err)
{
	char why[ERR_LEN];
	bool read;
	cJSON *j = league_json_read(path, &read, why);
	const char *format = cJSON_GetStringValue(json_member(j, "format"));
	const char *name = cJSON_GetStringValue(json_member(j, "name"));
	const char *key = cJSON_GetStringValue(json_member(j, "key"));
	long players;

	memset(b, 0, sizeof *b);
	b->path = xstrdup(path);
	b->json = j;
	if (!read)
		return errorf(err, "cannot read '%s': %s", path, strerror(errno));
	if (!j || !format || strcmp(format, BATCH_FORMAT) || !name ||
	    strlen(name) >= sizeof b->name || !key ||
	    hex_decode(b->key, sizeof b->key, key) ||
	    !json_whole(json_member(j, "players"), 2, GAME_MAX_SEATS, &players))
		return errorf(err, "%s: not a league's batch file", path);
	snprintf(b->name, sizeof b->name, "%s", name);
	b->players = (int)players;
	if (tasks_read(j, b))
		return errorf(err, "%s: not a league's batch file", path);
	return 0;
}

void league_slurm_batch_free(struct league_slurm_batch *b)
{
	/* A batch read owns its seats' lists; one written, the rating's. */
	for (int i = 0; b->json && b->tasks && i < b->count; i++)
		for (int s = 0; s < b->players; s++)
			free(b->tasks[i].seats[s].readable);
	free(b->tasks);
	free(b->path);
	cJSON_Delete(b->json);
	memset(b, 0, sizeof *b);
}
