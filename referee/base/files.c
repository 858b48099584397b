/*
 * File helpers; see files.h.
 */
#include "files.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <fcntl.h>
#include <ftw.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

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

int files_sha256(int dirfd, const char *path, char hex[FILES_SHA256_HEX])
{
	unsigned char buf[65536];
	struct sha256_ctx ctx;
	struct stat st;
	ssize_t n;
	/* Not blocking: opening a FIFO (a bot's command may name anything)
	 * would wait for a writer. */
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    fcntl(fd, F_SETFL, 0) < 0) {
		close(fd);
		return -1;
	}
	sha256_init(&ctx);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		sha256_update(&ctx, (size_t)n, buf);
	close(fd);
	if (n < 0)
		return -1;
	sha256_hex(&ctx, hex);
	return 0;
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
	int rc = 0;

	for (char *p = copy + 1; ; p++) {
		bool end = *p == '\0';

		if (*p != '/' && !end)
			continue;
		*p = '\0';
		if (mkdir(copy, 0755) && errno != EEXIST) {
			rc = errorf(err, "cannot create folder '%s': %s", copy,
				    strerror(errno));
			break;
		}
		if (end)
			break;
		*p = '/';
	}
	free(copy);
	return rc;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int files_remove_tree(const char *path)
{
	return nftw(path, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
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

char *files_read_all(const char *path, size_t *len)
{
	FILE *in = fopen(path, "re"), *out;
	char *text = NULL, buf[65536];
	size_t n, size = 0;

	if (!in)
		return NULL;
	out = open_memstream(&text, &size);
	while (out && (n = fread(buf, 1, sizeof buf, in)) > 0)
		fwrite(buf, 1, n, out);
	if (out)
		fclose(out);
	fclose(in);
	if (len)
		*len = size;
	return text;
}
