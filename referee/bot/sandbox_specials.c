/*
 * Finding the sockets and FIFOs of a folder; see sandbox_specials.h.
 */
#include "sandbox_specials.h"

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"
#include "bot.h"
#include "sandbox_ids.h"

struct walked {
	char *folder;
	char **specials;
};

static struct walked *cache;
static size_t cached;

/* nftw() passes no context: the walk in progress. */
static struct {
	bool as_root;
	const char *const *skip;
	struct bot_words found; /* never NULL: empty, a NULL */
	size_t seen;
} walk;

/* Whether the bot may pass through the folder: as root the referee sees
 * all, the bot (SANDBOX_UID, no other group) only what its mode allows;
 * otherwise the bot is the referee's own user, and what that cannot pass
 * is not walked. */
static bool passable(const struct stat *st)
{
	if (!walk.as_root)
		return true;
	if (st->st_uid == SANDBOX_UID)
		return st->st_mode & S_IXUSR;
	return st->st_mode & (st->st_gid == SANDBOX_UID ? S_IXGRP : S_IXOTH);
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *where)
{
	/* Bounded in depth too: nftw() recurses a level a folder. */
	if (++walk.seen > SANDBOX_WALK_MAX || where->level > SANDBOX_WALK_DEPTH)
		return FTW_STOP;
	for (const char *const *s = walk.skip; s && *s; s++)
		if (path_within(path, *s))
			return type == FTW_D ? FTW_SKIP_SUBTREE : FTW_CONTINUE;
	/* The folder a bot is shown is passable whatever its mode
	 * (sandbox.h); what lies under it keeps its own. */
	if (type == FTW_D && where->level > 0 && !passable(st))
		return FTW_SKIP_SUBTREE;
	if (type == FTW_F && (S_ISSOCK(st->st_mode) || S_ISFIFO(st->st_mode)))
		bot_words_push(&walk.found, path);
	return FTW_CONTINUE;
}

const char *const *sandbox_specials(const char *folder,
				    const char *const *skip, char *err)
{
	int rc;

	for (size_t i = 0; i < cached; i++)
		if (!strcmp(cache[i].folder, folder))
			return (const char *const *)cache[i].specials;
	walk.as_root = geteuid() == 0;
	walk.skip = skip;
	walk.found = (struct bot_words){ xcalloc(1, sizeof *walk.found.list), 0 };
	walk.seen = 0;
	/* Unreadable subfolders are passed over: the bot cannot read them
	 * either (the referee may be root: then it sees more, not less). */
	rc = nftw(folder, visit, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	if (rc != 0) {
		bot_free_words(walk.found.list);
		if (rc == FTW_STOP)
			errorf(err, "the folder '%s' that the bot sees holds more "
			       "than %d files or folders more than %d deep: give it "
			       "a folder of its own", folder, SANDBOX_WALK_MAX,
			       SANDBOX_WALK_DEPTH);
		else
			errorf(err, "cannot look through the folder '%s': %s",
			       folder, strerror(errno));
		return NULL;
	}
	cache = xrealloc(cache, (cached + 1) * sizeof *cache);
	cache[cached++] = (struct walked){ xstrdup(folder), walk.found.list };
	return (const char *const *)walk.found.list;
}
