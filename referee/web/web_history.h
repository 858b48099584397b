/*
 * A bot's rating over time on its page (docs/LEAGUE-SERVER.md, "The server"):
 * the ladder's fit (league_rate.h) of the season's first games at up to
 * WEB_HISTORY_POINTS points.  The points are every `step` games, the
 * step the least power of two that gives no more than WEB_HISTORY_POINTS
 * of them, and the season's games so far (the ladder's own fit), so that
 * a point stays where it is as games come: a view (web_fit.h) fits only
 * the points the last one had not, and takes the others from it while
 * the games before them are the same.
 */
#ifndef ARENA_WEB_HISTORY_H
#define ARENA_WEB_HISTORY_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "base/ratings_types.h"
#include "league/league_rate.h"

#define WEB_HISTORY_POINTS 24

/* A version's rating at a point. */
struct web_history_rating {
	enum ratings_status status;
	double elo;
};

struct web_history_point {
	size_t games;                   /* the season's first games fitted */
	struct web_history_rating *at;  /* by version id - 1 */
};

struct web_history {
	struct web_history_point *points;
	size_t count;
};

/* The points of rating `lr` (loaded) into `h`, those of `prev`, the
 * points of `prev_lr` (NULL: none), that still hold taken from it. */
void web_history_make(struct web_history *h, const struct league_rating *lr,
		      const struct web_history *prev, const struct league_rating *prev_lr);
void web_history_free(struct web_history *h);

/* Bot `name`'s versions' ratings over time: [{"games","bot_games",
 * "version","rating"}] for each point of `h` (of `lr`) at which a version
 * is rated ("bot_games": how many of the season's first "games" the bot
 * played, any version of it), with
 * "bound": "lower" or "upper" when its rating is one; in tenths, as on
 * the ladder. */
cJSON *web_history_of(const struct web_history *h, const struct league_rating *lr,
		      const char *name);

#endif
