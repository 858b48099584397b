/*
 * An upload's archive unpacked within the league's quotas; see
 * web_quota.h.
 */
#include "web/web_quota.h"

#include <cjson/cJSON.h>

#include "base/util.h"
#include "league/league_db.h"
#include "league/league_owners.h"
#include "league/league_quota.h"
#include "league/league_use.h"

enum web_archive_result web_quota_unpack(const char *dir, const char *user, const char *name,
					 const void *data, size_t len, const char *folder,
					 size_t cap, char *err)
{
	struct league_quota q;
	struct league_use mine, all, empty = {.bytes = LEAGUE_USE_BLOCK, .files = 1};
	struct league_room left;
	struct web_archive_room room = {0};
	enum web_archive_result rc;
	enum league_quota_kind kind;
	char why[ERR_LEN];
	sqlite3 *db;
	cJSON *owners;

	if (league_quota_read(dir, &q, why))
		return errorf(err, "the league's quotas cannot be read: ask its organiser "
			      "to set them again ('referee league quota')"), WEB_ARCHIVE_NO_ROOM;
	db = league_db_open(dir, false, NULL, 0, why);
	owners = league_owners(dir);
	league_use_of(dir, db, owners, user, name, q.versions_kept, &mine, &all);
	cJSON_Delete(owners);
	league_db_close(db);
	/* The folder made for it counts as the archive's own: its "./"
	 * entry (league add counts it so too). */
	league_use_less(&mine, &empty);
	league_use_less(&all, &empty);
	league_quota_room(&q, &mine, &all, &left);
	room.files = left.files;
	room.bytes = left.bytes;
	if ((rc = web_archive_unpack(data, len, folder, cap, &room, err)) != WEB_ARCHIVE_NO_ROOM)
		return rc;
	kind = room.files_passed ? left.files_by : left.bytes_by;
	league_quota_refusal(err, &q, kind, kind == LEAGUE_QUOTA_USER_FILES ||
			     kind == LEAGUE_QUOTA_USER_BYTES ? &mine : &all,
			     room.files_passed ? room.files_counted : room.bytes_counted, true);
	return rc;
}
