/*
 * The league's quotas on its users' uploads; see league_quota.h.
 */
#include "league/league_quota.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_folder.h"

/* Each setting: its name in quota.json, its bounds, and its place. */
static const struct setting {
	const char *name;
	long min, max;
	size_t offset;
} settings[] = {
	{"user_mb", 1, 1L << 30, offsetof(struct league_quota, user_mb)},
	{"user_files", 1, 1L << 40, offsetof(struct league_quota, user_files)},
	{"versions_kept", 1, 1000, offsetof(struct league_quota, versions_kept)},
	{"league_mb", 1, 1L << 30, offsetof(struct league_quota, league_mb)},
	{"league_files", 1, 1L << 40, offsetof(struct league_quota, league_files)},
};

#define SETTINGS (sizeof settings / sizeof *settings)

static long *field(struct league_quota *q, const struct setting *s)
{
	return (long *)((char *)q + s->offset);
}

int league_quota_read(const char *dir, struct league_quota *q, char *err)
{
	char *path = path_join(dir, LEAGUE_QUOTA), why[ERR_LEN];
	bool read;
	cJSON *j = league_json_read(path, &read, why);
	int rc = 0;

	*q = LEAGUE_QUOTA_DEFAULT;
	if (read && !j)
		rc = errorf(err, "%s: %s: set the quotas again with 'referee league quota'",
			    path, why);
	for (size_t i = 0; j && !rc && i < SETTINGS; i++) {
		if (!json_get_int(j, settings[i].name, settings[i].min, settings[i].max,
				  field(q, &settings[i])))
			rc = errorf(err, "%s: \"%s\" is not a number from %ld to %ld: set it "
				    "again with 'referee league quota'", path, settings[i].name,
				    settings[i].min, settings[i].max);
	}
	cJSON_Delete(j);
	free(path);
	return rc;
}

int league_quota_set(struct league_quota *q, const char *name, const char *text, char *err)
{
	long n;

	for (size_t i = 0; i < SETTINGS; i++) {
		if (strcmp(settings[i].name, name))
			continue;
		if (!whole_number(text, settings[i].min, settings[i].max, &n))
			return errorf(err, "a whole number from %ld to %ld, not '%s'",
				      settings[i].min, settings[i].max, text);
		*field(q, &settings[i]) = n;
		return 0;
	}
	return errorf(err, "no quota is called %s", name);
}

cJSON *league_quota_json(const struct league_quota *q)
{
	cJSON *j = cJSON_CreateObject();

	for (size_t i = 0; i < SETTINGS; i++)
		cJSON_AddNumberToObject(j, settings[i].name,
					(double)*field((struct league_quota *)q, &settings[i]));
	return j;
}

int league_quota_write(const char *dir, const struct league_quota *q, char *err)
{
	cJSON *j = league_quota_json(q);
	int rc = league_json_write(dir, LEAGUE_QUOTA, j, err);

	cJSON_Delete(j);
	return rc;
}

char *league_quota_text(const struct league_quota *q)
{
	char kept[64] = "version keeping its files";

	if (q->versions_kept > 1)
		snprintf(kept, sizeof kept, "%ld versions keeping their files", q->versions_kept);
	return xasprintf("each user's uploads %ld MB and %ld files, each bot's newest %s; "
			 "all uploads %ld MB and %ld files", q->user_mb, q->user_files, kept,
			 q->league_mb, q->league_files);
}

/* Room left under `limit` after `used`. */
static unsigned long long left(unsigned long long limit, unsigned long long used)
{
	return used < limit ? limit - used : 0;
}

void league_quota_room(const struct league_quota *q, const struct league_use *user,
		       const struct league_use *league, struct league_room *room)
{
	unsigned long long b, f;

	*room = (struct league_room){~0ULL, ~0ULL, LEAGUE_QUOTA_USER_BYTES, LEAGUE_QUOTA_USER_FILES};
	if (user) {
		room->bytes = left((unsigned long long)q->user_mb << 20, user->bytes);
		room->files = left((unsigned long long)q->user_files, user->files);
	}
	if (!league)
		return;
	b = left((unsigned long long)q->league_mb << 20, league->bytes);
	f = left((unsigned long long)q->league_files, league->files);
	if (b < room->bytes)
		room->bytes = b, room->bytes_by = LEAGUE_QUOTA_LEAGUE_BYTES;
	if (f < room->files)
		room->files = f, room->files_by = LEAGUE_QUOTA_LEAGUE_FILES;
}

void league_quota_refusal(char *err, const struct league_quota *q, enum league_quota_kind kind,
			  const struct league_use *used, unsigned long long adding, bool at_least)
{
	bool user = kind == LEAGUE_QUOTA_USER_BYTES || kind == LEAGUE_QUOTA_USER_FILES;
	bool bytes = kind == LEAGUE_QUOTA_USER_BYTES || kind == LEAGUE_QUOTA_LEAGUE_BYTES;
	const char *upload = at_least ? "this archive" : "this version's folder";
	char limit[48], held[48], adds[96];

	if (bytes) {
		snprintf(limit, sizeof limit, "%ld MB", user ? q->user_mb : q->league_mb);
		snprintf(held, sizeof held, "%.1f MB", (double)used->bytes / (1 << 20));
		snprintf(adds, sizeof adds, "takes %s%.1f MB more (files counted in whole "
			 "blocks of 4 KiB)", at_least ? "at least " : "", (double)adding / (1 << 20));
	} else {
		snprintf(limit, sizeof limit, "%ld files", user ? q->user_files : q->league_files);
		snprintf(held, sizeof held, "%llu files", used->files);
		snprintf(adds, sizeof adds, "has %s%llu more", at_least ? "at least " : "", adding);
	}
	if (user)
		errorf(err, "over your quota of %s: your bots' uploads keep %s beside this one, "
		       "and %s %s: send a %s, or ask the league's organiser for a larger quota "
		       "(the league keeps the files of each bot's newest %ld version%s)", limit,
		       held, upload, adds, bytes ? "smaller bot" : "bot of fewer files",
		       q->versions_kept, q->versions_kept == 1 ? "" : "s");
	else
		errorf(err, "over the league's quota of %s for all uploads: they keep %s beside "
		       "this one, and %s %s: ask the league's organiser to make room ('referee "
		       "league quota')", limit, held, upload, adds);
}
