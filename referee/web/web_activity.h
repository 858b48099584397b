/*
 * What the league's player is doing now, for GET /api/status and the
 * status page: read from the newest run's run.jsonl (each task's games
 * as it starts them, each game as it finishes) and its logs' times, since
 * the player is another process that tells the server nothing.  The
 * server keeps what it read of the run (struct web_activity, under a
 * mutex of its own) and reads only what was written since.
 */
#ifndef ARENA_WEB_ACTIVITY_H
#define ARENA_WEB_ACTIVITY_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <sqlite3.h>

struct web_activity;

/* Of league `dir`; `plays`: the server runs its player (not --no-play). */
struct web_activity *web_activity_new(const char *dir, bool plays);
void web_activity_free(struct web_activity *a);

/* Adds to `j` "games_per_s" (the newest run's games finished in the last
 * WEB_ACTIVITY_S seconds, a second), "queue" (its games handed out and
 * not finished), "workers" (its tasks in play: one a busy worker) and
 * "cores" (the workers of the server's next run, one a core; 0 when it
 * plays none). */
#define WEB_ACTIVITY_S 60
void web_activity_add(struct web_activity *a, cJSON *j, sqlite3 *db);

#endif
