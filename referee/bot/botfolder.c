/*
 * Hashing a bot's folder; see botfolder.h.  The walk takes each folder's
 * entries in byte order of their names, goes into folders as it meets
 * them, never follows a symbolic link, and hashes one line per regular
 * file, "SHA256HEX  RELATIVE/PATH\n" (as sha256sum prints it), stopping
 * at the first file past a bound.
 */
#include "botfolder.h"

#include <dirent.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "filehash.h"

struct walk {
	struct sha256_ctx state;
	char **hidden;          /* absolute, symlinks resolved */
	char *path;             /* the root, then the entry's relative path */
	size_t path_size;       /* bytes allocated at path */
	size_t root_len;
	long files;
	long long bytes;
	bool capped;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in folder `fd` but "." and "..", sorted; NULL if unreadable. */
static char **sorted_names(int fd, size_t *count)
{
	DIR *dir = fdopendir(fd);
	struct dirent *d;
	char **names = NULL;
	size_t cap = 0;

	*count = 0;
	if (!dir) {
		close(fd);
		return NULL;
	}
	while ((d = readdir(dir))) {
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		names = xgrow(names, *count, &cap, sizeof *names);
		names[(*count)++] = xstrdup(d->d_name);
	}
	closedir(dir);
	if (*count)
		qsort(names, *count, sizeof *names, by_name);
	return names;
}

static bool is_hidden(const struct walk *w)
{
	for (char **h = w->hidden; h && *h; h++)
		if (!strcmp(*h, w->path))
			return true;
	return false;
}

/* Adds one regular file, `name` in `fd`, unless it is past a bound. */
static void add_file(struct walk *w, int fd, const char *name, const struct stat *st)
{
	char hex[FILES_SHA256_HEX];

	if (w->files == BOTFOLDER_MAX_FILES ||
	    w->bytes + (long long)st->st_size > BOTFOLDER_MAX_BYTES) {
		w->capped = true;
		return;
	}
	if (files_sha256_by(fd, name, filehash_fd, hex))
		return; /* unreadable: the bot could not read it either */
	sha256_update(&w->state, strlen(hex), (const uint8_t *)hex);
	sha256_update(&w->state, 2, (const uint8_t *)"  ");
	sha256_update(&w->state, strlen(w->path + w->root_len + 1),
		      (const uint8_t *)w->path + w->root_len + 1);
	sha256_update(&w->state, 1, (const uint8_t *)"\n");
	w->files++;
	w->bytes += (long long)st->st_size;
}

/* Puts "/NAME" at w->path + len, the path growing as deep as the folder. */
static void path_append(struct walk *w, size_t len, const char *name, size_t name_len)
{
	if (len + name_len + 2 > w->path_size)
		w->path = xrealloc(w->path, w->path_size = 2 * (len + name_len + 2));
	w->path[len] = '/';
	memcpy(w->path + len + 1, name, name_len + 1);
}

/* Walks folder `fd` (closed here), whose path w->path is `len` bytes,
 * `depth` folders under the root: no deeper than BOTFOLDER_MAX_DEPTH, so
 * that a folder of any depth neither runs the stack out nor holds a
 * descriptor a level. */
static void walk_folder(struct walk *w, int fd, size_t len, int depth)
{
	size_t count;
	char **names = sorted_names(dup(fd), &count);

	for (size_t i = 0; i < count; i++) {
		size_t name_len = strlen(names[i]);
		struct stat st;
		int sub;

		if (w->capped)
			continue;
		path_append(w, len, names[i], name_len);
		if (is_hidden(w) || fstatat(fd, names[i], &st, AT_SYMLINK_NOFOLLOW))
			continue;
		if (S_ISREG(st.st_mode))
			add_file(w, fd, names[i], &st);
		else if (S_ISDIR(st.st_mode) && depth == BOTFOLDER_MAX_DEPTH)
			w->capped = true;
		else if (S_ISDIR(st.st_mode) &&
			 (sub = openat(fd, names[i], O_RDONLY | O_DIRECTORY |
				       O_NOFOLLOW | O_CLOEXEC)) >= 0)
			walk_folder(w, sub, len + 1 + name_len, depth + 1);
	}
	strings_free_count(names, count);
	close(fd);
}

cJSON *botfolder_describe(const struct bot_spec *spec)
{
	char **argv, *program, *root, err[ERR_LEN], hex[FILES_SHA256_HEX];
	unsigned char digest[SHA256_DIGEST_SIZE];
	struct walk w = {0};
	cJSON *folder = NULL;
	size_t hidden = 0;
	int fd;

	if (bot_prepare_command(spec, &argv, &program, &root, err) < 0 || !root ||
	    (fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		goto out;
	for (const char *const *h = spec->limits.hidden; h && *h; h++)
		hidden++;
	w.hidden = xcalloc(hidden + 1, sizeof *w.hidden);
	for (size_t i = 0, k = 0; i < hidden; i++)
		if ((w.hidden[k] = realpath(spec->limits.hidden[i], NULL)))
			k++;
	w.root_len = strlen(root);
	w.path = xstrdup(root);
	w.path_size = w.root_len + 1;
	sha256_init(&w.state);
	walk_folder(&w, fd, w.root_len, 0);
	sha256_digest(&w.state, sizeof digest, digest);
	hex_encode(hex, digest, sizeof digest);
	folder = cJSON_CreateObject();
	cJSON_AddStringToObject(folder, "path", root);
	cJSON_AddStringToObject(folder, "sha256", hex);
	cJSON_AddNumberToObject(folder, "files", (double)w.files);
	cJSON_AddNumberToObject(folder, "bytes", (double)w.bytes);
	if (w.capped)
		cJSON_AddTrueToObject(folder, "capped");
	strings_free(w.hidden);
	free(w.path);
out:
	strings_free(argv);
	free(program);
	free(root);
	return folder;
}
