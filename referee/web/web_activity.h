/*
 * What the league's player is doing now, for GET /api/status and the
 * status page: read from the newest run's run.jsonl (each task's games
 * as it starts them, each game as it finishes) and its logs' times, since
 * the player is another process that tells the server nothing.
 */
#ifndef ARENA_WEB_ACTIVITY_H
#define ARENA_WEB_ACTIVITY_H

#include <cjson/cJSON.h>
#include <sqlite3.h>

/* Adds to `j` "games_per_s" (the newest run's games finished in the last
 * WEB_ACTIVITY_S seconds, a second), "queue" (its games handed out and
 * not finished) and "workers" (its tasks in play: one a busy worker). */
#define WEB_ACTIVITY_S 60
void web_activity_add(cJSON *j, sqlite3 *db, const char *dir);

#endif
