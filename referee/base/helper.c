/*
 * Finding a helper program; see helper.h.
 */
#include "base/helper.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/paths.h"
#include "base/util.h"
#include "config.h"

static bool runnable(const char *path)
{
	return path && path[0] == '/' && access(path, X_OK) == 0;
}

/* An installed referee looks in its own prefix's libexec before the one
 * it was built for, so that a build installed under another --prefix
 * without being compiled again (configure's prefix changed, then make
 * install) still finds its helpers. */
char *helper_path(const char *name, const char *env, const char *who, char *err)
{
	const char *given = env ? getenv(env) : NULL;
	char *self, *places[3] = {NULL}, *found = NULL, *dir;

	if (given && *given) {
		if (runnable(given))
			return xstrdup(given);
		errorf(err, "%s names '%s', which is not a program (an absolute path) "
		       "that can be run", env, given);
		return NULL;
	}
	if ((self = files_readlink("/proc/self/exe"))) {
		dir = path_parent(self);
		places[0] = path_join(dir, name);
		places[1] = path_joinf(dir, "../libexec/" PACKAGE "/%s", name);
		free(dir);
		free(self);
	}
	places[2] = path_join(PKGLIBEXECDIR, name);
	for (int i = 0; i < 3 && !found; i++)
		if (runnable(places[i]))
			found = xstrdup(places[i]);
	if (!found)
		errorf(err, "%s %s, which is at none of '%s', '%s' and '%s': build it "
		       "(make)%s%s", who, name, places[0] ? places[0] : name,
		       places[1] ? places[1] : name, places[2],
		       env ? ", install it (make install) or name it with "
			   : " or install it (make install)", env ? env : "");
	for (int i = 0; i < 3; i++)
		free(places[i]);
	return found;
}
