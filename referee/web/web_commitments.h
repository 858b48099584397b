/*
 * The league's commitments feed (docs/LEAGUE-SERVER.md, "The server"; GET
 * /api/commitments): every set's commitment C, its run, its set and
 * games, its seats and their versions, read from the runs' run.jsonl,
 * whose "started" record of a set is on disk before any bot of it
 * moves.  The feed is append-only: entry N (from 1) is the same for as
 * long as the league's folder is, since the runs are read in their
 * order, each one's records in theirs, and a run gets no "started"
 * record once a later one has begun (one run at a time).  A request
 * reads on from where the last one stopped (the bytes of the run being
 * played), so that an entry is in the feed as soon as its record is on
 * disk, whatever the server's view of the index (web_fit.h) lags.
 */
#ifndef ARENA_WEB_COMMITMENTS_H
#define ARENA_WEB_COMMITMENTS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

/* The entries a reply holds at most. */
#define WEB_COMMITMENTS_CAP 1000

struct web_commitments;

/* The feed of league `dir`, whose sets have `players` games (1 when its
 * league.json cannot be read: each game its own set, as the feed then
 * lists them), nothing read yet. */
struct web_commitments *web_commitments_new(const char *dir, int players);
void web_commitments_free(struct web_commitments *f);

/* The reply to GET /api/commitments?after=A&limit=L (`after`, `limit`:
 * the query's strings, NULL when not given): {"entries":[...],"next":N,
 * "more":B,"total":T}, a new object; or NULL with `err` saying what is wrong with
 * the query (a 400). */
cJSON *web_commitments_reply(struct web_commitments *f, const char *after, const char *limit,
			     char *err);

#endif
