/*
 * A bot's version entered into a league; see league_add.h.
 */
#include "league_add.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/child.h"
#include "base/files.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "bot/botfiles.h"
#include "league_db.h"
#include "league_owners.h"
#include "league_prune.h"
#include "league_quota.h"
#include "league_use.h"
#include "league_register.h"

/* Whether a bot of the league may take a version from `owner`: the
 * organiser's (NULL) may add to any, a user only to their own. */
static bool owned_by(const char *dir, const char *name, const char *owner)
{
	char *has = owner ? league_owner(dir, name) : NULL;
	bool owned = !owner || (has && !strcmp(has, owner));

	free(has);
	return owned;
}

/* The register's line of a new version. */
static cJSON *add_line(const struct league_version *v, const cJSON *files,
			const char *owner)
{
	cJSON *j = json_typed("add");

	league_version_fields(j, v);
	cJSON_AddItemToObject(j, "files", cJSON_Duplicate(files, true));
	if (owner)
		cJSON_AddStringToObject(j, "owner", owner);
	return j;
}

/* The words of `referee check-bot` for version `v` in this league, its
 * logs kept in `keep`, NULL-terminated (free each). */
static char **preflight_words(const struct league_info *info, const struct league_version *v,
			      const char *keep)
{
	char **w = xcalloc(13 + 2 * (size_t)cJSON_GetArraySize(info->options) + 128,
			   sizeof *w);
	int n = 0;
	const cJSON *o;

	w[n++] = xstrdup("referee");
	w[n++] = xstrdup("check-bot");
	/* A bot that forfeits some games plays the others, and loses those:
	 * refused only if it can never play. */
	w[n++] = xstrdup("--lenient");
	w[n++] = xstrdup(info->rules->name);
	w[n++] = xstrdup("--players");
	w[n++] = xasprintf("%d", info->players);
	cJSON_ArrayForEach(o, info->options) {
		char *value = cJSON_IsString(o) ? xstrdup(o->valuestring)
			      : json_print_line(o);

		w[n++] = xstrdup("-o");
		w[n++] = xasprintf("%s=%s", o->string, value);
		free(value);
	}
	if (v->workdir) {
		w[n++] = xstrdup("--workdir");
		w[n++] = xstrdup(v->workdir);
	}
	for (char **r = v->readable; *r && n < 120; r++) {
		w[n++] = xstrdup("--readable");
		w[n++] = xstrdup(*r);
	}
	w[n++] = xstrdup("--keep");
	w[n++] = xstrdup(keep);
	w[n++] = xasprintf("%s=%s", v->name, v->command);
	return w;
}

/* Runs `referee check-bot` on version `v` in its folder, its checklist
 * in DIR/stderr/preflight-NAME-vK.txt: LEAGUE_ADD_DONE when it passes,
 * LEAGUE_ADD_REFUSED with the checklist in out->checklist when not.  Its games'
 * logs go to a folder beside the checklist, removed after: a failed
 * check-bot would keep them in a new folder of TMPDIR each time (a
 * server's uploads that fail would fill it), and name that folder. */
static enum league_add_result preflight(const char *dir, const struct league_info *info,
					const struct league_version *v, struct league_add *out,
					char *err)
{
	/* check-bot runs in the bot's folder: the league's, given relative to
	 * ours, is made absolute so that the checklist lands where we read it. */
	char *home = path_resolve(NULL, dir);

	if (!home) {
		errorf(err, "cannot find the current folder: %s", strerror(errno));
		return LEAGUE_ADD_ERROR;
	}
	char *keep = path_joinf(home, "stderr/preflight-%s-v%d.d", v->name, v->number);
	char **words = preflight_words(info, v, keep);
	char *folder = path_join(home, "stderr");
	char *report = path_joinf(home, "stderr/preflight-%s-v%d.txt", v->name, v->number);
	const struct child c = {
		.path = "/proc/self/exe", .argv = words, .dir = v->dir,
		.output = report, .output_mode = 0644,
	};
	char why[ERR_LEN];
	int status = -1;
	enum league_add_result rc = LEAGUE_ADD_DONE;

	files_remove_tree(keep);  /* a check cut short's */
	if (files_mkdirs(folder, err))
		rc = LEAGUE_ADD_ERROR;
	else if ((status = child_run(&c, NULL, NULL, NULL, why)) < 0) {
		errorf(err, "check-bot: %s", why);
		rc = LEAGUE_ADD_ERROR;
	}
	if (rc == LEAGUE_ADD_DONE && status != 0) {
		out->checklist = files_read_all(report, NULL);
		out->checklist = out->checklist ? out->checklist : xstrdup("");
		rc = LEAGUE_ADD_REFUSED;
	}
	for (char **w = words; *w; w++)
		free(*w);
	free(words);
	files_remove_tree(keep);
	free(keep);
	free(folder);
	free(report);
	free(home);
	return rc;
}

/* Whether `folder` is in DIR/uploads/: an upload, whose files are the
 * league's to keep and count. */
static bool in_uploads(const char *dir, const char *folder)
{
	char *uploads = path_join(dir, "uploads"), real[PATH_MAX], mine[PATH_MAX];
	bool in = folder && realpath(uploads, real) && realpath(folder, mine) &&
		  path_within(mine, real) && strcmp(mine, real);

	free(uploads);
	return in;
}

/* Whether version `v`, from an upload's folder, keeps the league within
 * its quotas (league_quota.h): its user's (out->owner's, their bots as
 * the register gives them) and the league's, counting what adding it
 * removes (league_prune.h); false with err, saying which it passes.  A
 * version from a folder elsewhere costs the league nothing: true. */
static bool within_quota(const char *dir, sqlite3 *db, const struct league_version *v,
			 const struct league_add *out, char *err)
{
	struct league_quota q;
	struct league_use mine, all, adding = {.bytes = LEAGUE_USE_BLOCK, .files = 1};
	struct league_room room;
	cJSON *owners;

	if (!in_uploads(dir, v->workdir))
		return true;
	if (league_quota_read(dir, &q, err))
		return false;
	league_use_tree(v->workdir, &adding);
	owners = league_owners(dir);
	league_use_of(dir, db, owners, out->owner ? out->owner : "", v->name,
		      q.versions_kept, &mine, &all);
	cJSON_Delete(owners);
	/* The folder is there already, counted in both: the room is that
	 * before it. */
	league_use_less(&mine, &adding);
	league_use_less(&all, &adding);
	league_quota_room(&q, out->owner ? &mine : NULL, &all, &room);
	if (adding.files > room.files)
		league_quota_refusal(err, &q, room.files_by, room.files_by ==
				     LEAGUE_QUOTA_USER_FILES ? &mine : &all, adding.files, false);
	else if (adding.bytes > room.bytes)
		league_quota_refusal(err, &q, room.bytes_by, room.bytes_by ==
				     LEAGUE_QUOTA_USER_BYTES ? &mine : &all, adding.bytes, false);
	return adding.files <= room.files && adding.bytes <= room.bytes;
}

enum league_add_result league_add_version(const char *dir, const struct league_info *info,
					  sqlite3 *db, struct league_version *v,
					  bool only_new, struct league_add *out,
					  char *err)
{
	struct league_version *all;
	const struct league_version *newest;
	bool retired;
	int count = league_db_versions(db, &all, err), found;
	enum league_add_result rc;
	cJSON *files, *line;
	long id;

	if (count < 0)
		return LEAGUE_ADD_ERROR;
	if (!(files = botfiles_describe(v->command, v->dir, err))) {
		league_versions_free(all, count);
		return LEAGUE_ADD_ERROR;
	}
	files_command_hash(v->command, files, v->hash);
	/* The version of these files, or the number of the bot's newest as a
	 * negative (0: none); the versions are by id. */
	newest = league_version_newest(all, count, v->name);
	retired = newest && newest->retired;
	id = league_db_version_id(db, v->name, v->hash);
	found = id > 0 && id <= count ? all[id - 1].number : newest ? -newest->number : 0;
	league_versions_free(all, count);
	if (retired) {
		cJSON_Delete(files);
		errorf(err, "%s is retired: a retired bot plays no more (add it under "
		       "another name)", v->name);
		return LEAGUE_ADD_ERROR;
	}
	if (only_new && found) {
		cJSON_Delete(files);
		errorf(err, "%s is a bot of the league already: --new adds only a bot it "
		       "has not", v->name);
		return LEAGUE_ADD_ERROR;
	}
	if (found && !owned_by(dir, v->name, out->owner)) {
		cJSON_Delete(files);
		errorf(err, "%s is another's bot (a user's or the organiser's): only its "
		       "owner adds its versions", v->name);
		return LEAGUE_ADD_ERROR;
	}
	out->version = found > 0 ? found : 1 - found;
	if (found > 0) {
		cJSON_Delete(files);
		return LEAGUE_ADD_DONE;
	}
	v->number = out->version;
	if (!within_quota(dir, db, v, out, err)) {
		cJSON_Delete(files);
		return LEAGUE_ADD_ERROR;
	}
	if ((rc = preflight(dir, info, v, out, err)) != LEAGUE_ADD_DONE) {
		cJSON_Delete(files);
		return rc;
	}
	line = add_line(v, files, out->owner);
	rc = (league_register_append(dir, info, line, out->key, err) || league_db_add_version(db, v, err))
	     ? LEAGUE_ADD_ERROR : LEAGUE_ADD_DONE;
	cJSON_Delete(line);
	cJSON_Delete(files);
	out->added = rc == LEAGUE_ADD_DONE;
	if (out->added)
		league_prune(dir, db);
	return rc;
}
