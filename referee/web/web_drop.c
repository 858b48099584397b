/*
 * Dropping root for the league server (web_drop.h): the supplementary
 * groups first, then the gid, then the uid (the other way round, a
 * process no longer root could not change its groups), each checked; a
 * uid that could be taken back (saved as 0) is refused.  glibc applies
 * each change to every thread, libmicrohttpd's included.  The folder is
 * then walked as the new user: every folder of it must be writable and
 * every file readable and writable, or the league would fail later at
 * its first game or upload with a message further from the cause (to
 * WEB_DROP_DEPTH folders deep).
 */
#include <errno.h>
#include <ftw.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "base/util.h"
#include "web/web_drop.h"

#define WEB_DROP_DEPTH 64

/* The first path of the folder the user may not use, for the walk. */
static char *refused;

static int walk_one(const char *path, const struct stat *st, int type, struct FTW *at)
{
	int need = type == FTW_F ? R_OK | W_OK : R_OK | W_OK | X_OK;

	(void)st;
	if (type == FTW_SL)
		return FTW_CONTINUE;
	if (type == FTW_DNR || type == FTW_NS || access(path, need)) {
		refused = xstrdup(path);
		return FTW_STOP;
	}
	/* nftw() recurses a level a folder: what is deeper is not looked
	 * at, so that no folder's depth runs the stack out or stops the
	 * server from starting (an upload's folders are far less deep). */
	return type == FTW_D && at->level >= WEB_DROP_DEPTH ? FTW_SKIP_SUBTREE : FTW_CONTINUE;
}

/* The passwd entry of `name`, a user's name or uid. */
static struct passwd *user_of(const char *name)
{
	char *end;
	unsigned long uid;
	struct passwd *pw = getpwnam(name);

	if (pw || !*name)
		return pw;
	uid = strtoul(name, &end, 10);
	return *end ? NULL : getpwuid((uid_t)uid);
}

int web_drop_to(const char *name, const char *dir, char *err)
{
	struct passwd *pw = user_of(name);
	uid_t ruid, euid, suid;
	int rc;

	if (!pw)
		return errorf(err, "--user: no user '%s' on this machine", name), -1;
	if (pw->pw_uid == 0)
		return errorf(err, "--user: '%s' is root: give a user the server may "
			      "run as", name), -1;
	if (setgroups(0, NULL) || setgid(pw->pw_gid) || setuid(pw->pw_uid) ||
	    getresuid(&ruid, &euid, &suid) || !ruid || !euid || !suid)
		return errorf(err, "--user: cannot become '%s': %s", name, strerror(errno)), -1;
	setenv("HOME", pw->pw_dir, 1);
	refused = NULL;
	rc = nftw(dir, walk_one, 16, FTW_PHYS | FTW_ACTIONRETVAL);
	if (rc) {
		errorf(err, "the league's folder is not user %s's to write ('%s'): "
		       "give it to them (chown -R %s %s)", pw->pw_name,
		       refused ? refused : dir, pw->pw_name, dir);
		free(refused);
		return -1;
	}
	return 0;
}
