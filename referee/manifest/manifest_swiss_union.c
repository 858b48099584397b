/*
 * The shards of a sharded Swiss run checked together; see
 * manifest_swiss_union.h.
 */
#include "manifest_swiss_union.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "manifest_swiss.h"

/* The run of `view` (shards `count`) in `u`, added when new. */
static struct swiss_union_run *union_run(struct manifest_swiss_union *u,
					 const struct manifest_view *v, int count)
{
	const char *name = v->name ? v->name : "";
	struct swiss_union_run *run;
	long games = (long)v->swiss.rounds * (v->swiss.bots / 2) * v->swiss.games;

	for (int i = 0; i < u->count; i++) {
		run = &u->runs[i];
		if (!strcmp(run->name, name) && run->shards == count &&
		    !strcmp(run->file_sha256, v->file_sha256) &&
		    !strcmp(run->key_hex, v->key_hex) &&
		    !memcmp(&run->field, &v->swiss, sizeof run->field))
			return run;
	}
	u->runs = xrealloc(u->runs, (size_t)(u->count + 1) * sizeof *u->runs);
	run = &u->runs[u->count++];
	memset(run, 0, sizeof *run);
	run->name = xstrdup(name);
	memcpy(run->file_sha256, v->file_sha256, sizeof run->file_sha256);
	memcpy(run->key_hex, v->key_hex, sizeof run->key_hex);
	run->shards = count;
	run->given = xcalloc((size_t)count, sizeof *run->given);
	run->field = v->swiss;
	run->names = xcalloc((size_t)v->swiss.bots, sizeof *run->names);
	for (int b = 0; b < v->swiss.bots; b++)
		run->names[b] = xstrdup(v->names[b]);
	run->path = xstrdup(v->path);
	run->state = xcalloc((size_t)games + 1, 1);
	run->seats = xcalloc((size_t)games + 1, sizeof *run->seats);
	run->ranks = xcalloc((size_t)games + 1, sizeof *run->ranks);
	return run;
}

void manifest_swiss_union_add(struct manifest_swiss_union *u,
			      const struct manifest_view *v,
			      struct problems *problems)
{
	struct swiss_union_run *run;
	int index, count;

	if (!v->swiss.rounds || v->whole ||
	    sscanf(v->shard, "%d/%d", &index, &count) != 2 ||
	    index < 1 || index > count)
		return;
	run = union_run(u, v, count);
	run->given[index - 1] = true;
	for (long g = 1; g <= v->game_count; g++) {
		if (v->state[g] != MANIFEST_FINISHED)
			continue;
		if (run->state[g]) {
			problems_add(problems, v->path, "game %ld of Swiss run '%s' "
				     "is finished in two of its shards' manifests: "
				     "give each shard's folder once", g, run->name);
			continue;
		}
		run->state[g] = 1;
		for (int s = 0; s < 2; s++) {
			run->seats[g][s] = v->seats[2 * g + s];
			run->ranks[g][s] = v->ranks[2 * g + s];
		}
	}
}

static bool union_ranks(void *ctx, long game, int ranks[2])
{
	const struct swiss_union_run *run = ctx;

	if (!run->state[game])
		return false;
	memcpy(ranks, run->ranks[game], sizeof run->ranks[game]);
	return true;
}

static bool union_seats(void *ctx, long game, int seats[2])
{
	const struct swiss_union_run *run = ctx;

	if (!run->state[game])
		return false;
	memcpy(seats, run->seats[game], sizeof run->seats[game]);
	return true;
}

bool manifest_swiss_union_whole(const struct swiss_union_run *run)
{
	for (int k = 0; k < run->shards; k++)
		if (!run->given[k])
			return false;
	return true;
}

void manifest_swiss_union_check(const struct manifest_swiss_union *u,
				bool partial_ok, struct problems *problems)
{
	for (int i = 0; i < u->count; i++) {
		const struct swiss_union_run *run = &u->runs[i];
		int given = 0;

		for (int k = 0; k < run->shards; k++)
			given += run->given[k];
		if (given < run->shards && partial_ok)
			continue;
		if (given < run->shards) {
			problems_add(problems, run->path, "a shard of the Swiss run "
				     "'%s', of which %d of its %d shards are given: "
				     "a round is paired from the results of every "
				     "shard, so its pairings cannot be checked; give "
				     "the folders of all %d shards", run->name, given,
				     run->shards, run->shards);
			continue;
		}
		manifest_swiss_check(&(struct manifest_swiss_games){
			.field = &run->field, .path = run->path, .names = run->names,
			.ranks = union_ranks, .seats = union_seats,
			.ctx = (void *)run}, problems);
	}
}

void manifest_swiss_union_plan(const struct swiss_union_run *run,
			       struct swiss_plan *plan)
{
	swiss_plan(&run->field, union_ranks, (void *)run, plan);
}

void manifest_swiss_union_free(struct manifest_swiss_union *u)
{
	for (int i = 0; i < u->count; i++) {
		struct swiss_union_run *run = &u->runs[i];

		for (int b = 0; b < run->field.bots; b++)
			free(run->names[b]);
		free(run->names);
		free(run->name);
		free(run->given);
		free(run->path);
		free(run->state);
		free(run->seats);
		free(run->ranks);
	}
	free(u->runs);
	memset(u, 0, sizeof *u);
}
