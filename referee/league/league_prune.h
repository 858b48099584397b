/*
 * The files of a bot's old versions removed (docs/LEAGUE-SERVER.md, "Quotas"):
 * the league keeps the uploaded folders of each bot's newest
 * `versions_kept` versions (league_quota.h), and of every version the
 * run going on may seat; an older version's folder, DIR/uploads/NAME/
 * upload-X, is removed when a version is added and when a run begins.
 * Only the league's own upload folders are ever removed: a version added
 * from a folder elsewhere keeps it.  Its register line, its rows, its
 * logs and its stderr files stay: no verb reads an old version's files
 * (only a bot's newest version plays, and only its files are hashed
 * again: league_stale.h), so `verify` and `rebuild` pass as before.
 */
#ifndef ARENA_LEAGUE_PRUNE_H
#define ARENA_LEAGUE_PRUNE_H

#include <sqlite3.h>

/* The folders (new strings, a NULL-terminated list: free it with
 * strings_free()) of the versions whose files the league removes
 * once bot `name` (NULL: every bot) has `coming` versions more than it
 * has now, keeping each bot's newest `keep` (none when `db` is NULL). */
char **league_prune_due(const char *dir, sqlite3 *db, const char *name, long keep, int coming);

/* Removes the files of the versions due now (the quota's versions_kept,
 * read from DIR/quota.json), each said on stderr. */
void league_prune(const char *dir, sqlite3 *db);

#endif
