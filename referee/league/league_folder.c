/*
 * A league's folder and its league.json; see league_folder.h.
 */
#include "league/league_folder.h"

#include <dirent.h>
#include <sodium.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/options.h"
#include "base/paths.h"
#include "base/util.h"
#include "games/registry.h"

#define LEAGUE_FORMAT "arena-league/1"
/* A register or league.json larger than this is not one. */
#define LEAGUE_FILE_MAX ((size_t)64 << 20)

/* league_folder.h says which names are names. */
bool league_name_ok(const char *name)
{
	size_t n = strlen(name);

	if (!n || n > 40 || name[0] == '.' || name[0] == '-')
		return false;
	return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		      "0123456789-_.") == n;
}

bool league_folder_is(const char *dir)
{
	char *path = path_join(dir, LEAGUE_FILE);
	bool is = access(path, F_OK) == 0;

	free(path);
	return is;
}

/* That `dir` is missing or an empty folder: 0, or -1 with err. */
static int check_empty(const char *dir, char *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (!d)
		return errno == ENOENT ? 0 : errorf(err, "%s: %s", dir, strerror(errno));
	while (!rc && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			rc = errorf(err, "%s is not empty (it holds %s): a league "
				    "starts in a new or empty folder", dir, e->d_name);
	closedir(d);
	return rc;
}

int league_file_write(const char *path, int flags, mode_t mode, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, mode);
	int rc = fd < 0 || files_write_all(fd, text, strlen(text)) ||
		 files_write_all(fd, "\n", 1) || fsync(fd) ? -1 : 0;

	if (fd >= 0 && close(fd))
		rc = -1;
	return rc;
}

/* Copies league.json's "id" to `id` if it is 64 hex digits. */
static bool league_id_read(const cJSON *j, char id[65])
{
	const char *hex = cJSON_GetStringValue(json_member(j, "id"));
	unsigned char bytes[LEAGUE_ID_BYTES];

	if (hex_decode(bytes, sizeof bytes, hex))
		return false;
	memcpy(id, hex, 2 * LEAGUE_ID_BYTES + 1);
	return true;
}

int league_folder_init(const char *dir, struct league_info *info, char *err)
{
	unsigned char id[LEAGUE_ID_BYTES];
	cJSON *j;
	char *path, *text;
	int rc;

	if (league_folder_is(dir))
		return errorf(err, "%s is a league already: 'referee league add' adds "
			      "bots to it", dir);
	if (check_empty(dir, err) || files_mkdirs(dir, err))
		return -1;
	/* Its user's alone, also when it was there, empty, before. */
	if (chmod(dir, 0700) < 0)
		return errorf(err, "%s: %s", dir, strerror(errno));
	randombytes_buf(id, sizeof id);
	hex_encode(info->id, id, sizeof id);
	j = cJSON_CreateObject();
	cJSON_AddStringToObject(j, "format", LEAGUE_FORMAT);
	cJSON_AddStringToObject(j, "game", info->rules->name);
	cJSON_AddItemToObject(j, "options", cJSON_Duplicate(info->options, true));
	cJSON_AddNumberToObject(j, "players", info->players);
	cJSON_AddStringToObject(j, "id", info->id);
	text = json_print_line(j);
	path = path_join(dir, LEAGUE_FILE);
	rc = league_file_write(path, O_EXCL, 0644, text) ? errorf(err, "%s: %s", path,
								   strerror(errno)) : 0;
	free(text);
	free(path);
	cJSON_Delete(j);
	return rc;
}

/* The whole file at `path` (NUL-terminated), or NULL with err. */
static char *read_text(const char *path, char *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *text = fd >= 0 ? files_read_fd(fd, LEAGUE_FILE_MAX, NULL) : NULL;

	if (!text && errno == EFBIG)
		errorf(err, "%s: larger than a league's file can be", path);
	else if (!text)
		errorf(err, "%s: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	return text;
}

int league_folder_read(const char *dir, struct league_info *info, char *err)
{
	char *path = path_join(dir, LEAGUE_FILE), *text;
	const char *game, *format;
	cJSON *j = NULL;
	long players = 0;
	int rc = -1;

	memset(info, 0, sizeof *info);
	if (!league_folder_is(dir))
		errorf(err, "%s is not a league's folder (no %s): make one with "
		       "'referee league init %s --game GAME'", dir, LEAGUE_FILE, dir);
	else if ((text = read_text(path, err))) {
		j = json_parse_object(text, strcspn(text, "\n"), err);
		free(text);
		format = cJSON_GetStringValue(json_member(j, "format"));
		game = cJSON_GetStringValue(json_member(j, "game"));
		if (!j || !format || strcmp(format, LEAGUE_FORMAT) || !game ||
		    !cJSON_IsObject(json_member(j, "options")) ||
		    !json_get_int(j, "players", 2, GAME_MAX_SEATS, &players))
			errorf(err, "%s: not a league's file (%s with \"game\", "
			       "\"options\" and \"players\")", path, LEAGUE_FORMAT);
		else if (json_member(j, "id") && !league_id_read(j, info->id))
			errorf(err, "%s: its \"id\" is not 64 hex digits", path);
		else if (!(info->rules = arena_game_find(game)))
			errorf(err, "%s: unknown game '%s' (see 'referee games')", path, game);
		else if ((info->options = options_resolve(info->rules,
							  json_member(j, "options"), err)))
			rc = 0;
	}
	info->players = (int)players;
	cJSON_Delete(j);
	free(path);
	return rc;
}

int league_open(const char *dir, struct league_info *info, sqlite3 **db, char *err)
{
	if (league_folder_read(dir, info, err))
		return -1;
	if (!(*db = league_db_open(dir, false, info->rules->name, info->players, err))) {
		league_info_free(info);
		return league_db_rebuild_advice(err, dir);
	}
	return 0;
}

void league_info_free(struct league_info *info)
{
	cJSON_Delete(info->options);
	info->options = NULL;
}

int league_json_write(const char *dir, const char *name, const cJSON *j, char *err)
{
	char *path = path_join(dir, name), *tmp = path_joinf(dir, ".%s.tmp", name);
	char *text = json_print_line(j);
	FILE *out = fopen(tmp, "we");
	int rc = 0;

	if (!out)
		rc = errorf(err, "%s: %s", tmp, strerror(errno));
	else if ((fprintf(out, "%s\n", text) < 0) | fclose(out) || rename(tmp, path))
		rc = errorf(err, "%s: %s", path, strerror(errno));
	if (rc)
		unlink(tmp);
	free(text);
	free(tmp);
	free(path);
	return rc;
}

cJSON *league_json_read(const char *path, bool *read, char *err)
{
	size_t len = 0;
	char *text = files_read_all(path, &len);
	cJSON *j = text ? json_parse_object(text, len, err) : NULL;

	if (read)
		*read = text != NULL;
	free(text);
	return j;
}

char *league_run_dir(const char *dir, long run)
{
	return path_joinf(dir, LEAGUE_RUNS "/%06ld", run);
}

long league_next_run(const char *dir)
{
	char *runs = path_join(dir, LEAGUE_RUNS);
	DIR *d = opendir(runs);
	struct dirent *e;
	long last = 0;

	while (d && (e = readdir(d))) {
		char *end;
		long n = strtol(e->d_name, &end, 10);

		if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && !*end && n > last)
			last = n;
	}
	if (d)
		closedir(d);
	free(runs);
	return last + 1;
}

int league_runs_each(const char *dir, int (*fn)(long run, const char *run_dir, void *ctx),
		     void *ctx)
{
	long next = league_next_run(dir);
	int rc = 0;

	for (long run = 1; !rc && run < next; run++) {
		char *run_dir = league_run_dir(dir, run);

		if (access(run_dir, F_OK) == 0)
			rc = fn(run, run_dir, ctx);
		free(run_dir);
	}
	return rc;
}

char *league_stderr_path(const char *dir, const struct league_version *v, int writer)
{
	return writer == 1 ? path_joinf(dir, "stderr/%s-v%d.stderr", v->name, v->number)
			   : path_joinf(dir, "stderr/%s-v%d.%d.stderr", v->name, v->number, writer);
}

void league_version_fields(cJSON *j, const struct league_version *v)
{
	cJSON *r;

	cJSON_AddStringToObject(j, "name", v->name);
	cJSON_AddNumberToObject(j, "number", v->number);
	cJSON_AddStringToObject(j, "hash", v->hash);
	cJSON_AddStringToObject(j, "command", v->command);
	cJSON_AddStringToObject(j, "dir", v->dir);
	if (v->workdir)
		cJSON_AddStringToObject(j, "workdir", v->workdir);
	r = cJSON_AddArrayToObject(j, "readable");
	for (char **p = v->readable; p && *p; p++)
		cJSON_AddItemToArray(r, cJSON_CreateString(*p));
}

bool league_version_read(const cJSON *j, struct league_version *v)
{
	const cJSON *readable = json_member(j, "readable"), *e;
	long number;
	int n = 0;

	*v = (struct league_version){
		.name = cJSON_GetStringValue(json_member(j, "name")),
		.hash = cJSON_GetStringValue(json_member(j, "hash")),
		.command = cJSON_GetStringValue(json_member(j, "command")),
		.dir = cJSON_GetStringValue(json_member(j, "dir")),
		.workdir = cJSON_GetStringValue(json_member(j, "workdir")),
	};
	if (!v->name || !v->hash || !v->command || !v->dir || !cJSON_IsArray(readable) ||
	    !json_whole(json_member(j, "number"), 1, 1000000, &number))
		return false;
	v->number = (int)number;
	v->readable = xcalloc((size_t)cJSON_GetArraySize(readable) + 1, sizeof *v->readable);
	cJSON_ArrayForEach(e, readable)
		if (cJSON_IsString(e))
			v->readable[n++] = e->valuestring;
	return true;
}
