/*
 * A bot's rating over time (web_history.h).  A point of the last view
 * holds while the games before it are the same ones (the view's games
 * and sets, compared byte for byte: a game that ended late in a run of
 * several workers comes in before games entered earlier) and the
 * versions as many; the fit being a function of these alone, its ratings
 * there are the ones a new fit would give.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ladder/ratings.h"
#include "web/web_history.h"

/* The points' step for `games` games. */
static size_t step_of(size_t games)
{
	size_t step = 1;

	while ((games + step - 1) / step > WEB_HISTORY_POINTS)
		step *= 2;
	return step;
}

/* How many first games `a` and `b` have the same, in the same sets. */
static size_t same_games(const struct league_rating *a, const struct league_rating *b)
{
	size_t n = a->game_count < b->game_count ? a->game_count : b->game_count, k = 0;

	if (a->count != b->count)
		return 0;
	while (k < n && !memcmp(&a->games[k], &b->games[k], sizeof a->games[k]) &&
	       a->sets[k] == b->sets[k])
		k++;
	return k;
}

/* The ratings of `r` as a point keeps them. */
static struct web_history_rating *kept(const struct ratings *r, int count)
{
	struct web_history_rating *at = xcalloc((size_t)count + 1, sizeof *at);

	for (int i = 0; i < count; i++)
		at[i] = (struct web_history_rating){r->entry[i].status, r->entry[i].elo};
	return at;
}

/* Point `games` of `prev` when it holds (its first `same` games are
 * the new ones), copied; else NULL. */
static struct web_history_rating *from_prev(const struct web_history *prev, size_t games,
					    size_t same, int count)
{
	struct web_history_rating *at;

	if (!prev || games > same)
		return NULL;
	for (size_t p = 0; p < prev->count; p++)
		if (prev->points[p].games == games) {
			at = xcalloc((size_t)count + 1, sizeof *at);
			memcpy(at, prev->points[p].at, (size_t)count * sizeof *at);
			return at;
		}
	return NULL;
}

void web_history_make(struct web_history *h, const struct league_rating *lr,
		      const struct web_history *prev, const struct league_rating *prev_lr)
{
	size_t n = lr->game_count, step = step_of(n);
	size_t same = prev && prev_lr ? same_games(prev_lr, lr) : 0;
	char err[ERR_LEN];

	h->points = xcalloc(WEB_HISTORY_POINTS + 1, sizeof *h->points);
	h->count = 0;
	for (size_t games = step; n > 0; games += step) {
		struct web_history_point *p = &h->points[h->count];
		struct ratings r;

		games = games < n ? games : n;
		p->games = games;
		if (games == n) {
			p->at = kept(&lr->r, lr->count);
		} else if (!(p->at = from_prev(prev, games, same, lr->count))) {
			if (ratings_compute(lr->games, games, lr->count > 0 ? lr->count : 1,
					    &(struct ratings_options){.anchor = -1, .set = lr->sets},
					    &r, err))
				continue;
			p->at = kept(&r, lr->count);
			ratings_free(&r);
		}
		h->count++;
		if (games == n)
			break;
	}
}

void web_history_free(struct web_history *h)
{
	for (size_t p = 0; p < h->count; p++)
		free(h->points[p].at);
	free(h->points);
	h->points = NULL;
	h->count = 0;
}

/* How many of games [from, to) of `lr` a version `mine` marks played. */
static long played(const struct league_rating *lr, const bool *mine, size_t from, size_t to)
{
	long n = 0;

	for (size_t g = from; g < to; g++) {
		bool in = false;

		for (int s = 0; s < lr->games[g].seats; s++)
			in = in || mine[lr->games[g].entrant[s]];
		n += in;
	}
	return n;
}

cJSON *web_history_of(const struct web_history *h, const struct league_rating *lr,
		      const char *name)
{
	cJSON *list = cJSON_CreateArray();
	bool *mine = xcalloc((size_t)lr->count + 1, sizeof *mine);
	size_t counted = 0;
	long own = 0;

	for (int i = 0; i < lr->count; i++)
		mine[i] = !strcmp(lr->versions[i].name, name);
	for (size_t p = 0; p < h->count; p++) {
		own += played(lr, mine, counted, h->points[p].games);
		counted = h->points[p].games;
		for (int i = 0; i < lr->count; i++) {
			const struct web_history_rating *at = &h->points[p].at[i];
			cJSON *o;

			if (strcmp(lr->versions[i].name, name) || at->status == RATINGS_UNRATED)
				continue;
			o = cJSON_CreateObject();
			cJSON_AddNumberToObject(o, "games", (double)h->points[p].games);
			cJSON_AddNumberToObject(o, "bot_games", (double)own);
			cJSON_AddNumberToObject(o, "version", lr->versions[i].number);
			/* In tenths, as the ladder has it; a bound when not rated. */
			cJSON_AddNumberToObject(o, "rating", round(at->elo * 10) / 10);
			if (at->status != RATINGS_RATED)
				cJSON_AddStringToObject(o, "bound", at->status == RATINGS_ABOVE
							? "lower" : "upper");
			cJSON_AddItemToArray(list, o);
		}
	}
	free(mine);
	return list;
}
