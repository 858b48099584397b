/*
 * Who owns each bot of a league: the user named by the "owner" of the
 * first "add" line of its name in the signed register
 * (docs/LEAGUE-SERVER.md, "Users and uploads"), the one store of it.  A name the organiser added
 * first (no "owner") is nobody's, whoever adds it later.  The owners
 * read are kept, in the process, until the register's file changes (its
 * identity, size or times): the server asks at every request.
 */
#ifndef ARENA_LEAGUE_OWNERS_H
#define ARENA_LEAGUE_OWNERS_H

#include <cjson/cJSON.h>

/* Every owned bot's owner, {BOT: USER}, new (free with cJSON_Delete()):
 * empty when the register cannot be read. */
cJSON *league_owners(const char *dir);

/* The user who owns bot `bot`, a new string, or NULL: nobody's. */
char *league_owner(const char *dir, const char *bot);

#endif
