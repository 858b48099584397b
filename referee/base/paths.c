/*
 * Path strings; see paths.h.
 */
#include "paths.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

char *path_join(const char *folder, const char *name)
{
	size_t n = strlen(folder);

	while (n > 0 && folder[n - 1] == '/')
		n--;
	while (*name == '/')
		name++;
	return xasprintf("%.*s%s%s", (int)n, folder, *name || !n ? "/" : "", name);
}

char *path_xdg(const char *variable, const char *in_home, const char *name)
{
	const char *folder = getenv(variable), *home = getenv("HOME");
	char *base, *path;

	if (folder && folder[0] == '/')
		base = xstrdup(folder);
	else if (home && home[0] == '/')
		base = path_join(home, in_home);
	else
		return NULL;
	if (!name)
		return base;
	path = path_join(base, name);
	free(base);
	return path;
}

char *path_joinf(const char *folder, const char *fmt, ...)
{
	va_list ap;
	char *name, *joined;

	va_start(ap, fmt);
	name = xvasprintf(fmt, ap);
	va_end(ap);
	if (!folder)
		return name;
	joined = path_join(folder, name);
	free(name);
	return joined;
}

/* `path` past its leading "./" components, which name nothing. */
static const char *past_dots(const char *path)
{
	while (path[0] == '.' && (path[1] == '/' || !path[1]))
		for (path++; *path == '/'; path++)
			;
	return path;
}

char *path_resolve(const char *base, const char *path)
{
	char *cwd, *folder, *resolved;

	/* "." says "here" and nothing more: left out, a path shown or logged
	 * reads /srv/club/../bots, not /srv/club/./../bots. */
	path = past_dots(path);
	if (base && !*(base = past_dots(base)))
		base = NULL;
	if (path[0] == '/')
		return xstrdup(path);
	if (base && base[0] == '/')
		return path_join(base, path);
	if (!(cwd = getcwd(NULL, 0)))
		return NULL;
	folder = base ? path_join(cwd, base) : cwd;
	resolved = path_join(folder, path);
	if (folder != cwd)
		free(folder);
	free(cwd);
	return resolved;
}

char *path_parent(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	return slash == path ? xstrdup("/") : strndup(path, (size_t)(slash - path));
}

char *path_real_parent(const char *path)
{
	char *parent = path_parent(path), *real = realpath(parent, NULL);

	free(parent);
	return real;
}

bool path_within(const char *path, const char *folder)
{
	size_t n = strlen(folder);

	while (n > 0 && folder[n - 1] == '/')
		n--;
	return !strncmp(path, folder, n) && (path[n] == '\0' || path[n] == '/');
}
