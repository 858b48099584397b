/*
 * Finding a helper program; see helper.h.
 */
#include "base/helper.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"

static bool runnable(const char *path)
{
	return path && path[0] == '/' && access(path, X_OK) == 0;
}

char *helper_path(const char *name, const char *env, const char *who, char *err)
{
	const char *given = env ? getenv(env) : NULL;
	char self[PATH_MAX], *beside = NULL, *installed, *dir;
	ssize_t n;

	if (given && *given) {
		if (runnable(given))
			return xstrdup(given);
		errorf(err, "%s names '%s', which is not a program (an absolute path) "
		       "that can be run", env, given);
		return NULL;
	}
	if ((n = readlink("/proc/self/exe", self, sizeof self - 1)) > 0) {
		self[n] = '\0';
		dir = path_parent(self);
		beside = path_join(dir, name);
		free(dir);
		if (runnable(beside))
			return beside;
	}
	installed = path_join(PKGLIBEXECDIR, name);
	if (runnable(installed)) {
		free(beside);
		return installed;
	}
	errorf(err, "%s %s, which is neither at '%s' nor at '%s': build it (make) or "
	       "install it (make install)", who, name, beside ? beside : name, installed);
	free(beside);
	free(installed);
	return NULL;
}
