/*
 * Unpacking an uploaded archive (web_archive.h) in two passes over the
 * bytes in memory: the first reads every entry's header and refuses the
 * archive for any entry that would reach out of its folder or is no
 * plain file, folder or link, is too deep or its path too long, or when
 * the folders, entries or sizes sum past their bounds or the room the
 * quotas leave; the
 * second writes it, through libarchive's writer with its own guards
 * against absolute paths, `..` and writing through links on as well, and
 * with no owner, setuid bit or device restored, and modes made private
 * (folders 0700, files 0600, or 0700 when the owner may run them), so
 * that no other user of the machine reads a bot's code.
 */
#include <archive.h>
#include <archive_entry.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "league/league_use.h"
#include "web/web_archive.h"

bool web_archive_path_inside(const char *path)
{
	const char *p = path;

	if (!*path || *path == '/')
		return false;
	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.')
			return false;
		p += n;
		p += *p == '/';
	}
	return true;
}

static struct archive *reader(const void *data, size_t len)
{
	struct archive *a = archive_read_new();

	archive_read_support_filter_gzip(a);
	archive_read_support_format_tar(a);
	if (archive_read_open_memory(a, data, len) != ARCHIVE_OK) {
		archive_read_free(a);
		return NULL;
	}
	return a;
}

/* The folders of `path` (a folder's own path when `is_dir`) that
 * `prev`, the entry before (a folder's ending in '/'), was not in: each
 * folder an archive makes is new to the first entry in it, so the sum
 * over the entries is never less than the folders made, listed or
 * implied by a deeper entry, and it needs no memory of them.  The
 * entry's depth in folders (not counting ".") in *depth. */
static size_t new_folders(const char *path, bool is_dir, const char *prev, size_t *depth)
{
	size_t fresh = 0;

	*depth = 0;
	for (size_t i = 0; path[i]; i++) {
		size_t len = path[i] == '/' ? i : i + 1;

		if ((path[i] != '/' && (path[i + 1] || !is_dir)) || !len)
			continue;
		*depth += !(path[len - 1] == '.' && (len == 1 || path[len - 2] == '/'));
		fresh += strncmp(prev, path, len) || prev[len] != '/';
	}
	return fresh;
}

/* What is wrong with entry `e` (path `name`), if anything. */
static enum web_archive_result check_entry(struct archive_entry *e, const char *name,
					   char *err)
{
	const char *hard = archive_entry_hardlink(e), *sym = archive_entry_symlink(e);
	mode_t type = archive_entry_filetype(e);

	if (!name || !web_archive_path_inside(name))
		return errorf(err, "entry '%s' is outside the bot's folder (an absolute path "
			      "or ..)", name ? name : ""), WEB_ARCHIVE_BAD;
	if (strlen(name) > WEB_ARCHIVE_PATH)
		return errorf(err, "an entry's path is longer than %d bytes", WEB_ARCHIVE_PATH),
		       WEB_ARCHIVE_BAD;
	if (hard && !web_archive_path_inside(hard))
		return errorf(err, "entry '%s' is a hard link out of the bot's folder", name),
		       WEB_ARCHIVE_BAD;
	if (type == AE_IFLNK && (!sym || !web_archive_path_inside(sym)))
		return errorf(err, "entry '%s' is a symbolic link out of the bot's folder",
			      name), WEB_ARCHIVE_BAD;
	if (!hard && type != AE_IFREG && type != AE_IFDIR && type != AE_IFLNK)
		return errorf(err, "entry '%s' is a device, FIFO or socket: a bot's folder "
			      "holds files, folders and links", name), WEB_ARCHIVE_BAD;
	return WEB_ARCHIVE_OK;
}

/* Counts an entry (a folder when `dir`, else of `size` bytes) that makes
 * `fresh` folders against `room`: whether it still fits (league_use.h
 * counts the same way what the folder then holds). */
static bool fits(struct web_archive_room *room, bool dir, unsigned long long size, size_t fresh)
{
	if (!room)
		return true;
	room->files_counted += fresh + !dir;
	room->bytes_counted += fresh * LEAGUE_USE_BLOCK + (dir ? 0 : league_use_bytes(size));
	room->files_passed = room->files_counted > room->files;
	return !room->files_passed && room->bytes_counted <= room->bytes;
}

/* The first pass: what is wrong with the archive, if anything, found
 * while reading it, before anything is written. */
static enum web_archive_result check(const void *data, size_t len, size_t cap,
				     struct web_archive_room *room, char *err)
{
	struct archive *a = reader(data, len);
	struct archive_entry *e;
	enum web_archive_result rc = WEB_ARCHIVE_OK;
	size_t total = 0, entries = 0, folders = 0, depth, fresh;
	char prev[WEB_ARCHIVE_PATH + 2] = "";
	bool dir;
	int r;

	if (!a)
		return errorf(err, "the archive is not a .tar.gz"), WEB_ARCHIVE_BAD;
	while (rc == WEB_ARCHIVE_OK && (r = archive_read_next_header(a, &e)) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(e);

		if ((rc = check_entry(e, name, err)))
			break;
		dir = archive_entry_filetype(e) == AE_IFDIR;
		folders += fresh = new_folders(name, dir, prev, &depth);
		snprintf(prev, sizeof prev, "%s%s", name, dir ? "/" : "");
		if (depth > WEB_ARCHIVE_DEPTH)
			rc = WEB_ARCHIVE_BAD, errorf(err, "entry '%s' is more than %d folders "
						     "deep", name, WEB_ARCHIVE_DEPTH);
		else if (folders > WEB_ARCHIVE_FOLDERS)
			rc = WEB_ARCHIVE_TOO_BIG, errorf(err, "the archive makes more than %d "
							 "folders", WEB_ARCHIVE_FOLDERS);
		else if (++entries > WEB_ARCHIVE_ENTRIES)
			rc = WEB_ARCHIVE_TOO_BIG, errorf(err, "the archive has more than %d "
							 "entries", WEB_ARCHIVE_ENTRIES);
		else if ((total += (size_t)archive_entry_size(e)) > cap)
			rc = WEB_ARCHIVE_TOO_BIG, errorf(err, "the archive unpacks to more than "
							 "%zu bytes", cap);
		else if (!fits(room, dir, (unsigned long long)archive_entry_size(e), fresh))
			rc = WEB_ARCHIVE_NO_ROOM;
	}
	if (rc == WEB_ARCHIVE_OK && r != ARCHIVE_EOF)
		rc = WEB_ARCHIVE_BAD, errorf(err, "the archive is not a .tar.gz: %s",
					     archive_error_string(a));
	archive_read_free(a);
	return rc;
}

/* Sets `e`'s path (and a hard link's target) under `dest`, its folders
 * made first, private: libarchive would make those the archive does not
 * list with the process's umask (0755). */
static void place(struct archive_entry *e, const char *dest)
{
	char *path = xasprintf("%s/%s", dest, archive_entry_pathname(e));

	for (char *p = path + strlen(dest) + 1; (p = strchr(p, '/')); *p++ = '/') {
		*p = '\0';
		mkdir(path, 0700);
	}
	archive_entry_set_pathname(e, path);
	free(path);
	if (archive_entry_hardlink(e)) {
		path = xasprintf("%s/%s", dest, archive_entry_hardlink(e));
		archive_entry_set_hardlink(e, path);
		free(path);
	}
	/* Private to the server's user, whatever the archive says: only the
	 * owner's execute bit is kept, no setuid, setgid or sticky bit. */
	if (archive_entry_filetype(e) == AE_IFDIR)
		archive_entry_set_perm(e, 0700);
	else
		archive_entry_set_perm(e, 0600 | (archive_entry_perm(e) & 0100));
}

enum web_archive_result web_archive_unpack(const void *data, size_t len, const char *dest,
					   size_t cap, struct web_archive_room *room, char *err)
{
	enum web_archive_result rc = check(data, len, cap, room, err);
	struct archive *a, *w;
	struct archive_entry *e;

	if (rc != WEB_ARCHIVE_OK || !(a = reader(data, len)))
		return rc;
	w = archive_write_disk_new();
	archive_write_disk_set_options(w, ARCHIVE_EXTRACT_SECURE_SYMLINKS |
				       ARCHIVE_EXTRACT_SECURE_NODOTDOT | ARCHIVE_EXTRACT_PERM |
				       ARCHIVE_EXTRACT_NO_OVERWRITE);
	while (rc == WEB_ARCHIVE_OK && archive_read_next_header(a, &e) == ARCHIVE_OK) {
		place(e, dest);
		if (archive_write_header(w, e) != ARCHIVE_OK)
			rc = WEB_ARCHIVE_BAD, errorf(err, "cannot unpack '%s': %s",
						     archive_entry_pathname(e), archive_error_string(w));
		else {
			const void *block;
			size_t size;
			la_int64_t offset;

			while (archive_read_data_block(a, &block, &size, &offset) == ARCHIVE_OK)
				archive_write_data_block(w, block, size, offset);
			archive_write_finish_entry(w);
		}
	}
	archive_write_free(w);
	archive_read_free(a);
	return rc;
}
