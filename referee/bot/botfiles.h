/*
 * What a bot is made of, for the log header: the SHA-256 of the program a
 * bot command runs and of every later argument that names an existing
 * file (for "python3 bot.py" that is python3 and bot.py), so a published
 * log says exactly which code played.
 */
#ifndef ARENA_BOTFILES_H
#define ARENA_BOTFILES_H

#include <cjson/cJSON.h>

/* A JSON array of {"path", "sha256"}; paths relative to `dir` (NULL:
 * the current folder; bot_spec.command_dir) are resolved there.  Never fails: unreadable files
 * are simply not listed. */
cJSON *botfiles_describe(const char *command, const char *dir);

#endif
