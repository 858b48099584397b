/*
 * The league's ratings (docs/LEAGUE-LADDER.md, "The ladder"): every game of the
 * current season in the index rated by the project's fit (ratings.h), each version an entrant
 * (its id - 1) and each duplicate set one cluster of the error bars, and
 * the ladder of them: the active versions (the newest of each bot not
 * retired) ordered by the lower bound of their 95% interval, the rating
 * beside it, and apart from them the old and retired versions, in the
 * same order.  An old version stays ranked, marked superseded, until its
 * bot's newest version is rated, so that a bot does not fall off the
 * ladder while its new version plays its first games; an active version
 * without a game yet is marked waiting, with its place in the queue the
 * picker seats them in (league_pick.h: the seed is the version with no
 * rating and fewest games, the first of them in this order).  What the index holds decides it: two indexes with the same
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
	struct league_game_at {
		long run, game;
	} *at;                           /* each game's run and number: its log */
	double *adjusted;                /* each game's first seat's luck-adjusted
					  * score (league_luck.h), NAN when the
					  * game has no grade of its log or its
					  * log did not grade */
	size_t game_count;
	long set_count;
	struct ratings r;                /* entrant i is versions[i] */
	int *order;                      /* ranked first, each part by bound */
	int ranked;                      /* how many of order are ranked */
	int active;                      /* how many of the ranked are active */
	int *until;                      /* by version: an old version ranked until
					  * its bot's newest, this number, is
					  * rated; 0: none */
	int *waiting;                    /* by version: an active version's place
					  * in the queue for its first game, from
					  * 1; 0: it has games, or is not active */
	int *forfeits;                   /* by version: games it forfeited */
	long *cut;                       /* by version: its sets cut by a stop
					  * (league_cut.h), every season's */
	/* Each bot's owner, users.json's "bots" ({BOT: USER}), for the
	 * ladder to print: set by a caller that has it; NULL: nobody's. */
	const cJSON *owners;
	/* The luck-adjusted ladder (league_luck.h), which the json
	 * gives as its "luck_adjusted" member: set by a caller that has it. */
	const cJSON *luck_adjusted;
};

/* The ladder's order, in words: the ladder's json gives it as "order",
 * and the server's ladder page shows it. */
#define LEAGUE_LADDER_ORDER \
	"by the lower bound of the 95% interval (a bot that won every point " \
	"linking it to the others has only a lower bound, which counts as its " \
	"bound; an upper bound alone or no rating comes after every bound), " \
	"then by rating and games, versions without a game in the order they " \
	"were added, then by name; old and retired versions after the " \
	"active ones, in the same order"

/* Reads the index's versions and games, with their grades, and rates
 * them: 0, or -1 with err.  Free with league_rating_free(). */
int league_rating_load(sqlite3 *db, struct league_rating *out, char *err);
void league_rating_free(struct league_rating *lr);

/* Whether version i plays: the newest of a bot not retired. */
bool league_rating_active(const struct league_rating *lr, int i);

/* The picker's figures of its p->count versions (active[a]: each one's
 * index among the versions): their ratings, games and sets together. */
void league_rating_pick(const struct league_rating *lr, const int *active,
			struct league_pick *p);

/* Version i's note added to its JSON object `o`: "note" ("superseded
 * until v2 is rated", "waiting for its first game, 2nd in the queue")
 * and "waiting" (its place in the queue), when it has them. */
void league_rating_add_note(cJSON *o, const struct league_rating *lr, int i);

enum league_format { LEAGUE_TABLE, LEAGUE_JSON, LEAGUE_CSV };

/* Prints the ladder; with `all` the old and retired versions too. */
void league_ladder_print(FILE *out, const struct league_rating *lr,
			 enum league_format format, bool all);

#endif
