/*
 * The index made again when it is not its records'; see league_cache.h.
 */
#include "league/league_cache.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "league/league_db.h"
#include "league/league_index.h"
#include "league/league_sync.h"
#include "run/run_lock.h"

/* Makes the index again, `why` being what was wrong with it: 0 with the
 * note, or -1 with err (a run holds the folder, or the rebuild failed). */
static int remake(const char *dir, const struct league_info *info, const char *why,
		  char *note, size_t len, char *err)
{
	char held[ERR_LEN];  /* why not: said in general, as the cases are few */
	int lock = run_lock(dir, held);
	long games;

	if (lock < 0)
		return errorf(err, "%s; it is not made again now, since the folder's run "
			      "lock cannot be taken (a run holds it, or the folder is not "
			      "the user's to write): 'referee league rebuild %s' makes it "
			      "again from them once it can", why, dir);
	games = league_rebuild(dir, info, err);
	close(lock);
	if (games < 0)
		return -1;
	snprintf(note, len, "%s: made again from the register and the logs (%ld game%s)", why, games,
		 games == 1 ? "" : "s");
	return 0;
}

/* The index `*db` of `info` checked against the records, made again if
 * it did not agree: 0, *db the index that agrees (reopened if it was made
 * again), or -1 with err and *db closed (NULL). */
static int check(const char *dir, const struct league_info *info, sqlite3 **db,
		 char *note, size_t len, char *err)
{
	char why[ERR_LEN];
	int differs;

	note[0] = '\0';
	if ((differs = league_index_check(dir, info, *db, why)) <= 0) {
		if (differs < 0) {
			snprintf(err, ERR_LEN, "%s", why);
			league_db_close(*db);
			*db = NULL;
		}
		return differs;
	}
	league_db_close(*db);
	*db = NULL;
	if (remake(dir, info, why, note, len, err) ||
	    !(*db = league_db_open(dir, false, info->rules->name, info->players, err)))
		return -1;
	if (!league_index_check(dir, info, *db, why))
		return 0;
	/* Made from the records and still not theirs: the records and the
	 * logs disagree, which no rebuild mends. */
	errorf(err, "%s, even made again from the register and the logs: 'referee verify %s' "
	       "says which record or log is at fault", why, dir);
	league_db_close(*db);
	*db = NULL;
	return -1;
}

int league_open_cached(const char *dir, struct league_info *info, sqlite3 **db,
		       char *note, size_t len, char *err)
{
	char why[ERR_LEN];

	note[0] = '\0';
	if (league_folder_read(dir, info, err))
		return -1;
	*db = league_db_open(dir, false, info->rules->name, info->players, why);
	if (!*db && (remake(dir, info, why, note, len, err) ||
		     !(*db = league_db_open(dir, false, info->rules->name, info->players, err)))) {
		league_info_free(info);
		return -1;
	}
	if (!check(dir, info, db, note + strlen(note), len - strlen(note), err))
		return 0;
	league_info_free(info);
	return -1;
}
