/*
 * File helpers; see files.h.
 */
#include "files.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <fcntl.h>
#include <dirent.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"
#include "util.h"
#include "values/values_file.h"

/* SHA-256 is nettle's, not libsodium's: nettle uses the CPU's SHA
 * instructions where there are some (libsodium has portable C only, six
 * times slower here), and hashing every log was a sixth of a report. */
static void sha256_hex(struct sha256_ctx *ctx, char hex[FILES_SHA256_HEX])
{
	unsigned char digest[SHA256_DIGEST_SIZE];

	sha256_digest(ctx, sizeof digest, digest);
	hex_encode(hex, digest, sizeof digest);
}

void files_sha256_bytes(const void *bytes, size_t len, char hex[FILES_SHA256_HEX])
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, len, bytes);
	sha256_hex(&ctx, hex);
}

int files_open_regular(int dirfd, const char *path, struct stat *st)
{
	/* Not blocking: opening a FIFO (a bot's command may name anything)
	 * would wait for a writer. */
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return -1;
	if (fstat(fd, st) || !S_ISREG(st->st_mode) || fcntl(fd, F_SETFL, 0) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int files_sha256_fd(int fd, char hex[FILES_SHA256_HEX])
{
	unsigned char buf[65536];
	struct sha256_ctx ctx;
	ssize_t n;

	sha256_init(&ctx);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		sha256_update(&ctx, (size_t)n, buf);
	if (n < 0)
		return -1;
	sha256_hex(&ctx, hex);
	return 0;
}

int files_sha256_by(int dirfd, const char *path, files_hasher *hash,
		    char hex[FILES_SHA256_HEX])
{
	struct stat st;
	int fd = files_open_regular(dirfd, path, &st), rc;

	if (fd < 0)
		return -1;
	rc = hash ? hash(fd, &st, hex) : files_sha256_fd(fd, hex);
	close(fd);
	return rc;
}

int files_sha256(int dirfd, const char *path, char hex[FILES_SHA256_HEX])
{
	return files_sha256_by(dirfd, path, NULL, hex);
}

char *files_temp_dir(const char *prefix, char *err)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/%s.XXXXXX", tmp && tmp[0] == '/' ? tmp : "/tmp", prefix);

	if (!mkdtemp(dir)) {
		errorf(err, "cannot make a folder %s: %s", dir, strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
}

int files_mkdirs(const char *path, char *err)
{
	char *copy = xstrdup(path);
	int rc = values_mkdirs(copy, 0755) ?
		 errorf(err, "cannot create folder '%s': %s", copy, strerror(errno)) : 0;

	free(copy);
	return rc;
}

/* One folder on the way down from the root: its name in its parent and
 * its identity, so that the way back up ("..") is checked to be it. */
struct level {
	char *name;
	dev_t dev;
	ino_t ino;
};

/* The first subfolder's name in folder `fd` (a new string), every other
 * entry unlinked on the way; NULL when none is left, or on an error
 * (errno set, else 0). */
static char *first_subfolder(int fd)
{
	DIR *dir = fdopendir(dup(fd));
	struct dirent *d;
	char *sub = NULL;

	if (!dir)
		return NULL;
	/* From the start again: what was before is gone, but for the
	 * subfolder just removed. */
	rewinddir(dir);
	errno = 0;
	while (!sub && (d = readdir(dir))) {
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		if (!unlinkat(fd, d->d_name, 0))
			continue;
		if (errno != EISDIR && errno != EPERM)
			break;
		sub = xstrdup(d->d_name);
		errno = 0;
	}
	if (!sub && !errno && d)
		errno = EIO;
	closedir(dir);
	return sub;
}

/* Without recursion (a folder may be any depth, and an uploaded bot's
 * one was 30,000): down into the first subfolder left, unlinking files
 * on the way, up through ".." (checked to be the folder come from) when
 * a folder is empty, removing it there. */
int files_remove_tree(const char *path)
{
	struct level *way = NULL;
	size_t depth = 0, cap = 0;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), rc = 0, saved;
	struct stat st;

	if (fd < 0)
		return errno == ENOTDIR || errno == ELOOP ? unlink(path) : -1;
	for (;;) {
		char *sub = first_subfolder(fd);
		int next;

		if (sub) {
			way = xgrow(way, depth, &cap, sizeof *way);
			if ((next = openat(fd, sub, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
					   O_CLOEXEC)) < 0 || fstat(fd, &st)) {
				free(sub);
				rc = -1;
				break;
			}
			way[depth++] = (struct level){sub, st.st_dev, st.st_ino};
			close(fd);
			fd = next;
			continue;
		}
		if (errno) {
			rc = -1;
			break;
		}
		if (!depth)
			break;
		next = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		depth--;
		if (next < 0 || fstat(next, &st) || st.st_dev != way[depth].dev ||
		    st.st_ino != way[depth].ino || unlinkat(next, way[depth].name, AT_REMOVEDIR)) {
			if (next >= 0)
				close(next);
			free(way[depth].name);
			rc = -1;
			break;
		}
		free(way[depth].name);
		close(fd);
		fd = next;
	}
	saved = errno;
	close(fd);
	for (size_t i = 0; i < depth; i++)
		free(way[i].name);
	free(way);
	errno = saved;
	return rc ? -1 : rmdir(path);
}

int files_write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

char *files_readlink(const char *path)
{
	size_t size = 256;
	char *target = NULL;

	for (;;) {
		ssize_t n;

		target = xrealloc(target, size);
		n = readlink(path, target, size);
		if (n < 0) {
			int saved = errno;

			free(target);
			errno = saved;
			return NULL;
		}
		if ((size_t)n < size) {
			target[n] = '\0';
			return target;
		}
		size *= 2;  /* it may have been cut: again with room to spare */
	}
}

int files_follow_lines(const char *path, long *offset,
		       void (*line)(void *ctx, const char *text, size_t len), void *ctx)
{
	FILE *in = fopen(path, "re");
	char *text = NULL;
	size_t cap = 0;
	ssize_t len;
	struct stat st;
	int rc = 0;

	if (!in)
		return -1;
	if (!fstat(fileno(in), &st) && st.st_size < *offset)
		rc = 1;
	else if (fseek(in, *offset, SEEK_SET) == 0)
		while ((len = getline(&text, &cap, in)) > 0 && text[len - 1] == '\n') {
			line(ctx, text, (size_t)len - 1);
			*offset += len;
		}
	free(text);
	fclose(in);
	return rc;
}

char *files_read_all(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *text;

	if (fd < 0)
		return NULL;
	text = files_read_fd(fd, SIZE_MAX, len);
	close(fd);
	return text;
}

char *files_read_fd(int fd, size_t max, size_t *len)
{
	struct stat st;
	size_t cap = 4096, size = 0;
	char *text;

	/* Sized by the file, read in one go when it keeps its size (a
	 * server reads many); grown if it grows meanwhile. */
	if (fstat(fd, &st) == 0 && st.st_size > 0 && (uintmax_t)st.st_size < max)
		cap = (size_t)st.st_size + 1;
	text = xmalloc(cap);
	for (;;) {
		ssize_t n = read(fd, text + size, cap - 1 - size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0)
			break;
		if (n < 0 || (size += (size_t)n) > max) {
			int why = n < 0 ? errno : EFBIG;

			free(text);
			errno = why;
			return NULL;
		}
		if (size + 1 == cap)
			text = xrealloc(text, cap *= 2);
	}
	text[size] = '\0';
	if (len)
		*len = size;
	return text;
}

void files_command_hash(const char *command, const cJSON *files, char hex[65])
{
	cJSON *what = cJSON_CreateArray(), *file;
	char *text;

	cJSON_AddItemToArray(what, cJSON_CreateString(command ? command : ""));
	cJSON_ArrayForEach(file, files) {
		const char *sha = cJSON_GetStringValue(json_member(file, "sha256"));

		cJSON_AddItemToArray(what, cJSON_CreateString(sha ? sha : ""));
	}
	text = json_print_line(what);
	files_sha256_bytes(text, strlen(text), hex);
	cJSON_Delete(what);
	free(text);
}
