/*
 * The crosstable: each pair of bots' wins, draws and losses against each
 * other, computed once from the games the ladder rates (ladder.h) for
 * both `referee ladder` (points/games) and the report (W-D-L and score),
 * so that the two never show different numbers, and for the ladder's
 * order of bots its numbers tie (ratings_order.c).  A game counts as the
 * ratings count it (ratings_pairs.h): split into pairs of sides by rank
 * (ties are draws, partners of a team are one side), and in each pair
 * every bot of one side meets every bot of the other.
 */
#ifndef ARENA_CROSSTABLE_H
#define ARENA_CROSSTABLE_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "ratings.h"

struct crosstable_cell {
	long wins, draws, losses;
};

struct crosstable {
	int entrants;
	struct crosstable_cell *cells; /* [a * entrants + b]: a against b */
};

/* The crosstable of `count` (checked) games among `entrants` bots. */
void crosstable_compute(const struct rating_game *games, size_t count,
			int entrants, struct crosstable *out);
void crosstable_free(struct crosstable *table);

/* a's record against b. */
const struct crosstable_cell *crosstable_cell(const struct crosstable *table,
					      int a, int b);
/* Games of a cell and its points: a win 1, a draw 1/2. */
long crosstable_games(const struct crosstable_cell *cell);
double crosstable_points(const struct crosstable_cell *cell);

/* As the report's data carries it: {"bots": names (by entrant), "cells":
 * [[{"w", "d", "l", "score"} or null where they never met]]}. */
cJSON *crosstable_json(const struct crosstable *table, char *const *names);

#endif
