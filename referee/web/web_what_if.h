/*
 * GET /what-if/NNNNNN/game-NNNNNN?move=N&action=ACTION (docs/LEAGUE-SERVER.md,
 * "The server"): the replay page of a what-if of a league game (docs/ANALYSIS.md,
 * "What if"), played on demand by `referee replay --what-if` in a child of
 * its own, one at a time for the whole server, within a wall time that
 * kills it, and kept in DIR/what-if/ by log, move and action, so that it
 * is played once whoever asks it again.  The route is costly (web_busy.h):
 * one user has at most WEB_BUSY_PER_USER of them under way, and has at
 * most so many new ones played a minute (web_busy_rate()).
 */
#ifndef ARENA_WEB_WHAT_IF_H
#define ARENA_WEB_WHAT_IF_H

#include "web/web_busy.h"

/* The wall time a what-if may take, in seconds, past which it is killed. */
#define WEB_WHAT_IF_SECONDS 60
/* The most files DIR/what-if/ holds (pages of about 50 KB, refusals):
 * past it, what is kept is still answered and nothing new is played. */
#define WEB_WHAT_IF_KEPT 2000

/* Who asks, as the costly answers count them (web_busy_key()), and the
 * new what-ifs one may have played a minute. */
struct web_what_if_asker {
	struct web_busy *busy;
	const char *key;
	unsigned per_minute;
};

/* The page of the what-if of log `rel` (runs/NNNNNN/game-NNNNNN.jsonl) of
 * league `dir` (a new string, HTML, *status 200), or NULL with *status
 * and why in err (ERR_LEN bytes): 404 no such game (err left as it is:
 * the route says which are), 400 a query
 * that names no move or action or a what-if the referee refused (its
 * words, kept too), 429 who asks past their rate, 503 another what-if
 * being played (ask again), 500. */
char *web_what_if(const char *dir, const char *rel, const char *move,
		  const char *action, const struct web_what_if_asker *who,
		  unsigned *status, char *err);

#endif
