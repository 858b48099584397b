/*
 * Each bot's folder hashes; see ladder_folders.h.  The logs are those of
 * each path, found as verify_place_logs() finds a folder's; only their
 * header lines are read.
 */
#include "ladder_folders.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "base/logread.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "bot/botfolder.h"
#include "manifest/manifest.h"
#include "verify/verify_place.h"

/* One bot with one folder hash ("" when it had no folder). */
struct seen {
	char *bot, *sha256;
	bool capped;
	long games;
};

struct folders {
	struct seen *seen;
	size_t count;
};

static void note(struct folders *f, const char *bot, const cJSON *folder)
{
	const char *sha256 = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(folder, "sha256"));
	bool capped = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(folder, "capped"));
	size_t i = 0;

	sha256 = sha256 ? sha256 : "";
	while (i < f->count && (strcmp(f->seen[i].bot, bot) ||
				strcmp(f->seen[i].sha256, sha256)))
		i++;
	if (i == f->count) {
		f->seen = xrealloc(f->seen, (f->count + 1) * sizeof *f->seen);
		f->seen[f->count++] = (struct seen){xstrdup(bot), xstrdup(sha256), capped, 0};
	}
	f->seen[i].games++;
}

/* Notes every player of the log at `path`, from its first line. */
static int read_header(struct folders *f, const char *path, char *err)
{
	cJSON *header = logread_header(path), *player;

	if (!header && access(path, R_OK))
		return errorf(err, "cannot read '%s'", path);
	if (!header)
		return errorf(err, "%s: its first line is not a header record", path);
	cJSON_ArrayForEach(player, cJSON_GetObjectItemCaseSensitive(header, "players")) {
		const char *bot = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(player, "name"));

		note(f, bot ? bot : "?", cJSON_GetObjectItemCaseSensitive(player, "folder"));
	}
	cJSON_Delete(header);
	return 0;
}

/* The logs of one path: a folder's (a tournament's games/), those of the
 * folder of a manifest, or the log itself. */
static int read_path(struct folders *f, const char *path, char *err)
{
	struct stat st;
	char **logs, *dir = NULL;
	size_t count;
	int rc = 0;

	if (stat(path, &st))
		return errorf(err, "cannot read '%s'", path);
	if (!S_ISDIR(st.st_mode) && !manifest_is(path))
		return read_header(f, path, err);
	if (!S_ISDIR(st.st_mode))
		dir = path_parent(path);
	logs = verify_place_logs(dir ? dir : path, &count, err);
	free(dir);
	if (!logs)
		return -1;
	for (size_t i = 0; i < count && !rc; i++)
		rc = read_header(f, logs[i], err);
	verify_place_logs_free(logs);
	return rc;
}

static int by_bot(const void *pa, const void *pb)
{
	const struct seen *a = pa, *b = pb;
	int d = strcmp(a->bot, b->bot);

	return d ? d : strcmp(a->sha256, b->sha256);
}

int ladder_folders_print(char *const *paths, int count, char *err)
{
	struct folders f = {0};
	int rc = 0;

	for (int i = 0; i < count && !rc; i++)
		rc = read_path(&f, paths[i], err);
	if (!rc && f.count) {
		qsort(f.seen, f.count, sizeof *f.seen, by_bot);
		printf("%-20s %-64s %6s\n", "bot", "folder sha256", "games");
	}
	for (size_t i = 0; i < f.count; i++) {
		const struct seen *s = &f.seen[i];

		if (!rc)
			visible_line(stdout, "%-20s %-64s %6ld%s", s->bot,
				     s->sha256[0] ? s->sha256 : "(no folder)", s->games,
				     s->capped ? "  capped: the first " BOTFOLDER_CAP : "");
		free(s->bot);
		free(s->sha256);
	}
	free(f.seen);
	return rc;
}
