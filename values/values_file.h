/*
 * The tables of values.h kept in a file of a cache folder, for a target
 * whose tables are not built in: solved once, read in a fraction of a
 * second after (docs/ANALYSIS.md).  The file, GAME-TARGET.values, is a
 * line naming what it holds ("arena-values 1 GAME TARGET CAP COUNT")
 * and COUNT doubles as this machine stores them.
 */
#ifndef VALUES_VALUES_FILE_H
#define VALUES_VALUES_FILE_H

#include <stddef.h>
#include <sys/types.h>

#include "win_policy.h"

/* The file of the tables of w in the folder `cache`, into path (size). */
void values_file_path(const struct win_policy *w, const char *cache,
		      char *path, size_t size);

/* Reads the tables of w (initialised, tables empty) from the cache: 0,
 * or -1 when the file is absent or not what it should be. */
int values_file_read(struct win_policy *w, const char *cache);

/* Writes the solved tables of w into the cache (made, and the folders
 * above it, if need be): 0, or
 * -1 with err (VALUES_ERR_LEN bytes). */
int values_file_write(const struct win_policy *w, const char *cache,
		      char *err);

/* Makes folder `path` and those above it that are missing, each of
 * `mode` (less the umask): 0, or -1 with errno, `path` cut to the one
 * that could not be made.  The cache's folder here, and the referee's
 * (referee/base/files.c: this library cannot include the referee's). */
int values_mkdirs(char *path, mode_t mode);

#endif
