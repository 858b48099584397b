/*
 * The league's quotas on its users' uploads (docs/LEAGUE-SERVER.md, "Quotas"):
 * the bytes and files each user's bots' uploaded folders may hold, those
 * of all uploads together, and how many of each bot's newest versions
 * keep their files (league_prune.h removes the older ones).  They are the
 * league's settings, DIR/quota.json ({"user_mb","user_files",
 * "versions_kept","league_mb","league_files"}, written by `league
 * quota`; a setting it lacks, or no file, is the default), and are
 * checked where an upload is unpacked (the server) and where a version
 * is added (`league add`).
 * What the folders hold is counted as a disk holds it (league_use.h).
 */
#ifndef ARENA_LEAGUE_QUOTA_H
#define ARENA_LEAGUE_QUOTA_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#define LEAGUE_QUOTA "quota.json"

struct league_quota {
	long user_mb, user_files;     /* each user's bots' uploads */
	long versions_kept;           /* each bot's newest versions with files */
	long league_mb, league_files; /* every upload of the league */
};

/* What folders hold, as league_use.h counts it. */
struct league_use {
	unsigned long long bytes, files;
};

#define LEAGUE_QUOTA_DEFAULT ((struct league_quota){200, 20000, 5, 10240, 1000000})

/* DIR/quota.json, its missing settings the defaults: 0, or -1 with err
 * (a file that is not the league's quotas). */
int league_quota_read(const char *dir, struct league_quota *q, char *err);
int league_quota_write(const char *dir, const struct league_quota *q, char *err);

/* Sets quota `name` (as quota.json names it) of *q from `text`, a whole
 * number within its bounds: 0, or -1 with err saying what it takes. */
int league_quota_set(struct league_quota *q, const char *name, const char *text, char *err);

/* The quotas as JSON, for GET /api/status, new. */
cJSON *league_quota_json(const struct league_quota *q);

/* The quotas in words, for `league status`, new. */
char *league_quota_text(const struct league_quota *q);

/* Which quota an upload would pass. */
enum league_quota_kind {
	LEAGUE_QUOTA_USER_BYTES, LEAGUE_QUOTA_USER_FILES,
	LEAGUE_QUOTA_LEAGUE_BYTES, LEAGUE_QUOTA_LEAGUE_FILES,
};

/* The room a user's new upload has (bytes and files), the least of their
 * quota's left after `user` and the league's after `league` (either
 * NULL: no such quota), and which quota binds each in *bytes_by and
 * *files_by. */
struct league_room {
	unsigned long long bytes, files;
	enum league_quota_kind bytes_by, files_by;
};
void league_quota_room(const struct league_quota *q, const struct league_use *user,
		       const struct league_use *league, struct league_room *room);

/* The refusal of an upload that passes quota `kind` of `q`, in err:
 * what it holds (`used`: the user's or the league's, as `kind` says)
 * and what the upload adds (`adding`; `at_least`: at least that, the archive
 * being refused as soon as it passes), and what to do. */
void league_quota_refusal(char *err, const struct league_quota *q, enum league_quota_kind kind,
			  const struct league_use *used, unsigned long long adding, bool at_least);

#endif
