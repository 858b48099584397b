/*
 * File helpers: the SHA-256 of a file (bot executables in log headers,
 * game logs in tournament manifests) and making an output folder.
 */
#ifndef ARENA_FILES_H
#define ARENA_FILES_H

#define FILES_SHA256_HEX 65

/* Hex SHA-256 of a regular file at `path` (relative to `dirfd`, which may
 * be AT_FDCWD); 0, or -1 when it cannot be read or is not a regular file. */
int files_sha256(int dirfd, const char *path, char hex[FILES_SHA256_HEX]);

/* Creates `path` and its missing parents; 0, or -1 with a message. */
int files_mkdirs(const char *path, char *err);

#endif
