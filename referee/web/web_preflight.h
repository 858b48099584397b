/*
 * The league server's pre-flight workers (docs/LEAGUE-SERVER.md, "Users and
 * uploads"): an upload, once unpacked and checked on its request's
 * thread, is queued here and answered 202 at once; a few worker threads
 * each run `referee league add --porcelain` (this program again, its
 * pre-flight a bot's games) on one upload at a time, so that no request
 * thread waits on a bot.  Each upload has a random id, its state
 * (queued, checking, accepted, refused) readable by its uploader's
 * token at GET /api/uploads/ID.  The queue is bounded in all and for
 * each user, a user's uploads are checked one at a time (the others wait
 * behind other users'), and a pre-flight that runs past its wall time is
 * killed and its upload refused, so that one user's slow uploads cannot
 * hold the workers; a refused or failed upload leaves nothing behind, and
 * its name is claimed (web_users.h) only when the league took it.
 */
#ifndef ARENA_WEB_PREFLIGHT_H
#define ARENA_WEB_PREFLIGHT_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#define WEB_PREFLIGHT_WORKERS 2     /* uploads checked at once */
#define WEB_PREFLIGHT_QUEUE 8       /* uploads queued or checked, in all */
#define WEB_PREFLIGHT_PER_USER 2    /* ... of one user */
#define WEB_UPLOAD_ID_LEN 16        /* hex digits */
#define WEB_PREFLIGHT_SECONDS 300   /* a pre-flight's wall time at most, unless
				     * `league serve --preflight-seconds` */

struct web_preflight;

enum web_queued {
	WEB_QUEUED,
	WEB_QUEUE_FULL,       /* too many uploads in all, or of this user */
	WEB_QUEUE_BUSY,       /* an upload of this name is being checked */
};

/* Starts the workers for league folder `dir` (absolute), each upload's
 * pre-flight given `seconds` of wall time at most, or NULL. */
struct web_preflight *web_preflight_start(const char *dir, unsigned seconds);

/* Stops the workers: the uploads being checked are killed, those queued
 * dropped, and their folders removed. */
void web_preflight_stop(struct web_preflight *p);

/* An upload to check: bot `name` by `user`, unpacked in `folder` (under
 * DIR/uploads/NAME/), its command `command`; `new_bot` when the name was
 * nobody's as it came, so that it is entered only as a bot the league
 * has not (`league add --new`): the organiser may add that name while
 * it waits. */
struct web_upload_job {
	const char *name, *user, *folder, *command;
	bool new_bot;
};

/* Queues upload `u` (its folder taken over: removed unless the league
 * takes it): WEB_QUEUED with its id in `id` (WEB_UPLOAD_ID_LEN + 1
 * bytes), or why not (the folder left to the caller). */
enum web_queued web_preflight_queue(struct web_preflight *p, const struct web_upload_job *u,
				    char *id);

/* Upload `id`'s state as JSON (docs/LEAGUE-SERVER.md), a new object, or
 * NULL when there is no such upload of `user`'s. */
cJSON *web_preflight_status(struct web_preflight *p, const char *id, const char *user);

/* Removes the upload folders DIR/uploads/NAME/upload-* of no version in
 * the register (an upload cut short by a crash), saying on stderr what
 * it removed and what it could not (skipped: the server starts anyway). */
void web_preflight_sweep(const char *dir);

#endif
