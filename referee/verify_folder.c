/*
 * Checking a tournament folder; see verify_folder.h.
 */
#include "verify_folder.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "files.h"
#include "logread.h"
#include "manifest.h"
#include "util.h"
#include "verify.h"

static bool is_aborted_log(const struct manifest_view *view, const char *name)
{
	for (size_t i = 0; i < view->aborted_count; i++)
		if (!strncmp(view->aborted[i], "games/", 6) &&
		    !strcmp(view->aborted[i] + 6, name))
			return true;
	return false;
}

static bool same_ranks(const struct manifest_view *view, long game,
		       const int *ranks, int count)
{
	const unsigned char *listed = view->ranks + game * view->players;

	for (int s = 0; s < count; s++)
		if (ranks[s] != listed[s])
			return false;
	return count == view->players;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *log_path(const char *games, const char *name)
{
	size_t len = strlen(games) + strlen(name) + 2;
	char *path = xmalloc(len);

	snprintf(path, len, "%s/%s", games, name);
	return path;
}

/* Hashes, verifies and compares one finished game's log. */
static void check_log(const struct manifest_view *view, long game,
		      const unsigned char key[32], const char *path,
		      struct problems *problems)
{
	unsigned char sha[32];
	char hex[FILES_SHA256_HEX], err[ERR_LEN];
	struct verify_summary summary;
	struct game_log log;
	int ranks[RATINGS_MAX_SEATS];

	if (files_sha256(AT_FDCWD, path, hex) || hex_decode(sha, sizeof sha, hex)) {
		problems_add(problems, path, "cannot be read");
		return;
	}
	if (memcmp(sha, view->sha256[game], sizeof sha)) {
		problems_add(problems, path, "altered: its SHA-256 is not the one "
			     "the manifest recorded for game %ld", game);
		return;
	}
	if (logread_load(path, &log, err) ||
	    verify_log(&log, key, NULL, &summary, err)) {
		problems_add(problems, path, "%s", err);
	} else if (!same_ranks(view, game, ranks,
			       logread_ranks(&log, ranks, RATINGS_MAX_SEATS))) {
		problems_add(problems, path, "its result is not the ranks the "
			     "manifest lists for game %ld", game);
	}
	if (log.buffer)
		logread_free(&log);
}

void verify_folder(const struct manifest_view *view, bool full,
		   struct problems *problems)
{
	size_t len = strlen(view->dir) + 64, unlisted = 0;
	char *games = xmalloc(len), *path = NULL, **planted = NULL, name[32];
	unsigned char *present = xcalloc((size_t)view->game_count + 1, 1);
	unsigned char key[32];
	struct dirent *e;
	DIR *d;

	hex_decode(key, sizeof key, view->key_hex);
	snprintf(games, len, "%s/games", view->dir);
	if (!(d = opendir(games)))
		problems_add(problems, games, "cannot be read: %s", strerror(errno));
	while (d && (e = readdir(d))) {
		long game = manifest_log_game(e->d_name, strlen(e->d_name));

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (game && game <= view->game_count &&
		    view->state[game] == MANIFEST_FINISHED) {
			present[game] = 1;
		} else if (!is_aborted_log(view, e->d_name)) {
			planted = xrealloc(planted, (unlisted + 1) * sizeof *planted);
			planted[unlisted++] = xstrdup(e->d_name);
		}
	}
	if (d)
		closedir(d);
	for (long g = 1; g <= view->game_count; g++) {
		if (view->state[g] != MANIFEST_FINISHED || (present[g] && !full))
			continue;
		snprintf(name, sizeof name, "%06ld.jsonl", g);
		free(path);
		path = log_path(games, name);
		if (!present[g])
			problems_add(problems, path, "missing: the manifest lists "
				     "game %ld as finished", g);
		else if (full)
			check_log(view, g, key, path, problems);
	}
	qsort(planted, unlisted, sizeof *planted, by_name);
	for (size_t i = 0; i < unlisted; i++) {
		free(path);
		path = log_path(games, planted[i]);
		problems_add(problems, path, "not listed in the manifest: planted, "
			     "or left there by another run");
		free(planted[i]);
	}
	free(planted);
	free(present);
	free(path);
	free(games);
}

static bool is_result_log(const char *name)
{
	size_t len = strlen(name);

	return len > 6 && !strcmp(name + len - 6, ".jsonl") &&
	       !strstr(name, ".aborted-") && strcmp(name, MANIFEST_FILE);
}

char **verify_folder_logs(const char *dir, size_t *count, char *err)
{
	size_t len = strlen(dir) + 8;
	char *games = xmalloc(len), **paths = xmalloc(sizeof *paths);
	struct stat st;
	struct dirent *e;
	DIR *d;

	snprintf(games, len, "%s/games", dir);
	if (stat(games, &st) || !S_ISDIR(st.st_mode))
		snprintf(games, len, "%s", dir);
	if (!(d = opendir(games))) {
		errorf(err, "cannot read folder '%s': %s", games, strerror(errno));
		free(games);
		free(paths);
		return NULL;
	}
	*count = 0;
	while ((e = readdir(d)))
		if (is_result_log(e->d_name)) {
			size_t n = strlen(games) + strlen(e->d_name) + 2;

			paths = xrealloc(paths, (*count + 2) * sizeof *paths);
			paths[*count] = xmalloc(n);
			snprintf(paths[(*count)++], n, "%s/%s", games, e->d_name);
		}
	closedir(d);
	free(games);
	paths[*count] = NULL;
	qsort(paths, *count, sizeof *paths, by_name);
	return paths;
}

void verify_folder_logs_free(char **paths)
{
	for (size_t i = 0; paths && paths[i]; i++)
		free(paths[i]);
	free(paths);
}
