/*
 * What a bot is made of, for the log header: the SHA-256 of the program a
 * bot command runs and of every later argument that names an existing
 * file (for "python3 bot.py" that is python3 and bot.py), so a published
 * log says exactly which code played.  Each file once, however many of
 * the command's words name it (by another path or a link), and within a
 * bound: a command may name anything, and its files are hashed at every
 * game's start (filehash.h remembers the hashes of unchanged files).
 */
#ifndef ARENA_BOTFILES_H
#define ARENA_BOTFILES_H

#include <cjson/cJSON.h>

/* The most files, and bytes of them, one command's files may come to. */
#define BOTFILES_MAX_FILES 64
#define BOTFILES_MAX_BYTES (256LL << 20)
#define BOTFILES_CAP "64 files or 256 MiB" /* the same, in words */

/* A JSON array of {"path", "sha256"}, one entry a file (the first word
 * that names it gives its path); paths relative to `dir` (NULL: the
 * current folder; bot_spec.command_dir) are resolved there.  Unreadable
 * files are simply not listed.  NULL with a message in `err` when the
 * files are past the bound. */
cJSON *botfiles_describe(const char *command, const char *dir, char *err);

#endif
