/*
 * The other shards of a sharded Swiss run (docs/SWISS.md):
 * a round is paired from the results of every shard, so a shard reads
 * the results its peers' manifests list, in the folders beside its own
 * (its --out ends in its shard number: out/shard-2 of --shard 2/3 has the
 * peers out/shard-1 and out/shard-3).  A peer's results are trusted only
 * from a manifest of the same tournament file, the peer's own shard I/N
 * and the run's key (its folder's public key, its signature once signed),
 * whose games are those of the peer's tables seated as this shard pairs
 * them, each with a log signed by the run's key that ranks its seats as
 * the manifest says; anything else stops the run with the reason.
 */
#ifndef ARENA_TOURNAMENT_PEERS_H
#define ARENA_TOURNAMENT_PEERS_H

#include <stdbool.h>

#include "plan/schedule.h"

struct tournament_peers {
	const struct schedule *schedule;
	const char *out_dir;
	int index, count;              /* this shard: I/N */
	const unsigned char *key;      /* the run's public key */
	const char *file_sha256;       /* the tournament file's, as the
					* manifest's header says */
	const bool *finished;          /* by game: known finished */
	/* A peer's game `game` finished, its seats ranked `ranks`. */
	void (*take)(void *ctx, long game, const int *ranks);
	void *ctx;
	char *said;                    /* the last waiting line said */
};

/* The folder of shard `peer` beside `out_dir` (the folder of shard
 * `index`), a new string; NULL when `out_dir` does not end in `index`. */
char *tournament_peer_dir(const char *out_dir, int index, int peer);

/* Takes the peers' games finished in the tables seated so far: how many
 * were new, or -1 with err (a peer's manifest is not to be trusted). */
int tournament_peers_take(struct tournament_peers *p, char *err);

/* Says on stderr, once until it changes, which shard the round `round`
 * (from 0) waits for: "round 3: waiting for shard 2 (5 of 8 games)". */
void tournament_peers_waiting(struct tournament_peers *p, int round);
void tournament_peers_free(struct tournament_peers *p);

#endif
