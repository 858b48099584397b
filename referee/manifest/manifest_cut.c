/*
 * Games and sets cut and dealt again; see manifest_cut.h.  The "aborted"
 * records are few (one a log a stop cut), so their games are sorted here
 * to count each game once, however many of its logs were set aside, and
 * each set once: a duplicate run's sets are its runs of `players`
 * consecutive games (every table's games are a multiple of them), as the
 * ladder numbers them.
 */
#include "manifest_cut.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"

static int by_number(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

void manifest_cut_count(const struct manifest_view *view, struct manifest_cut *cut)
{
	long *games = xmalloc(((size_t)view->aborted + 1) * sizeof *games), count = 0;

	memset(cut, 0, sizeof *cut);
	/* A record without a log lists the C of a game its table's started
	 * record named but that never began: nothing was cut. */
	for (long i = 0; i < view->aborted; i++)
		if (view->aborted_logs[i])
			games[count++] = view->aborted_games[i];
	qsort(games, (size_t)count, sizeof *games, by_number);
	for (long i = 0; i < count; i++) {
		if (i && games[i] == games[i - 1])
			continue;
		cut->games++;
		if (view->duplicate && (!i || (games[i] - 1) / view->players !=
					      (games[i - 1] - 1) / view->players))
			cut->sets++;
	}
	cut->logs = count;
	for (long i = 0; view->dir && i < view->aborted; i++) {
		char *path;

		if (!view->aborted_logs[i])
			continue;
		path = path_join(view->dir, view->aborted_logs[i]);
		cut->gone += access(path, F_OK) != 0;
		free(path);
	}
	free(games);
}

void manifest_cut_add(struct manifest_cut *sum, const struct manifest_cut *more)
{
	sum->games += more->games;
	sum->sets += more->sets;
	sum->logs += more->logs;
	sum->gone += more->gone;
}

const char *manifest_cut_text(const struct manifest_cut *cut, char *buf)
{
	char sets[48] = "";

	buf[0] = '\0';
	if (!cut->logs)
		return buf;
	if (cut->sets)
		snprintf(sets, sizeof sets, ", %ld duplicate set%s", cut->sets,
			 cut->sets > 1 ? "s" : "");
	if (cut->gone)
		snprintf(buf, MANIFEST_CUT_LEN, "cut by a stop and dealt again: %ld "
			 "game%s%s, but %ld of the %ld log%s the manifest lists as set "
			 "aside %s not in the folder: referee verify names them",
			 cut->games, cut->games > 1 ? "s" : "", sets, cut->gone, cut->logs,
			 cut->logs > 1 ? "s" : "", cut->gone > 1 ? "are" : "is");
	else
		snprintf(buf, MANIFEST_CUT_LEN, "cut by a stop and dealt again: %ld "
			 "game%s%s (%ld log%s set aside in games/" OUTDIR_ASIDE "/, "
			 "listed by the manifest)", cut->games, cut->games > 1 ? "s" : "",
			 sets, cut->logs, cut->logs > 1 ? "s" : "");
	return buf;
}
