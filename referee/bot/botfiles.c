/*
 * Hashing the files a bot command runs; see botfiles.h.
 */
#include "botfiles.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "bot.h"
#include "filehash.h"

/* The files listed so far, by identity. */
struct listed {
	cJSON *list;
	struct stat seen[BOTFILES_MAX_FILES];
	int count;
	long long bytes;
};

static bool seen(const struct listed *l, const struct stat *st)
{
	for (int i = 0; i < l->count; i++)
		if (l->seen[i].st_dev == st->st_dev && l->seen[i].st_ino == st->st_ino)
			return true;
	return false;
}

/* Lists `path` unless it is no readable file or is listed already: 0, or
 * -1 with err when it is past the bound. */
static int add_file(struct listed *l, int dirfd, const char *path, char *err)
{
	char hex[FILES_SHA256_HEX];
	struct stat st;
	int fd = files_open_regular(dirfd, path, &st), rc = 0;
	cJSON *entry;

	if (fd < 0)
		return 0;
	if (seen(l, &st))
		goto out;
	if (l->count == BOTFILES_MAX_FILES || l->bytes + st.st_size > BOTFILES_MAX_BYTES) {
		rc = errorf(err, "the files the bot's command names pass what the referee "
			    "hashes for the log, " BOTFILES_CAP ": with '%.100s' they come to "
			    "%d files, %lld MiB; name fewer or smaller files", path, l->count + 1,
			    (l->bytes + (long long)st.st_size + (1 << 20) - 1) >> 20);
		goto out;
	}
	if (filehash_fd(fd, &st, hex))
		goto out;
	l->seen[l->count++] = st;
	l->bytes += (long long)st.st_size;
	entry = cJSON_CreateObject();
	cJSON_AddStringToObject(entry, "path", path);
	cJSON_AddStringToObject(entry, "sha256", hex);
	cJSON_AddItemToArray(l->list, entry);
out:
	close(fd);
	return rc;
}

cJSON *botfiles_describe(const char *command, const char *dir, char *err)
{
	struct listed *l = xcalloc(1, sizeof *l);
	char **words, *program;
	int count = bot_split_command(command, &words, err), rc = 0;
	int dirfd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
			: AT_FDCWD;
	cJSON *list;

	l->list = cJSON_CreateArray();
	if (count <= 0 || (dir && dirfd < 0))
		goto out;
	program = bot_resolve_program(words[0], dir, err);
	if (program) {
		rc = add_file(l, dirfd, program, err);
		free(program);
	}
	for (int i = 1; i < count && !rc; i++)
		rc = add_file(l, dirfd, words[i], err);
out:
	if (count > 0)
		strings_free(words);
	if (dir && dirfd >= 0)
		close(dirfd);
	list = l->list;
	free(l);
	if (rc) {
		cJSON_Delete(list);
		return NULL;
	}
	return list;
}
