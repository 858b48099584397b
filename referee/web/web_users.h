/*
 * The league server's users (docs/LEAGUE-SERVER.md, "Users and uploads"):
 * DIR/users.json, mode 0600, {"users": [{"name": N, "token": H,
 * "revoked": B, "organiser": true}]}, where H is
 * the BLAKE2b hash (libsodium's crypto_generichash) of the user's token:
 * the token itself is shown once, by `referee league user add`, and kept
 * nowhere.  A token is 32 random bytes, so a fast hash is as good as a
 * slow one.  "organiser" marks the organisers (`league user add
 * --organiser`), who see every bot's stderr.  Who owns a bot is the
 * register's to say (league_owners.h); a "bots" member that earlier
 * servers wrote here is kept as it is and not read.
 * The file is written whole to a temporary file, synced and renamed, so
 * a kill -9 leaves the old one or the new.
 */
#ifndef ARENA_WEB_USERS_H
#define ARENA_WEB_USERS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#define WEB_TOKEN_LEN 64   /* hex digits */

/* Adds user `name` (an organiser when `organiser`) with a new token
 * (token, WEB_TOKEN_LEN + 1 bytes), or gives a revoked user a new one:
 * 0, or -1 with err (a user of that name with a token that works is
 * there already). */
int web_users_add(const char *dir, const char *name, bool organiser, char *token, char *err);

/* Revokes user `name`'s token: 0, or -1 with err. */
int web_users_revoke(const char *dir, const char *name, char *err);

/* The user whose token `token` is (not revoked), a new string, or NULL;
 * whether they are an organiser in *organiser (unless NULL). */
char *web_users_check(const char *dir, const char *token, bool *organiser);

#endif
