/*
 * Finding bot-exec; see sandbox_helper.h.
 */
#include "base/helper.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"

#define HELPER "bot-exec"

static bool runnable(const char *path)
{
	return path && path[0] == '/' && access(path, X_OK) == 0;
}

/* Where it is, looked for; NULL with err. */
static char *look_for(char *err)
{
	const char *given = getenv("ARENA_BOT_EXEC");
	char self[PATH_MAX], *beside = NULL, *dir;
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
		beside = path_join(dir, HELPER);
		free(dir);
		if (runnable(beside))
			return beside;
	}
	if (runnable(PKGLIBEXECDIR "/" HELPER)) {
		free(beside);
		return xstrdup(PKGLIBEXECDIR "/" HELPER);
	}
	errorf(err, "the sandbox needs its helper " HELPER ", which is neither at "
	       "'%s' nor at '" PKGLIBEXECDIR "/" HELPER "': build it (make) or "
	       "install it (make install)", beside ? beside : HELPER);
	free(beside);
	return NULL;
}

char *sandbox_helper_path(char *err)
{
	/* Found once a process (its workers inherit it), not at each start. */
	static char *found;

	if (!found)
		found = look_for(err);
	return found ? xstrdup(found) : NULL;
}
