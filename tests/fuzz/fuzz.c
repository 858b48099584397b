/*
 * The helpers of fuzz.h: the temporary files and folders that harnesses
 * of readers taking a path write their input to, a log resealed, and the
 * abort on a broken invariant.
 */
#include "fuzz.h"

#include <cjson/cJSON.h>
#include <ftw.h>
#include <sodium.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/journal.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "web/web_archive.h"

const char *fuzz_write_temp(const char *name, const uint8_t *data,
			    size_t size)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof path, "/tmp/fuzz-%s.%ld", name, (long)getpid());
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
		perror(path);
		abort();
	}
	return path;
}

/* The file of the folder's entry "@@ PATH" of `len` bytes at `line`,
 * made in `dir` with its content (`content`, `size` bytes); skipped when
 * PATH leaves the folder or cannot be made. */
static void write_entry(const char *dir, const uint8_t *line, size_t len,
			const uint8_t *content, size_t size)
{
	char *name = strndup((const char *)line + 3, len - 3), *path, *parent;
	char err[ERR_LEN];
	FILE *f;

	if (!name)
		abort();
	if (!*name || strlen(name) != len - 3 || !web_archive_path_inside(name)) {
		free(name);
		return;
	}
	path = path_join(dir, name);
	parent = path_parent(path);
	if (name[len - 4] == '/') {
		files_mkdirs(path, err);
	} else if (!files_mkdirs(parent, err) && (f = fopen(path, "wb"))) {
		fwrite(content, 1, size, f);
		fclose(f);
	}
	free(parent);
	free(path);
	free(name);
}

char *fuzz_write_folder(const char *name, const uint8_t *data, size_t size)
{
	char err[ERR_LEN], prefix[64], *dir;
	const uint8_t *entry = NULL, *content = NULL;
	size_t entry_len = 0, at = 0;

	snprintf(prefix, sizeof prefix, "fuzz-%s", name);
	if (!(dir = files_temp_dir(prefix, err)))
		fuzz_fail(err);
	while (at < size) {
		const uint8_t *nl = memchr(data + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - data) - at : size - at;

		if (len >= 3 && !memcmp(data + at, "@@ ", 3)) {
			if (entry)
				write_entry(dir, entry, entry_len, content,
					    (size_t)(data + at - content));
			entry = data + at;
			entry_len = len;
			content = data + at + len + (nl != NULL);
		}
		at += len + (nl != NULL);
	}
	if (entry)
		write_entry(dir, entry, entry_len, content,
			    (size_t)(data + size - content));
	return dir;
}

/* nftw: makes each folder writable, so that the tree can be removed
 * whatever modes the code under test gave it. */
static int writable(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	(void)ftw;
	if (type == FTW_D)
		chmod(path, (st->st_mode & 07777) | S_IRWXU);
	return 0;
}

void fuzz_remove_folder(char *dir)
{
	nftw(dir, writable, 8, FTW_PHYS);
	if (files_remove_tree(dir))
		fuzz_fail("a temporary folder cannot be removed");
	free(dir);
}

const char *fuzz_reseal(const uint8_t *data, size_t size)
{
	static const unsigned char seed[crypto_sign_SEEDBYTES];
	static char path[128];
	unsigned char game_id[FAIR_GAME_ID_BYTES] = {0};
	struct referee_key key;
	struct journal *journal;
	char err[ERR_LEN];
	size_t at = 0;
	bool any = false;

	snprintf(path, sizeof path, "/tmp/fuzz-sealed.%ld", (long)getpid());
	unlink(path);
	journal = journal_create(path, err);
	if (!journal)
		fuzz_fail(err);
	while (at < size) {
		const uint8_t *nl = memchr(data + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - data) - at : size - at;
		cJSON *record = json_parse_object((const char *)data + at, len,
						  err);
		const char *type = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(record, "type"));
		const char *id = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(record, "game_id"));

		at += len + 1;
		if (!record)
			continue;
		if (type && !strcmp(type, "signature")) {
			cJSON_Delete(record);
			break;
		}
		if (!any && id)
			hex_decode(game_id, sizeof game_id, id);
		cJSON_DeleteItemFromObjectCaseSensitive(record, "seq");
		cJSON_DeleteItemFromObjectCaseSensitive(record, "prev");
		if (journal_append(journal, record, err))
			fuzz_fail(err);
		any = true;
	}
	crypto_sign_seed_keypair(key.public_key, key.secret_key, seed);
	if (any && journal_sign(journal, &key, game_id, err))
		fuzz_fail(err);
	journal_free(journal);
	return any ? path : NULL;
}

void fuzz_ignore_problem(void *ctx, const char *where, const char *what)
{
	(void)ctx;
	(void)where;
	(void)what;
}

void fuzz_fail(const char *what)
{
	fprintf(stderr, "fuzz: broken invariant: %s\n", what);
	abort();
}
