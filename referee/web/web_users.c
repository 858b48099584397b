/*
 * The league server's users (web_users.h):
 * DIR/users.json read whole and written whole, every change under an
 * exclusive lock on the file's own lock (users.lock) so that two
 * requests or a request and `league user add` never lose a change.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_folder.h"
#include "web/web_users.h"

/* DIR/users.json's content (an empty one when there is none), or NULL
 * with err. */
static cJSON *users_load(const char *dir, char *err)
{
	char *path = path_join(dir, "users.json");
	bool read;
	cJSON *j = league_json_read(path, &read, err);

	if (!read && errno == ENOENT) {
		j = cJSON_CreateObject();
		cJSON_AddArrayToObject(j, "users");
	} else if (!read) {
		errorf(err, "%s: %s", path, strerror(errno));
	} else if (j && !cJSON_IsArray(json_member(j, "users"))) {
		cJSON_Delete(j);
		j = NULL;
		errorf(err, "%s is not a league's users file", path);
	}
	free(path);
	return j;
}

/* Writes `j` as DIR/users.json (0600), synced, then renamed: 0, or -1. */
static int users_save(const char *dir, const cJSON *j, char *err)
{
	char *path = path_join(dir, "users.json"), *tmp = path_join(dir, "users.json.tmp");
	char *text = json_print_line(j);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600), rc = 0;
	size_t len = strlen(text);

	if (fd < 0 || write(fd, text, len) != (ssize_t)len || fsync(fd) || rename(tmp, path))
		rc = errorf(err, "cannot write %s: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	free(text);
	free(tmp);
	free(path);
	return rc;
}

/* The lock on DIR/users.lock, held until closed, or -1 with err. */
static int users_lock(const char *dir, char *err)
{
	char *path = path_join(dir, "users.lock");
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

	if (fd < 0 || flock(fd, LOCK_EX)) {
		errorf(err, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	free(path);
	return fd;
}

static void token_hash(const char *token, char hex[65])
{
	unsigned char h[32];

	crypto_generichash(h, sizeof h, (const unsigned char *)token, strlen(token), NULL, 0);
	sodium_bin2hex(hex, 65, h, sizeof h);
}

static cJSON *user_find(const cJSON *j, const char *name)
{
	cJSON *u;

	cJSON_ArrayForEach(u, json_member(j, "users"))
		if (cJSON_IsString(json_member(u, "name")) &&
		    !strcmp(json_member(u, "name")->valuestring, name))
			return u;
	return NULL;
}

/* What a change does to user `name`: given `token`, an organiser when
 * `organiser`. */
struct change {
	const char *name, *token;
	bool organiser;
};

/* Runs `change` on the users file under its lock, saving it when the
 * change returns 0: its result. */
static int users_change(const char *dir, int (*change)(cJSON *j, const struct change *c,
							 char *err),
			const struct change *c, char *err)
{
	int lock = users_lock(dir, err), rc = -1;
	cJSON *j = lock < 0 ? NULL : users_load(dir, err);

	if (j && (rc = change(j, c, err)) == 0 && users_save(dir, j, err))
		rc = -1;
	cJSON_Delete(j);
	if (lock >= 0)
		close(lock);
	return rc;
}

static int add_user(cJSON *j, const struct change *c, char *err)
{
	char hex[65];
	cJSON *u = user_find(j, c->name);

	if (u && !cJSON_IsTrue(json_member(u, "revoked")))
		return errorf(err, "the league has a user '%s' already (revoke their "
			      "token with 'referee league user revoke' to give them a new one)",
			      c->name);
	if (u)
		cJSON_DetachItemViaPointer(json_member(j, "users"), u);
	cJSON_Delete(u);
	token_hash(c->token, hex);
	u = cJSON_CreateObject();
	cJSON_AddStringToObject(u, "name", c->name);
	cJSON_AddStringToObject(u, "token", hex);
	cJSON_AddBoolToObject(u, "revoked", false);
	if (c->organiser)
		cJSON_AddBoolToObject(u, "organiser", true);
	cJSON_AddItemToArray(json_member(j, "users"), u);
	return 0;
}

int web_users_add(const char *dir, const char *name, bool organiser, char *token, char *err)
{
	unsigned char raw[WEB_TOKEN_LEN / 2];

	randombytes_buf(raw, sizeof raw);
	sodium_bin2hex(token, WEB_TOKEN_LEN + 1, raw, sizeof raw);
	sodium_memzero(raw, sizeof raw);
	return users_change(dir, add_user, &(struct change){name, token, organiser}, err);
}

static int revoke_user(cJSON *j, const struct change *c, char *err)
{
	cJSON *u = user_find(j, c->name);

	if (!u)
		return errorf(err, "the league has no user '%s'", c->name);
	cJSON_ReplaceItemInObject(u, "revoked", cJSON_CreateBool(true));
	return 0;
}

int web_users_revoke(const char *dir, const char *name, char *err)
{
	return users_change(dir, revoke_user, &(struct change){name, NULL, false}, err);
}

char *web_users_check(const char *dir, const char *token, bool *organiser)
{
	char err[ERR_LEN], hex[65], *user = NULL;
	cJSON *j = users_load(dir, err), *u, *users = j ? json_member(j, "users") : NULL;

	token_hash(token, hex);
	cJSON_ArrayForEach(u, users) {
		const cJSON *h = json_member(u, "token"), *n = json_member(u, "name");

		if (cJSON_IsString(h) && cJSON_IsString(n) && strlen(h->valuestring) == 64 &&
		    !cJSON_IsTrue(json_member(u, "revoked")) &&
		    sodium_memcmp(h->valuestring, hex, 64) == 0) {
			user = xstrdup(n->valuestring);
			if (organiser)
				*organiser = cJSON_IsTrue(json_member(u, "organiser"));
		}
	}
	cJSON_Delete(j);
	return user;
}
