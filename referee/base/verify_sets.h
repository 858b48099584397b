/*
 * The logs of duplicate sets checked together (docs/FAIRNESS.md,
 * "Duplicate sets"): each log of a set verifies alone (verify.h), but only
 * side by side can the logs of a set be seen to share one commitment, one
 * exchange and one S, to be all there (a complete set has n games, one
 * of each number k) and to seat the same bots in n different rotations
 * (verify_seatings_problem()).  `referee verify` gathers the logs that verified
 * and, over several logs or a folder, reports each set that fails.
 */
#ifndef ARENA_VERIFY_SETS_H
#define ARENA_VERIFY_SETS_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"
#include "logread.h"

/* The seatings of a duplicate set's games checked together
 * (docs/FAIRNESS.md, "Duplicate sets", item 6): a set deals every seat
 * position the same luck in each of its n games, so it only cancels luck
 * when those games seat the same n bots in n different rotations of game
 * 0's seating.  A bot is known by its name and its command, as each log's
 * header "players" lists them.  The check is on seatings alone, which
 * verify_sets_add() reads from the logs of a set: one game of a set, as
 * its log's header seats it. */
struct verify_seating {
	long game;                  /* its number in the set, from 0 */
	const char *path;           /* its log, to name it */
	int seats;
	const char *name[GAME_MAX_SEATS];
	const char *command[GAME_MAX_SEATS];
};

/* The first problem of the seatings of a set's `count` games (game 0
 * among them, each game once, all with as many seats), in `what`; false
 * when they are n different rotations of game 0's. */
bool verify_seatings_problem(const struct verify_seating *games, size_t count,
			     char *what, size_t size);

struct verify_sets;

struct verify_sets *verify_sets_new(void);

/* Adds the log, which verified alone: its header and the records its set
 * shares (a digest, verify_pool.h, has them); a log whose header names no
 * set is not kept. */
void verify_sets_add(struct verify_sets *sets, const struct game_log *log);

/* Whether verify_sets_add() reads the records of type `type` (beside the
 * header) of a set's log. */
bool verify_sets_reads(const char *type);

/* Calls report(ctx, "set ID", what) for each problem of each set, in the
 * order the sets were first seen. */
void verify_sets_report(const struct verify_sets *sets,
			void (*report)(void *ctx, const char *where,
				       const char *what),
			void *ctx);

/* NULL is fine. */
void verify_sets_free(struct verify_sets *sets);

#endif
