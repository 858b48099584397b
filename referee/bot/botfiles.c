/*
 * Hashing the files a bot command runs; see botfiles.h.
 */
#include "botfiles.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "bot.h"

static void add_file(cJSON *list, int dirfd, const char *path)
{
	char hex[FILES_SHA256_HEX];
	cJSON *entry;

	if (files_sha256(dirfd, path, hex))
		return;
	entry = cJSON_CreateObject();
	cJSON_AddStringToObject(entry, "path", path);
	cJSON_AddStringToObject(entry, "sha256", hex);
	cJSON_AddItemToArray(list, entry);
}

cJSON *botfiles_describe(const char *command, const char *dir)
{
	cJSON *list = cJSON_CreateArray();
	char err[ERR_LEN];
	char **words, *program;
	int count = bot_split_command(command, &words, err);
	int dirfd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
			: AT_FDCWD;

	if (count <= 0 || (dir && dirfd < 0))
		goto out;
	program = bot_resolve_program(words[0], dir, err);
	if (program) {
		add_file(list, dirfd, program);
		free(program);
	}
	for (int i = 1; i < count; i++)
		add_file(list, dirfd, words[i]);
out:
	if (count > 0)
		bot_free_words(words);
	if (dir && dirfd >= 0)
		close(dirfd);
	return list;
}
