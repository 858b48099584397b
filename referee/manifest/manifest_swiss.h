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

#include "base/problems.h"
#include "plan/swiss.h"

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

#endif
