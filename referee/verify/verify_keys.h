/*
 * One key a folder (docs/FAIRNESS-LEAGUE.md, item 23): every signature of a
 * folder, its logs', its run.jsonl's or manifest's, a league's register's,
 * is made with one key, the key `verify --key` trusts when given; a record
 * signed with another is refused, naming both keys, with or without --key.
 */
#ifndef ARENA_VERIFY_KEYS_H
#define ARENA_VERIFY_KEYS_H

#include <stdbool.h>

#include "base/logread.h"
#include "base/problems.h"

/* The key (hex) of the signature line that ends `log`, or NULL. */
const char *verify_keys_of(const struct game_log *log);

/* Whether `key`, the key that signed `where`, is `want`, the key of
 * `whose` ("its run.jsonl", "the league's register", "--key"); a problem
 * naming both when not.  NULL for either: nothing to hold it to. */
bool verify_keys_same(const char *where, const char *key, const char *want,
		      const char *whose, struct problems *problems);

#endif
