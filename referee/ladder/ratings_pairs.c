/*
 * Games as pairs of sides; see ratings_pairs.h.
 */
#include "ratings_pairs.h"

#include <math.h>

#include "base/util.h"

/* unit[k] is the side of seat k: its team's, or its own. */
static int game_units(const struct rating_game *g, int unit[])
{
	int units = 0;

	for (int k = 0; k < g->seats; k++) {
		unit[k] = units;
		for (int j = 0; j < k && g->team[k] >= 0; j++)
			if (g->team[j] == g->team[k]) {
				unit[k] = unit[j];
				break;
			}
		if (unit[k] == units)
			units++;
	}
	return units;
}

int ratings_check_game(const struct rating_game *g, size_t index,
		       int entrants, double score, char *err)
{
	int unit[RATINGS_MAX_SEATS], size[RATINGS_MAX_SEATS] = {0};
	int rank[RATINGS_MAX_SEATS], units;

	if (g->seats < 2 || g->seats > RATINGS_MAX_SEATS)
		return errorf(err, "game %zu has %d seats; 2 to %d are allowed",
			      index + 1, g->seats, RATINGS_MAX_SEATS);
	for (int k = 0; k < g->seats; k++) {
		if (g->entrant[k] < 0 || g->entrant[k] >= entrants)
			return errorf(err, "game %zu, seat %d: no entrant %d",
				      index + 1, k, g->entrant[k]);
		if (g->rank[k] < 1 || g->team[k] < -1)
			return errorf(err, "game %zu, seat %d: bad rank %d or "
				      "team %d", index + 1, k, g->rank[k],
				      g->team[k]);
	}
	if (!isnan(score) && g->seats != 2)
		return errorf(err, "game %zu has a score and %d seats: a score is "
			      "for a game of two seats", index + 1, g->seats);
	if (!isnan(score) && !isfinite(score))
		return errorf(err, "game %zu: its score (%g) is not a finite number",
			      index + 1, score);
	units = game_units(g, unit);
	if (units < 2)
		return errorf(err, "game %zu: every seat is on one team",
			      index + 1);
	for (int k = 0; k < g->seats; k++) {
		if (size[unit[k]]++ == 0)
			rank[unit[k]] = g->rank[k];
		else if (rank[unit[k]] != g->rank[k])
			return errorf(err, "game %zu: partners in team %d have "
				      "different ranks", index + 1, g->team[k]);
	}
	for (int u = 1; u < units; u++)
		if (size[u] != size[0])
			return errorf(err, "game %zu: sides of %d and %d "
				      "seats; teams must be of equal size",
				      index + 1, size[0], size[u]);
	return 0;
}

static void pair_add(struct rating_pair *p, int who, int coef)
{
	for (int i = 0; i < p->n; i++)
		if (p->who[i] == who) {
			p->coef[i] += coef;
			if (!p->coef[i]) {
				p->n--;
				p->who[i] = p->who[p->n];
				p->coef[i] = p->coef[p->n];
			}
			return;
		}
	p->who[p->n] = who;
	p->coef[p->n++] = coef;
}

int ratings_game_pairs(const struct rating_game *g, double score,
		       struct rating_pair *out)
{
	int unit[RATINGS_MAX_SEATS], rank[RATINGS_MAX_SEATS];
	int units = game_units(g, unit), n = 0;

	for (int k = 0; k < g->seats; k++)
		rank[unit[k]] = g->rank[k];
	for (int a = 0; a < units; a++)
		for (int b = a + 1; b < units; b++) {
			struct rating_pair *p = &out[n];

			p->n = 0;
			for (int k = 0; k < g->seats; k++)
				if (unit[k] == a || unit[k] == b)
					pair_add(p, g->entrant[k],
						 unit[k] == a ? 1 : -1);
			p->y = !isnan(score) ? score : rank[a] < rank[b] ? 1 :
				rank[a] == rank[b] ? 0.5 : 0;
			if (p->n)
				n++;
		}
	return n;
}
