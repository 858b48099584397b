/*
 * What the league's uploaded folders hold; see league_use.h.
 */
#define _XOPEN_SOURCE 700
#include "league/league_use.h"

#include <ftw.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/paths.h"
#include "league/league_prune.h"

unsigned long long league_use_bytes(unsigned long long size)
{
	unsigned long long blocks = (size + LEAGUE_USE_BLOCK - 1) / LEAGUE_USE_BLOCK;

	return (blocks ? blocks : 1) * LEAGUE_USE_BLOCK;
}

/* The walk's sum: nftw() takes no context, and the server walks on
 * several threads at once. */
static _Thread_local struct league_use *walking;

static int count(const char *path, const struct stat *st, int type, struct FTW *at)
{
	(void)path;
	if (at->level == 0)
		return 0;
	walking->files++;
	walking->bytes += league_use_bytes(type == FTW_F && S_ISREG(st->st_mode)
					   ? (unsigned long long)st->st_size : 0);
	return 0;
}

void league_use_tree(const char *path, struct league_use *u)
{
	/* An upload is at most 32 folders deep (web_archive.h): nftw's
	 * recursion is bounded by it. */
	walking = u;
	nftw(path, count, 16, FTW_PHYS);
	walking = NULL;
}

/* Adds bot `bot`'s uploads (DIR/uploads/BOT and the folder itself) to *u. */
static void add_bot(const char *dir, const char *bot, struct league_use *u)
{
	char *folder = path_joinf(dir, "uploads/%s", bot);
	struct league_use before = *u;

	league_use_tree(folder, u);
	if (u->files != before.files)
		u->files++, u->bytes += LEAGUE_USE_BLOCK;
	free(folder);
}

void league_use_less(struct league_use *u, const struct league_use *gone)
{
	u->bytes -= gone->bytes < u->bytes ? gone->bytes : u->bytes;
	u->files -= gone->files < u->files ? gone->files : u->files;
}

void league_use_of(const char *dir, sqlite3 *db, const cJSON *owners, const char *user,
		   const char *name, long keep, struct league_use *mine, struct league_use *all)
{
	char *uploads = path_join(dir, "uploads");
	char **due = name ? league_prune_due(dir, db, name, keep, 1) : NULL;
	const cJSON *o;
	struct league_use gone = {0, 0};

	*mine = *all = (struct league_use){0, 0};
	league_use_tree(uploads, all);
	if (name)
		add_bot(dir, name, mine);
	cJSON_ArrayForEach(o, owners)
		if (cJSON_IsString(o) && !strcmp(o->valuestring, user) &&
		    (!name || strcmp(o->string, name)))
			add_bot(dir, o->string, mine);
	/* What is due is all of bot `name`'s: each folder and what it holds. */
	for (char **f = due; f && *f; f++) {
		league_use_tree(*f, &gone);
		gone.files++, gone.bytes += LEAGUE_USE_BLOCK;
	}
	league_use_less(mine, &gone);
	league_use_less(all, &gone);
	if (due)
		league_prune_free(due);
	free(uploads);
}
