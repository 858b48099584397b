/*
 * File helpers: the SHA-256 of a file (bot executables in log headers,
 * game logs in tournament manifests), making an output folder and
 * removing a scratch one, reading a whole file, and where a symbolic
 * link leads.
 */
#ifndef ARENA_FILES_H
#define ARENA_FILES_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <sys/stat.h>

#define FILES_SHA256_HEX 65

/* Hex SHA-256 of a regular file at `path` (relative to `dirfd`, which may
 * be AT_FDCWD); 0, or -1 when it cannot be read or is not a regular file. */
int files_sha256(int dirfd, const char *path, char hex[FILES_SHA256_HEX]);
/* `path` (relative to `dirfd`) opened read-only, close-on-exec, if it is
 * a regular file, with its status in *st: the fd, or -1. */
int files_open_regular(int dirfd, const char *path, struct stat *st);
/* Hex SHA-256 of what is left to read from `fd`: 0, or -1 with errno. */
int files_sha256_fd(int fd, char hex[FILES_SHA256_HEX]);
/* A way to hash the regular file open at `fd`, of status `st` (one that
 * remembers hashes: bot/filehash.h): 0, or -1. */
typedef int files_hasher(int fd, const struct stat *st, char hex[FILES_SHA256_HEX]);
/* files_sha256() by `hash` (NULL: reading the file). */
int files_sha256_by(int dirfd, const char *path, files_hasher *hash,
		    char hex[FILES_SHA256_HEX]);
/* The same of `len` bytes in memory (a file already read). */
void files_sha256_bytes(const void *bytes, size_t len, char hex[FILES_SHA256_HEX]);

/* Creates `path` and its missing parents; 0, or -1 with a message. */
int files_mkdirs(const char *path, char *err);

/* A new folder PREFIX.XXXXXX (mode 0700) in $TMPDIR when that is an
 * absolute path, else in /tmp: its path, new, or NULL with a message. */
char *files_temp_dir(const char *prefix, char *err);

/* Removes the folder `path` and everything in it (symlinks, not what they
 * lead to); 0, or -1 with errno. */
int files_remove_tree(const char *path);

/* The whole of the file at `path`, NUL-terminated, its length in *len
 * (may be NULL): new, or NULL with errno. */
char *files_read_all(const char *path, size_t *len);

/* The same from the open file `fd`, which may hold at most `max` bytes:
 * NULL with errno EFBIG when it holds more.  The one reader of a file
 * whole: each caller opens the file and words its own errors. */
char *files_read_fd(int fd, size_t max, size_t *len);

/* Each whole line of the growing file `path` past *offset, given to
 * `line` (without its newline), *offset moved past it: 0; -1 when it
 * cannot be opened; 1, reading nothing, when it is shorter than *offset. */
int files_follow_lines(const char *path, long *offset,
		       void (*line)(void *ctx, const char *text, size_t len), void *ctx);

/* Writes all `len` bytes at `buf` to `fd`, again after EINTR or a short
 * write: 0, or -1 with errno. */
int files_write_all(int fd, const char *buf, size_t len);

/* What the symbolic link `path` holds, whatever its length (the referee's
 * own program is /proc/self/exe): a new string, or NULL with errno. */
char *files_readlink(const char *path);

/* The hash of a bot's command and of the contents of its files
 * (bot/botfiles.h: the program and the files its command names, as a
 * log's header lists them under "files"), 64 hex digits: its version's
 * identity.  `files` is that list; the files' paths are left out, so the
 * same bot added from another folder (an upload unpacked anew) is the
 * same version. */
void files_command_hash(const char *command, const cJSON *files, char hex[65]);

#endif
