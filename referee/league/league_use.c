/*
 * What the league's uploaded folders hold; see league_use.h.
 */
#include "league/league_use.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"
#include "league/league_prune.h"

unsigned long long league_use_bytes(unsigned long long size)
{
	unsigned long long blocks = (size + LEAGUE_USE_BLOCK - 1) / LEAGUE_USE_BLOCK;

	return (blocks ? blocks : 1) * LEAGUE_USE_BLOCK;
}

/* How deep a walk goes below the folder it is given: an upload is at
 * most 32 folders deep (web_archive.h) under DIR/uploads/NAME/upload-X;
 * a deeper one (an upload cut short by kill -9, which the server's next
 * start removes) is counted down to there, so that no depth stops a walk
 * nor holds more descriptors than this. */
#define WALK_DEPTH 40

/* Adds what the folder open as `fd` (taken) holds to *u. */
static void walk(int fd, int depth, struct league_use *u)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	struct stat st;
	int sub;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW))
			continue;
		u->files++;
		u->bytes += league_use_bytes(S_ISREG(st.st_mode) ? (unsigned long long)st.st_size : 0);
		if (S_ISDIR(st.st_mode) && depth > 0 &&
		    (sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
				  O_CLOEXEC)) >= 0)
			walk(sub, depth - 1, u);
	}
	closedir(d);
}

void league_use_tree(const char *path, struct league_use *u)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd >= 0)
		walk(fd, WALK_DEPTH, u);
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

	*mine = (struct league_use){0, 0};
	if (all) {
		*all = (struct league_use){0, 0};
		league_use_tree(uploads, all);
	}
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
	if (all)
		league_use_less(all, &gone);
	if (due)
		strings_free(due);
	free(uploads);
}
