/*
 * A bot's folder as part of its identity in the log header: one SHA-256
 * over the files of the folder the bot starts in, so that whoever reads a
 * log can tell which version of a bot played when its command names only
 * an interpreter (`java -jar bot.jar` run from its folder).  Bounded in
 * files and bytes, since a folder may be anything; the record says when a
 * bound was hit.  The hash is specified in docs/LOGS.md, "A bot's folder",
 * so that anyone can recompute it.
 */
#ifndef ARENA_BOTFOLDER_H
#define ARENA_BOTFOLDER_H

#include <cjson/cJSON.h>

#include "bot.h"

/* The most files, and bytes of them, one folder's hash covers. */
#define BOTFOLDER_MAX_FILES 4096
#define BOTFOLDER_MAX_BYTES (64L << 20)
#define BOTFOLDER_MAX_DEPTH 64   /* folders under the root */
#define BOTFOLDER_CAP "4096 files, 64 MiB or 64 folders deep" /* the same, in words */

/* {"path", "sha256", "files", "bytes"} and "capped": true when a bound
 * was hit, for the folder `spec`'s bot starts in, leaving out the paths
 * its limits hide; NULL when it has no folder of its own (a program of
 * the system run from nowhere) or the folder cannot be read. */
cJSON *botfolder_describe(const struct bot_spec *spec);

#endif
