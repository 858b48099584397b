/*
 * What the league's uploaded folders hold, counted for its quotas
 * (league_quota.h): each file's size rounded up to whole blocks of 4 KiB
 * and at least one block, each folder and link a block, and each of
 * them a file (an inode), so that 10,000 files of 10 bytes count 40 MB,
 * as `du` sees them, not 100 KB.
 */
#ifndef ARENA_LEAGUE_USE_H
#define ARENA_LEAGUE_USE_H

#include <cjson/cJSON.h>
#include <sqlite3.h>

#include "league/league_quota.h"

#define LEAGUE_USE_BLOCK 4096ULL

/* What an entry of `size` bytes counts (a folder or link: 0). */
unsigned long long league_use_bytes(unsigned long long size);

/* Adds what the folder `path` holds below it to *u (nothing when it is
 * missing). */
void league_use_tree(const char *path, struct league_use *u);

/* *u less `gone`, never below nothing. */
void league_use_less(struct league_use *u, const struct league_use *gone);

/* What user `user`'s uploads hold in *mine (the folders DIR/uploads/BOT
 * of each bot `owners`, {BOT: USER}, gives them, and of bot `name`,
 * which the upload is of) and every upload in *all (DIR/uploads; NULL:
 * not counted), less
 * the folders that a new version of `name` removes once added, keeping
 * each bot's newest `keep` (league_prune.h); `name` NULL: what they hold
 * now. */
void league_use_of(const char *dir, sqlite3 *db, const cJSON *owners, const char *user,
		   const char *name, long keep, struct league_use *mine, struct league_use *all);

#endif
