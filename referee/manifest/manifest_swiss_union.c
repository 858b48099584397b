/*
 * The shards of a sharded Swiss run checked together; see
 * manifest_swiss_union.h.
 */
#include "manifest_swiss_union.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* The run of `view` (shards `count`) in `u`, added when new. */
static struct swiss_union_run *union_run(struct manifest_swiss_union *u,
					 const struct manifest_view *v, int count)
{
	const char *name = v->name ? v->name : "";
	struct swiss_union_run *run;
	struct manifest_view *w;
	long games = (long)v->swiss.rounds * (v->swiss.bots / 2) * v->swiss.games;

	for (int i = 0; i < u->count; i++) {
		run = &u->runs[i];
		if (!strcmp(run->view.name, name) && run->shards == count &&
		    !strcmp(run->view.file_sha256, v->file_sha256) &&
		    !strcmp(run->view.key_hex, v->key_hex) &&
		    !memcmp(&run->view.swiss, &v->swiss, sizeof run->view.swiss))
			return run;
	}
	u->runs = xrealloc(u->runs, (size_t)(u->count + 1) * sizeof *u->runs);
	run = &u->runs[u->count++];
	memset(run, 0, sizeof *run);
	w = &run->view;
	w->name = xstrdup(name);
	memcpy(w->file_sha256, v->file_sha256, sizeof w->file_sha256);
	memcpy(w->key_hex, v->key_hex, sizeof w->key_hex);
	run->shards = count;
	run->given = xcalloc((size_t)count, sizeof *run->given);
	w->swiss = v->swiss;
	w->names = xcalloc((size_t)v->swiss.bots, sizeof *w->names);
	for (w->name_count = 0; w->name_count < v->swiss.bots; w->name_count++)
		w->names[w->name_count] = xstrdup(v->names[w->name_count]);
	w->path = xstrdup(v->path);
	w->players = 2;
	w->game_count = games;
	w->state = xcalloc((size_t)games + 1, 1);
	w->seats = xcalloc(2 * ((size_t)games + 1), sizeof *w->seats);
	w->ranks = xcalloc(2 * ((size_t)games + 1), 1);
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
		if (run->view.state[g]) {
			problems_add(problems, v->path, "game %ld of Swiss run '%s' "
				     "is finished in two of its shards' manifests: "
				     "give each shard's folder once", g, run->view.name);
			continue;
		}
		run->view.state[g] = MANIFEST_FINISHED;
		memcpy(&run->view.seats[2 * g], &v->seats[2 * g], 2 * sizeof *v->seats);
		memcpy(&run->view.ranks[2 * g], &v->ranks[2 * g], 2);
	}
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
			problems_add(problems, run->view.path, "a shard of the Swiss run "
				     "'%s', of which %d of its %d shards are given: "
				     "a round is paired from the results of every "
				     "shard, so its pairings cannot be checked; give "
				     "the folders of all %d shards", run->view.name, given,
				     run->shards, run->shards);
			continue;
		}
		manifest_view_swiss_check(&run->view, problems);
	}
}

void manifest_swiss_union_free(struct manifest_swiss_union *u)
{
	for (int i = 0; i < u->count; i++) {
		free(u->runs[i].given);
		manifest_view_free(&u->runs[i].view);
	}
	free(u->runs);
	memset(u, 0, sizeof *u);
}
