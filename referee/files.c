/*
 * File helpers; see files.h.
 */
#include "files.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <fcntl.h>
#include <sodium.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

int files_sha256(int dirfd, const char *path, char hex[FILES_SHA256_HEX])
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
