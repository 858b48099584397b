/*
 * The league server's answers: a body with its status, type and the
 * headers every answer carries (no sniffing, no outside loads, no cache),
 * and the JSON errors {"error": MESSAGE}, which never show where the
 * league's folder is on the host.
 */
#ifndef ARENA_WEB_REPLY_H
#define ARENA_WEB_REPLY_H

#include <cjson/cJSON.h>
#include <microhttpd.h>

/* Queues `body` (taken) with `status` and `type`. */
enum MHD_Result web_reply(struct MHD_Connection *c, unsigned status, char *body,
			  const char *type);

/* Queues the JSON line of `j` (taken) with `status`: every JSON answer's. */
enum MHD_Result web_reply_json(struct MHD_Connection *c, unsigned status, cJSON *j);

/* The league's folder (absolute), which no error shows: a path under it
 * becomes relative to it, the folder itself "the league's folder".  Set
 * once, before the server's threads start; they only read it. */
void web_reply_folder(const char *dir);

/* `text` with each `path` (NULL: none) in it put as `under`, its '/'
 * with it, where a path under it follows ("PATH/a" is UNDERa), else as
 * `alone`: a new string.  No answer shows a path of the server's. */
char *web_reply_scrub(const char *text, const char *path, const char *under,
		      const char *alone);

/* Queues {"error": message} with `status`. */
enum MHD_Result web_fail(struct MHD_Connection *c, unsigned status, const char *message);

/* Queues {"error": message} with `status` and a Retry-After of `seconds`. */
enum MHD_Result web_fail_later(struct MHD_Connection *c, unsigned status,
			       const char *message, unsigned seconds);

#endif
