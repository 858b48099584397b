/*
 * The league's ratings (docs/LEAGUE.md, "The ladder"): every game of the
 * current season in the index rated by the project's fit (ratings.h), each version an entrant
 * (its id - 1) and each duplicate set one cluster of the error bars, and
 * the ladder of them: the active versions (the newest of each bot not
 * retired) ordered by the lower bound of their 95% interval, the rating
 * beside it, and apart from them the old and retired versions, in the
 * same order.  What the index holds decides it: two indexes with the same
 * games give the same bytes, whatever the order the games came in.
 */
#ifndef ARENA_LEAGUE_RATE_H
#define ARENA_LEAGUE_RATE_H

#include <cjson/cJSON.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>

#include "base/ratings_types.h"
#include "league/league_db.h"
#include "league/league_pick.h"

struct league_rating {
	struct league_version *versions; /* from league_db_versions() */
	int count;
	struct rating_game *games;
	uint32_t *sets;                  /* each game's set, from 1 */
	size_t game_count;
	long set_count;
	struct ratings r;                /* entrant i is versions[i] */
	int *order;                      /* active first, each part by bound */
	int active;                      /* how many of order are active */
	int *forfeits;                   /* by version: games it forfeited */
	/* Each bot's owner, users.json's "bots" ({BOT: USER}), for the
	 * ladder to print: set by a caller that has it; NULL: nobody's. */
	const cJSON *owners;
};

/* The ladder's order, in words: the ladder's json gives it as "order",
 * and the server's ladder page shows it. */
#define LEAGUE_LADDER_ORDER \
	"by the lower bound of the 95% interval (a bot that won every point " \
	"linking it to the others has only a lower bound, which counts as its " \
	"bound; an upper bound alone or no rating comes after every bound), " \
	"then by rating, games and name; old and retired versions after the " \
	"active ones, in the same order"

/* Reads the index's versions and games and rates them: 0, or -1 with
 * err.  Free with league_rating_free(). */
int league_rating_load(sqlite3 *db, struct league_rating *out, char *err);
void league_rating_free(struct league_rating *lr);

/* The picker's figures of the active versions (order[0..active-1]):
 * their ratings, games and sets together. */
void league_rating_pick(const struct league_rating *lr, struct league_pick *p);

enum league_format { LEAGUE_TABLE, LEAGUE_JSON, LEAGUE_CSV };

/* Prints the ladder; with `all` the old and retired versions too. */
void league_ladder_print(FILE *out, const struct league_rating *lr,
			 enum league_format format, bool all);

#endif
