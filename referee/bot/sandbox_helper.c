/*
 * Finding bot-exec; see sandbox_helper.h.
 */
#include "sandbox_helper.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"
#include "config.h"

#define HELPER "bot-exec"

static bool runnable(const char *path)
{
	return path && path[0] == '/' && access(path, X_OK) == 0;
}

/* Where it is, looked for; NULL with err.  An installed referee looks in
 * its own prefix's libexec before the one it was built for, so that a
 * build installed under another --prefix without being compiled again
 * (configure's prefix changed, make install) still finds its helper. */
static char *look_for(char *err)
{
	const char *given = getenv("ARENA_BOT_EXEC");
	char self[PATH_MAX], *places[3] = {NULL}, *found = NULL, *dir;
	ssize_t n;

	if (given && *given) {
		if (runnable(given))
			return xstrdup(given);
		errorf(err, "ARENA_BOT_EXEC names '%s', which is not a program "
		       "(an absolute path) that can be run", given);
		return NULL;
	}
	if ((n = readlink("/proc/self/exe", self, sizeof self - 1)) > 0) {
		self[n] = '\0';
		dir = path_parent(self);
		places[0] = path_join(dir, HELPER);
		places[1] = path_join(dir, "../libexec/" PACKAGE "/" HELPER);
		free(dir);
	}
	places[2] = xstrdup(PKGLIBEXECDIR "/" HELPER);
	for (int i = 0; i < 3 && !found; i++)
		if (runnable(places[i]))
			found = xstrdup(places[i]);
	if (!found)
		errorf(err, "the sandbox needs its helper " HELPER ", which is at none of "
		       "'%s', '%s' and '%s': build it (make), install it (make install), "
		       "or name it with ARENA_BOT_EXEC", places[0] ? places[0] : HELPER,
		       places[1] ? places[1] : HELPER, places[2]);
	for (int i = 0; i < 3; i++)
		free(places[i]);
	return found;
}

char *sandbox_helper_path(char *err)
{
	/* Found once a process (its workers inherit it), not at each start. */
	static char *found;

	if (!found)
		found = look_for(err);
	return found ? xstrdup(found) : NULL;
}
