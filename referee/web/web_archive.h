/*
 * An uploaded bot's archive (a .tar.gz of its folder) unpacked with
 * libarchive, refusing before anything is written an archive with an
 * entry that would write outside its folder (an absolute path, `..`, a
 * symbolic or hard link whose target is either) or that is no file,
 * folder or link (a device, a FIFO, a socket), one with an entry more
 * than WEB_ARCHIVE_DEPTH folders deep or a path longer than
 * WEB_ARCHIVE_PATH bytes (WEB_ARCHIVE_BAD), and one that unpacks to more
 * than a cap, holds more than WEB_ARCHIVE_ENTRIES entries or makes more
 * than WEB_ARCHIVE_FOLDERS folders, listed or implied by a deeper entry
 * (WEB_ARCHIVE_TOO_BIG), and one whose files and blocks pass the room
 * the league's quotas leave (WEB_ARCHIVE_NO_ROOM, web_upload.c): a
 * folder's walks need not be ready for any depth, and a refused archive
 * writes nothing.
 */
#ifndef ARENA_WEB_ARCHIVE_H
#define ARENA_WEB_ARCHIVE_H

#include <stdbool.h>
#include <stddef.h>

#define WEB_ARCHIVE_ENTRIES 10000
#define WEB_ARCHIVE_FOLDERS 1000
#define WEB_ARCHIVE_DEPTH 32
#define WEB_ARCHIVE_PATH 1024

enum web_archive_result {
	WEB_ARCHIVE_OK,
	WEB_ARCHIVE_BAD,        /* refused: err says which entry and why */
	WEB_ARCHIVE_TOO_BIG,    /* it unpacks past the cap */
	WEB_ARCHIVE_NO_ROOM,    /* it passes the room it was given */
};

/* The room an archive may take, in files and bytes as league_use.h
 * counts them (whole blocks), and when it does not fit what its entries
 * read so far counted, and which of the two it passed. */
struct web_archive_room {
	unsigned long long files, bytes;
	unsigned long long files_counted, bytes_counted;
	bool files_passed;
};

/* Unpacks the `len` bytes of `data` into folder `dest` (existing), its
 * files unpacked to at most `cap` bytes in all, and within `room` (NULL:
 * none), refused before anything is written when it passes it. */
enum web_archive_result web_archive_unpack(const void *data, size_t len, const char *dest,
					   size_t cap, struct web_archive_room *room, char *err);

/* Whether `path` is relative and has no `..` component: a path that
 * stays inside the folder it is read from. */
bool web_archive_path_inside(const char *path);

#endif
