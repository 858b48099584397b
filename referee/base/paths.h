/*
 * Paths as strings, the way the referee handles them everywhere: joined,
 * resolved against a folder, compared.  No lookup in the filesystem
 * except path_resolve()'s current folder and path_real_parent().
 */
#ifndef ARENA_PATHS_H
#define ARENA_PATHS_H

#include <stdbool.h>

/* "folder/name", with one slash between them whatever either has;
 * `folder` alone when `name` is empty or "/". */
char *path_join(const char *folder, const char *name);

/* The folder an XDG base-directory variable names (`variable`, e.g.
 * "XDG_CACHE_HOME"), else `in_home` (".cache") in $HOME, `name` joined
 * to it (NULL: the folder itself): a new string, or NULL when neither is
 * set to an absolute path
 * (the XDG spec ignores a relative one). */
char *path_xdg(const char *variable, const char *in_home, const char *name);

/* path_join() of `folder` and the name printf makes of `fmt`; the name
 * alone when `folder` is NULL (a path relative to a folder named later). */
char *path_joinf(const char *folder, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* `path` itself when absolute, else joined to `base` (itself joined to
 * the current folder when relative or NULL): absolute either way, without
 * the "./" that either starts with.  NULL when the current folder is
 * gone. */
char *path_resolve(const char *base, const char *path);

/* The folder `path` lies in ("/" for a path right under the root, "."
 * for a bare name). */
char *path_parent(const char *path);

/* The folder `path` lies in, with every symlink resolved (`path`'s own
 * name may be one, and is not); NULL with errno when it is not there. */
char *path_real_parent(const char *path);

/* Whether `path` is `folder` or lies under it (both absolute, clean). */
bool path_within(const char *path, const char *folder);

#endif
