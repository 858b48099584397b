/*
 * POST /api/bots (web_upload.h), a user's (their token checked by the
 * server's route): the size and the
 * user's uploads being sent and rate (web_busy.h) before any body is
 * read (413, 429), the multipart
 * form read into memory up to the cap (413), the name checked against
 * its owner (403), the archive unpacked within the league's quotas
 * (unpack_within(), web_archive.h: 400, 413) into a
 * new folder DIR/uploads/NAME/upload-XXXXXX of mode 0700, its bot.json's
 * command checked (400), then queued for its pre-flight
 * (web_preflight.h: `referee league add`, the one path a bot enters the
 * league by): 202 with the upload's id, or 409, 429.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "bot/bot.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "league/league_owners.h"
#include "league/league_quota.h"
#include "league/league_use.h"
#include "web/web_archive.h"
#include "web/web_busy.h"
#include "web/web_db.h"
#include "web/web_preflight.h"
#include "web/web_reply.h"
#include "web/web_upload.h"

struct web_upload {
	struct MHD_PostProcessor *pp;
	char *user;
	/* Its slot of the user's uploads being sent (web_busy.h), so that
	 * a body sent a byte now and then by one token on many addresses
	 * cannot hold every connection. */
	struct web_busy *busy;
	char key[WEB_BUSY_KEY_LEN];
	char name[64];
	char *archive;
	size_t len, cap;
	bool too_big;
};

static enum MHD_Result field(void *cls, enum MHD_ValueKind kind, const char *key,
			     const char *filename, const char *type, const char *encoding,
			     const char *data, uint64_t off, size_t size)
{
	struct web_upload *u = cls;

	(void)kind, (void)filename, (void)type, (void)encoding, (void)off;
	if (!strcmp(key, "name")) {
		size_t have = strlen(u->name);

		if (have + size >= sizeof u->name)
			size = sizeof u->name - 1 - have;
		memcpy(u->name + have, data, size);
		u->name[have + size] = '\0';
	} else if (!strcmp(key, "archive")) {
		if (u->len + size > u->cap) {
			u->too_big = true;
			return MHD_YES;
		}
		u->archive = xrealloc(u->archive, u->len + size + 1);
		memcpy(u->archive + u->len, data, size);
		u->len += size;
	}
	return MHD_YES;
}

/* The first call, user `user`'s: the size and the rate, then the form's
 * reader. */
static enum MHD_Result upload_begin(struct MHD_Connection *c, const char *user,
				    const struct web_upload_limits *limits, void **state)
{
	const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
	char key[WEB_BUSY_KEY_LEN];
	struct web_upload *u;

	if (length && strtoull(length, NULL, 10) > limits->max_bytes)
		return web_fail(c, MHD_HTTP_CONTENT_TOO_LARGE, "the upload is over the "
				"server's cap (--max-upload)");
	snprintf(key, sizeof key, "uploads %s", user);
	if (!web_busy_take(limits->busy, key))
		return web_fail(c, MHD_HTTP_TOO_MANY_REQUESTS, "you are sending "
				WEB_BUSY_PER_USER_TEXT " uploads already: send one at a time");
	if (!web_busy_rate(limits->busy, key, limits->per_minute)) {
		web_busy_put(limits->busy, key);
		return web_fail(c, MHD_HTTP_TOO_MANY_REQUESTS, "too many uploads this minute: "
				"try again in a minute");
	}
	u = xcalloc(1, sizeof *u);
	u->user = xstrdup(user);
	u->busy = limits->busy;
	memcpy(u->key, key, sizeof key);
	u->cap = limits->max_bytes;
	if (!(u->pp = MHD_create_post_processor(c, 16 * 1024, field, u))) {
		web_upload_free(u);
		return web_fail(c, MHD_HTTP_BAD_REQUEST, "send a multipart/form-data form "
				"with fields name and archive");
	}
	*state = u;
	return MHD_YES;
}

/* The command in FOLDER/bot.json, or NULL. */
static char *bot_command(const char *folder)
{
	char *path = path_join(folder, "bot.json"), err[ERR_LEN], *command = NULL;
	cJSON *j = league_json_read(path, NULL, err);

	if (cJSON_IsString(json_member(j, "command")))
		command = xstrdup(json_member(j, "command")->valuestring);
	cJSON_Delete(j);
	free(path);
	return command;
}

/* Whether the words of `command` name only the bot's own files (paths
 * inside its folder) and the system's (under the folders every sandbox
 * shows): the sandbox shows a bot each file its command names, so a
 * command naming another bot's file would be shown it.  false with err. */
static bool command_inside(const char *command, char *err)
{
	static const char *const system[] = {"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/"};
	char **words;
	int count = bot_split_command(command, &words, err);
	bool inside = count > 0;

	for (int i = 0; inside && i < count; i++) {
		bool ok = !strchr(words[i], '/') || web_archive_path_inside(words[i]);

		for (size_t k = 0; !ok && k < sizeof system / sizeof *system; k++)
			ok = !strncmp(words[i], system[k], strlen(system[k])) &&
			     !strstr(words[i], "/../") && !strstr(words[i], "/./");
		if (!ok)
			inside = !errorf(err, "the bot's command names '%s', outside its folder: a "
					 "command names the bot's own files (relative paths) and "
					 "the system's programs", words[i]);
	}
	if (count > 0)
		strings_free(words);
	return inside;
}

/* The unpacked bot queued for its pre-flight (as a new bot when
 * `new_bot`: its name nobody's yet): 202 with the upload's id, or 400,
 * 409, 429 (the folder then removed). */
static enum MHD_Result upload_queue(struct MHD_Connection *c, const struct web_upload_limits *limits,
				    const struct web_upload *u, const char *folder, bool new_bot)
{
	char *command = bot_command(folder), *text, err[ERR_LEN], id[WEB_UPLOAD_ID_LEN + 1];
	enum web_queued q = WEB_QUEUE_FULL;
	enum MHD_Result r;
	cJSON *j;

	if (!command)
		r = web_fail(c, MHD_HTTP_BAD_REQUEST, "the archive has no bot.json with "
			     "the bot's \"command\"");
	else if (!command_inside(command, err))
		r = web_fail(c, MHD_HTTP_BAD_REQUEST, err);
	else if ((q = web_preflight_queue(limits->preflight, &(struct web_upload_job){
				.name = u->name, .user = u->user, .folder = folder,
				.command = command, .new_bot = new_bot}, id)) == WEB_QUEUE_BUSY)
		r = web_fail(c, MHD_HTTP_CONFLICT, "an upload of this bot is being checked: "
			     "wait for its answer (GET /api/uploads/ID)");
	else if (q == WEB_QUEUE_FULL)
		r = web_fail(c, MHD_HTTP_TOO_MANY_REQUESTS, "too many uploads are being "
			     "checked (yours or in all): try again once yours are answered");
	else {
		j = cJSON_CreateObject();
		cJSON_AddStringToObject(j, "id", id);
		cJSON_AddStringToObject(j, "name", u->name);
		cJSON_AddStringToObject(j, "state", "queued");
		text = xasprintf("/api/uploads/%s", id);
		cJSON_AddStringToObject(j, "status", text);
		free(text);
		r = web_reply_json(c, MHD_HTTP_ACCEPTED, j);
	}
	if (q != WEB_QUEUED)
		files_remove_tree(folder);
	free(command);
	return r;
}

/* web_archive_unpack() of upload `u` into `folder` (made already, in
 * DIR/uploads/NAME) within the league's quotas (docs/LEAGUE-SERVER.md,
 * "Quotas"; league_quota.h): what the uploader's bots' folders and all
 * uploads hold (index `db`, NULL: none) is counted first, and the archive
 * is refused as soon as its entries, read before anything is written,
 * pass the room left: WEB_ARCHIVE_NO_ROOM, with the quota it passes
 * named in err. */
static enum web_archive_result unpack_within(const char *dir, sqlite3 *db,
					     const struct web_upload *u, const char *folder,
					     char *err)
{
	struct league_quota q;
	struct league_use mine, all, empty = {.bytes = LEAGUE_USE_BLOCK, .files = 1};
	struct league_room left;
	struct web_archive_room room = {0};
	enum web_archive_result rc;
	enum league_quota_kind kind;
	char why[ERR_LEN];
	cJSON *owners;

	if (league_quota_read(dir, &q, why))
		return errorf(err, "the league's quotas cannot be read: ask its organiser "
			      "to set them again ('referee league quota')"), WEB_ARCHIVE_NO_ROOM;
	owners = league_owners(dir);
	league_use_of(dir, db, owners, u->user, u->name, q.versions_kept, &mine, &all);
	cJSON_Delete(owners);
	/* The folder made for it counts as the archive's own: its "./"
	 * entry (league add counts it so too). */
	league_use_less(&mine, &empty);
	league_use_less(&all, &empty);
	league_quota_room(&q, &mine, &all, &left);
	room.files = left.files;
	room.bytes = left.bytes;
	rc = web_archive_unpack(u->archive, u->len, folder, u->cap, &room, err);
	if (rc != WEB_ARCHIVE_NO_ROOM)
		return rc;
	kind = room.files_passed ? left.files_by : left.bytes_by;
	league_quota_refusal(err, &q, kind, kind == LEAGUE_QUOTA_USER_FILES ||
			     kind == LEAGUE_QUOTA_USER_BYTES ? &mine : &all,
			     room.files_passed ? room.files_counted : room.bytes_counted, true);
	return rc;
}

/* A new folder for an upload in `parent` (made, mode 0700), a new
 * string, or NULL.  Another upload of the name that ends removes the
 * parent when it is empty (a refused first upload leaves no folder), and
 * may do so between the making of it and of the folder in it (seen: 500s
 * under many uploads of one name at once): made again then. */
static char *upload_folder(const char *parent, char *err)
{
	for (int tries = 0; tries < 100; tries++) {
		char *folder = path_join(parent, "upload-XXXXXX");

		if (files_mkdirs(parent, err)) {
			free(folder);
			return NULL;
		}
		if (chmod(parent, 0700) == 0 && mkdtemp(folder))
			return folder;
		free(folder);
		if (errno != ENOENT)
			break;
	}
	return NULL;
}

/* The last call: the form read, what it sent unpacked and entered. */
static enum MHD_Result upload_end(struct MHD_Connection *c, const char *dir,
				  const struct web_upload_limits *limits, struct web_upload *u)
{
	char err[ERR_LEN], *parent, *folder, *owner;
	sqlite3 *db = web_db_of_thread(dir, err);
	enum web_archive_result ar;
	enum MHD_Result r;
	bool mine, new_bot;

	if (u->too_big)
		return web_fail(c, MHD_HTTP_CONTENT_TOO_LARGE, "the archive is over the "
				"server's cap (--max-upload)");
	if (!league_name_ok(u->name))
		return web_fail(c, MHD_HTTP_BAD_REQUEST, "give the bot's name (field name): "
				"letters, digits, '-', '_' and '.', up to 40, not starting with "
				"'.' or '-'");
	if (!u->len)
		return web_fail(c, MHD_HTTP_BAD_REQUEST, "give the bot's folder as a .tar.gz "
				"(field archive)");
	/* Claimed only once the league takes the upload (web_preflight.h). */
	owner = league_owner(dir, u->name);
	/* A name the index has, or when it cannot say, is no new bot's. */
	new_bot = !owner && db && league_db_bot_versions(db, u->name) == 0;
	mine = owner ? !strcmp(owner, u->user) : new_bot;
	free(owner);
	if (!mine)
		return web_fail(c, MHD_HTTP_FORBIDDEN, "this bot's name is another's (a user's "
				"or the organiser's): give another");
	parent = path_joinf(dir, "uploads/%s", u->name);
	if (!(folder = upload_folder(parent, err))) {
		r = web_fail(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "cannot make the bot's folder");
	} else if ((ar = unpack_within(dir, db, u, folder, err))) {
		files_remove_tree(folder);
		r = web_fail(c, ar == WEB_ARCHIVE_BAD ? MHD_HTTP_BAD_REQUEST
			     : MHD_HTTP_CONTENT_TOO_LARGE, err);
	} else {
		r = upload_queue(c, limits, u, folder, new_bot);
	}
	/* A bot's first upload refused leaves no folder of it either. */
	rmdir(parent);
	free(parent);
	free(folder);
	return r;
}

enum MHD_Result web_upload_step(struct MHD_Connection *c, const char *dir,
				const struct web_upload_limits *limits, const char *user,
				const char *data, size_t *size, void **state)
{
	struct web_upload *u = *state;

	if (!u)
		return upload_begin(c, user, limits, state);
	if (*size) {
		if (MHD_post_process(u->pp, data, *size) != MHD_YES)
			u->too_big = u->too_big || u->len >= u->cap;
		*size = 0;
		return MHD_YES;
	}
	return upload_end(c, dir, limits, u);
}

void web_upload_free(void *state)
{
	struct web_upload *u = state;

	if (!u)
		return;
	if (u->pp)
		MHD_destroy_post_processor(u->pp);
	web_busy_put(u->busy, u->key);
	free(u->user);
	free(u->archive);
	free(u);
}
