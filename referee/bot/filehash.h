/*
 * A bot file's SHA-256, hashed once while the file is unchanged.  Every
 * game's header hashes the files of its bots (botfiles.h, botfolder.h),
 * and a league's run hashes them again before and after every set
 * (league_stale.h): the same files, again and again.  This process
 * remembers each file's hash with what identifies the file's content
 * without reading it: its device, inode, size, modification time and
 * change time.  A bot that rewrites its files cannot keep them: a write,
 * a truncation, a rename over the file or a reset of its modification
 * time (utimensat) sets the change time to the clock's present, which no
 * process but one that sets the clock can forge; and a file changed
 * within the clock's tick before it was hashed (the change time would
 * not move again on a second write in that tick) is not remembered.
 */
#ifndef ARENA_FILEHASH_H
#define ARENA_FILEHASH_H

#include <sys/stat.h>

#include "base/files.h"

/* The hex SHA-256 of the regular file open at `fd`, read from its start,
 * whose status `st` was taken when it was opened: 0, or -1 when it cannot
 * be read.  For a file by its path: files_sha256_by(dirfd, path,
 * filehash_fd, hex). */
int filehash_fd(int fd, const struct stat *st, char hex[FILES_SHA256_HEX]);

#endif
