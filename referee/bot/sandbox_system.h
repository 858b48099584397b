/*
 * The system folders: the programs and libraries every sandboxed bot sees,
 * read-only.  A leaf of its own, so that both the sandbox (sandbox.c,
 * which mounts them) and the bot command (bot_command.c, which starts no
 * bot in one) know them without calling each other.
 */
#ifndef ARENA_SANDBOX_SYSTEM_H
#define ARENA_SANDBOX_SYSTEM_H

#include <stdbool.h>

/* "/usr" first, which every system has, then the others; NULL-ended. */
extern const char *const sandbox_system_folders[];

/* Whether `path` (absolute, real) lies in a system folder. */
bool sandbox_is_system(const char *path);

#endif
