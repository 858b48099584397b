/*
 * The shards of a sharded Swiss run checked together (docs/SWISS.md): a
 * shard's manifest lists only its own games, but each round is
 * paired from the results of every shard, so `verify` and `ladder` gather
 * the finished games of all the shards they are given and check the
 * pairings over their union (manifest_swiss.h), and say when some shards
 * of a run are missing: its pairings cannot be checked then.
 */
#ifndef ARENA_MANIFEST_SWISS_UNION_H
#define ARENA_MANIFEST_SWISS_UNION_H

#include <stdbool.h>

#include "base/problems.h"
#include "manifest_read.h"

/* The shards of sharded Swiss runs (manifest_read.h's views of their
 * manifests), gathered to be checked as one: a round of a shard is paired
 * from the results of every shard.  Shards are of one run when they have
 * its name, tournament file (its SHA-256), key, field and shard count. */
struct swiss_union_run {
	/* The whole run: its name ("" when none), file_sha256, key_hex,
	 * swiss, names, path (the first shard's manifest), and the games
	 * finished in a shard (state, seats, ranks). */
	struct manifest_view view;
	int shards;               /* N of "I/N" */
	bool *given;              /* [I - 1]: shard I was added */
};

struct manifest_swiss_union {
	struct swiss_union_run *runs;
	int count;
};

/* Adds `view` when it is a shard of a Swiss run (a game finished in two
 * shards is a problem); else nothing. */
void manifest_swiss_union_add(struct manifest_swiss_union *u,
			      const struct manifest_view *view,
			      struct problems *problems);
/* Whether all the shards of `run` were added. */
bool manifest_swiss_union_whole(const struct swiss_union_run *run);
/* Checks each run's pairings over its shards' games together; a run of
 * which some shards were not added is a problem (its pairings cannot be
 * checked), or with `partial_ok` left unchecked. */
void manifest_swiss_union_check(const struct manifest_swiss_union *u,
				bool partial_ok, struct problems *problems);
void manifest_swiss_union_free(struct manifest_swiss_union *u);

#endif
