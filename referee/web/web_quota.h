/*
 * An upload's archive unpacked within the league's quotas (docs/LEAGUE-SERVER.md,
 * "Quotas"; league_quota.h): what the uploader's bots' folders and all
 * uploads hold is counted first, and the archive is refused as soon as
 * its entries, read before anything is written, pass the room left, with
 * the quota it passes named.
 */
#ifndef ARENA_WEB_QUOTA_H
#define ARENA_WEB_QUOTA_H

#include <stddef.h>

#include "web/web_archive.h"

/* web_archive_unpack() of user `user`'s upload of bot `name` into
 * `folder` (made already, in DIR/uploads/NAME), within the quotas:
 * WEB_ARCHIVE_NO_ROOM with the refusal in err when it passes one. */
enum web_archive_result web_quota_unpack(const char *dir, const char *user, const char *name,
					 const void *data, size_t len, const char *folder,
					 size_t cap, char *err);

#endif
