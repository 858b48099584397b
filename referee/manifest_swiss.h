/*
 * A Swiss run's manifest checked against its pairings (swiss.h): every
 * finished game must seat the bots that the pairing of its round, made
 * from the results the manifest lists for the rounds before, seats
 * there.  So a manifest whose pairings were changed by hand, or a run
 * that paired otherwise, fails wherever the manifest is read (verify,
 * ladder, report, --resume), with the game, the seats it lists and the
 * seats of the pairing.  The manifest's reader (manifest_read.h) hands
 * its games over through callbacks.
 */
#ifndef ARENA_MANIFEST_SWISS_H
#define ARENA_MANIFEST_SWISS_H

#include <cjson/cJSON.h>

#include "problems.h"
#include "swiss.h"

/* A Swiss run's games as its manifest lists them. */
struct manifest_swiss_games {
	const struct swiss_field *field;
	const char *path;            /* the manifest, naming the problems */
	char *const *names;          /* the bots' */
	swiss_ranks_fn *ranks;       /* a finished game's ranks, seat by seat */
	/* A finished game's bots, seat by seat: true; false when the game
	 * has not finished. */
	bool (*seats)(void *ctx, long game, int seats[2]);
	void *ctx;
};

/* The Swiss field of a manifest's header whose tournament file `file`
 * says "format": "swiss" (its rounds, and its games per pairing from
 * `schedule_games`): 1; 0 when the file is not a Swiss's; -1 when it
 * is, but its rounds and the schedule's games do not agree (no run of
 * the referee writes that: its pairings cannot be checked). */
int manifest_swiss_field(const cJSON *file, int bots, long schedule_games,
			 struct swiss_field *field);

/* Reports each finished game whose seats are not its pairing's. */
void manifest_swiss_check(const struct manifest_swiss_games *games,
			  struct problems *problems);

/* The shards of sharded Swiss runs (manifest_read.h's views of their
 * manifests), gathered to be checked as one: a round of a shard is paired
 * from the results of every shard.  Shards are of one run when they have
 * its name, tournament file (its SHA-256), key, field and shard count. */
struct swiss_union_run {
	char *name;               /* the tournament's ("" when none) */
	char file_sha256[65], key_hex[65];
	int shards;               /* N of "I/N" */
	bool *given;              /* [I - 1]: shard I was added */
	struct swiss_field field;
	char **names;             /* the bots' */
	char *path;               /* the first shard's manifest */
	unsigned char *state;     /* [game]: 1 when finished in a shard */
	int (*seats)[2], (*ranks)[2];
};

struct manifest_swiss_union {
	struct swiss_union_run *runs;
	int count;
};

struct manifest_view;

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
/* The pairings (and Buchholz) of run `run` from its shards' games. */
void manifest_swiss_union_plan(const struct swiss_union_run *run,
			       struct swiss_plan *plan);
void manifest_swiss_union_free(struct manifest_swiss_union *u);

#endif
