/*
 * The crosstable; see crosstable.h.
 */
#include "crosstable.h"

#include <math.h>
#include <stdlib.h>

#include "base/util.h"
#include "ratings_pairs.h"

/* Counts `times` results worth `y` (1, 1/2 or 0) in a cell. */
static void count(struct crosstable_cell *c, double y, long times)
{
	c->wins += y == 1 ? times : 0;
	c->draws += y == 0.5 ? times : 0;
	c->losses += y == 0 ? times : 0;
}

/* Adds one pair of sides: every bot of its first side (coefficient above
 * 0) against every bot of its second, as often as the seats they hold
 * multiply. */
static void add_pair(struct crosstable *t, const struct rating_pair *p)
{
	for (int i = 0; i < p->n; i++)
		for (int j = 0; j < p->n; j++)
			if (p->coef[i] > 0 && p->coef[j] < 0) {
				long times = (long)p->coef[i] * -p->coef[j];
				int a = p->who[i], b = p->who[j];

				count(&t->cells[a * t->entrants + b], p->y, times);
				count(&t->cells[b * t->entrants + a], 1 - p->y, times);
			}
}

void crosstable_compute(const struct rating_game *games, size_t count,
			int entrants, struct crosstable *out)
{
	struct rating_pair pairs[RATINGS_MAX_PAIRS];

	out->entrants = entrants;
	out->cells = xcalloc((size_t)entrants * (size_t)entrants + 1, sizeof *out->cells);
	for (size_t g = 0; g < count; g++) {
		int n = ratings_game_pairs(&games[g], NAN, pairs);

		for (int q = 0; q < n; q++)
			add_pair(out, &pairs[q]);
	}
}

void crosstable_free(struct crosstable *table)
{
	free(table->cells);
	table->cells = NULL;
}

const struct crosstable_cell *crosstable_cell(const struct crosstable *table,
					      int a, int b)
{
	return &table->cells[a * table->entrants + b];
}

long crosstable_games(const struct crosstable_cell *cell)
{
	return cell->wins + cell->draws + cell->losses;
}

double crosstable_points(const struct crosstable_cell *cell)
{
	return (double)cell->wins + (double)cell->draws / 2;
}

static cJSON *cell_json(const struct crosstable_cell *c)
{
	cJSON *cell = cJSON_CreateObject();

	cJSON_AddNumberToObject(cell, "w", (double)c->wins);
	cJSON_AddNumberToObject(cell, "d", (double)c->draws);
	cJSON_AddNumberToObject(cell, "l", (double)c->losses);
	cJSON_AddNumberToObject(cell, "score", crosstable_points(c));
	return cell;
}

cJSON *crosstable_json(const struct crosstable *table, char *const *names)
{
	cJSON *cross = cJSON_CreateObject(), *bots = cJSON_AddArrayToObject(cross, "bots");
	cJSON *cells = cJSON_AddArrayToObject(cross, "cells");

	for (int a = 0; a < table->entrants; a++) {
		cJSON *row = cJSON_CreateArray();

		cJSON_AddItemToArray(bots, cJSON_CreateString(names[a]));
		for (int b = 0; b < table->entrants; b++) {
			const struct crosstable_cell *c = crosstable_cell(table, a, b);

			cJSON_AddItemToArray(row, crosstable_games(c) ? cell_json(c)
								      : cJSON_CreateNull());
		}
		cJSON_AddItemToArray(cells, row);
	}
	return cross;
}
