/*
 * A Swiss run's manifest checked against its pairings; see
 * manifest_swiss.h.
 */
#include "manifest_swiss.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "manifest_read.h"
#include "util.h"

int manifest_swiss_field(const cJSON *file, int bots, long schedule_games,
			 struct swiss_field *field)
{
	const cJSON *format = cJSON_GetObjectItemCaseSensitive(file, "format");
	long rounds = 0;

	memset(field, 0, sizeof *field);
	if (!cJSON_IsString(format) || strcmp(format->valuestring, "swiss"))
		return 0;
	if (!json_get_int(file, "rounds", 1, 1000, &rounds) || rounds < 1 || bots < 2)
		return -1;
	field->bots = bots;
	field->rounds = (int)rounds;
	field->games = (int)(schedule_games / (rounds * (bots / 2)));
	if (field->games > 0 && (long)field->games * rounds * (bots / 2) == schedule_games)
		return 1;
	memset(field, 0, sizeof *field);
	return -1;
}

/* Game `game` of the pairing `pair`: a problem when the manifest seats
 * it otherwise. */
static void check_game(const struct manifest_swiss_games *v, long game, int round,
		       const int *pair, int g, const int *seats,
		       struct problems *problems)
{
	int want[2];

	swiss_seating(pair, g, want);
	if (seats[0] == want[0] && seats[1] == want[1])
		return;
	problems_add(problems, v->path, "game %ld seats '%s' and '%s', but the "
		     "Swiss pairing of round %d, made from the results of the "
		     "rounds before, seats '%s' and '%s': the manifest does not "
		     "follow its pairings (changed by hand, or paired otherwise)",
		     game, v->names[seats[0]], v->names[seats[1]], round + 1,
		     v->names[want[0]], v->names[want[1]]);
}

void manifest_swiss_check(const struct manifest_swiss_games *games,
			  struct problems *problems)
{
	const struct swiss_field *f = games->field;
	struct swiss_plan plan;

	swiss_plan(f, games->ranks, games->ctx, &plan);
	for (int round = 0; round < f->rounds; round++)
		for (int b = 0; b < plan.boards; b++)
			for (int g = 0; g < f->games; g++) {
				long game = swiss_game_number(f, round, b, g);
				int seats[2];

				if (!games->seats(games->ctx, game, seats))
					continue;
				if (round < plan.paired)
					check_game(games, game, round,
						   plan.pairs[round * plan.boards + b],
						   g, seats, problems);
				else
					problems_add(problems, games->path, "game %ld "
						     "of Swiss round %d finished, but "
						     "round %d has games not finished, "
						     "from which its pairing is made",
						     game, round + 1, plan.paired);
			}
	swiss_plan_free(&plan);
}

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
