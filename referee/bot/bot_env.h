/*
 * The environment a bot starts with.  In the sandbox a bot gets a clean
 * one (what isolate gives): a fixed system PATH, HOME and TMPDIR inside
 * its private /tmp, TERM=dumb, the referee's LANG and LC_ALL, and only
 * what it is given besides, since whatever it can read it can encode in
 * its moves and an organiser's environment holds tokens and credentials.
 * Without the sandbox it gets the referee's whole environment (it could
 * read it from /proc anyway).
 */
#ifndef ARENA_BOT_ENV_H
#define ARENA_BOT_ENV_H

#include <stdbool.h>

/* Where a sandboxed bot's HOME is, and the folder it starts in when it
 * has no folder of its own. */
#define BOT_ENV_HOME "/tmp/home"

/* Whether `entry` is "NAME=VALUE" (sets NAME) or "NAME" (passes the
 * referee's NAME, when set), with a NAME a shell would take. */
bool bot_env_entry_valid(const char *entry);

/* The environment: the clean one (`clean`) or the referee's, then the
 * entries of `given` and of `more` (NULL-ended lists, or NULL; a later
 * entry wins).  A NULL-ended list to free with strings_free(), or NULL
 * with err when an entry is not valid. */
char **bot_env_build(bool clean, const char *const *given,
		     const char *const *more, char *err);

#endif
