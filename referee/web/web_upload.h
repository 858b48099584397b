/*
 * POST /api/bots (docs/LEAGUE-SERVER.md, "Users and uploads"): a user's new
 * version of their bot, a .tar.gz of its folder in a multipart form,
 * unpacked under DIR/uploads/NAME/ and entered by `referee league add`
 * (this program run again, by web_preflight.h's workers), whose
 * pre-flight decides (GET /api/uploads/ID: web_preflight_status()).
 */
#ifndef ARENA_WEB_UPLOAD_H
#define ARENA_WEB_UPLOAD_H

#include <microhttpd.h>

struct web_upload;

/* The upload's limits, the server's: bytes of a request, and uploads a
 * user may begin a minute, counted with the uploads they are sending in
 * `busy` (web_busy.h: WEB_BUSY_PER_USER at once); and the workers that
 * check them. */
struct web_upload_limits {
	size_t max_bytes;
	unsigned per_minute;
	struct web_busy *busy;
	struct web_preflight *preflight;
};

/* MHD's access handler's work for POST /api/bots, its first call (with
 * *state NULL: the upload of `user`, whose token the server checked) and
 * the next: MHD_YES or MHD_NO, a response queued once the request is
 * read or refused. */
enum MHD_Result web_upload_step(struct MHD_Connection *c, const char *dir,
				const struct web_upload_limits *limits, const char *user,
				const char *data, size_t *size, void **state);

/* Frees an upload's state (MHD's request-completed callback). */
void web_upload_free(void *state);

#endif
