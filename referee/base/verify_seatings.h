/*
 * The seatings of a duplicate set's games checked together
 * (docs/FAIRNESS.md, "Duplicate sets", item 6): a set deals every seat
 * position the same luck in each of its n games, so it only cancels luck
 * when those games seat the same n bots in n different rotations of game
 * 0's seating.  A bot is known by its name and its command, as each log's
 * header "players" lists them.  The check is on seatings alone, which
 * verify_sets.c reads from the logs of a set.
 */
#ifndef ARENA_VERIFY_SEATINGS_H
#define ARENA_VERIFY_SEATINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"

/* One game of a set, as its log's header seats it. */
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

#endif
