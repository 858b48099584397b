/*
 * Hashing the files a bot command runs; see botfiles.h.
 */
#include "botfiles.h"

#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot.h"
#include "util.h"

/* hex SHA-256 of a regular file, or -1. */
static int sha256_file(int dirfd, const char *path, char hex[65])
{
	unsigned char buf[65536], digest[crypto_hash_sha256_BYTES];
	crypto_hash_sha256_state state;
	struct stat st;
	ssize_t n;
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	crypto_hash_sha256_init(&state);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		crypto_hash_sha256_update(&state, buf, (unsigned long long)n);
	close(fd);
	if (n < 0)
		return -1;
	crypto_hash_sha256_final(&state, digest);
	hex_encode(hex, digest, sizeof digest);
	return 0;
}

static void add_file(cJSON *list, int dirfd, const char *path)
{
	char hex[65];
	cJSON *entry;

	if (sha256_file(dirfd, path, hex))
		return;
	entry = cJSON_CreateObject();
	cJSON_AddStringToObject(entry, "path", path);
	cJSON_AddStringToObject(entry, "sha256", hex);
	cJSON_AddItemToArray(list, entry);
}

cJSON *botfiles_describe(const char *command, const char *workdir)
{
	cJSON *list = cJSON_CreateArray();
	char err[ERR_LEN];
	char **words, *program;
	int count = bot_split_command(command, &words, err);
	int dirfd = workdir ? open(workdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
			    : AT_FDCWD;

	if (count <= 0 || (workdir && dirfd < 0))
		goto out;
	program = bot_resolve_program(words[0], err);
	if (program) {
		add_file(list, dirfd, program);
		free(program);
	}
	for (int i = 1; i < count; i++)
		add_file(list, dirfd, words[i]);
out:
	if (count > 0)
		bot_free_words(words);
	if (workdir && dirfd >= 0)
		close(dirfd);
	return list;
}
