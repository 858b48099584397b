/*
 * A log's place against its folder's records; see verify_place.h.
 */
#include "verify_place.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/json.h"
#include "base/log_place.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "games/fair.h"
#include "verify_cut.h"

/* Whether the header says it follows revision 6 or later, whose logs in
 * a folder always name their place. */
static bool names_places(const cJSON *header)
{
	long revision = 0;

	return json_get_int(header, "fairness", 0, 1000, &revision) && revision >= 6;
}

/* The league's and the run's number: the first that differs, said. */
static bool league_differs(const struct game_log *log, const struct log_place *p,
			   const struct verify_place_want *want, struct problems *problems)
{
	if (!want->league && p->run_number) {
		problems_add(problems, log->path, "names run %ld of a league, in a run "
			     "that is not a league's: a log of another folder",
			     p->run_number);
		return true;
	}
	if (!want->league)
		return false;
	if (strcmp(p->league, want->league)) {
		if (!*want->league)
			problems_add(problems, log->path, "names league %s, where %s "
				     "names none: a log of another league", p->league,
				     want->records);
		else
			problems_add(problems, log->path, "names %s%s, not this league's "
				     "%s: a log of another league", *p->league ? "league " : "",
				     *p->league ? p->league : "no league", want->league);
		return true;
	}
	if (p->run_number != want->run_number) {
		problems_add(problems, log->path, "names run %ld of its league, where "
			     "%s is run %ld's: a log of another run", p->run_number,
			     want->records, want->run_number);
		return true;
	}
	return false;
}

void verify_place_check(const struct game_log *log, const struct verify_place_want *want,
			bool alone, struct problems *problems)
{
	const cJSON *header = log->count ? log->lines[0].json : NULL;
	struct log_place p;
	char why[ERR_LEN];
	int named = log_place_read(header, &p, why);

	if (named < 0 && alone)
		problems_add(problems, log->path, "%s", why);
	if (named < 0)
		return;  /* else the log itself fails for it */
	if (!named) {
		if (want->required || names_places(header))
			problems_add(problems, log->path, "names no place (its header's "
				     "\"place\"), in a folder where %s is of revision 6 "
				     "or later: a log of an earlier revision than its "
				     "folder, or of no run", want->records);
		return;
	}
	if (league_differs(log, &p, want, problems))
		return;
	if (strcmp(p.run, want->run))
		problems_add(problems, log->path, "names run %s, not %s, the run of "
			     "%s: a log of another run", p.run, want->run, want->records);
	else if (p.game != want->game && p.run_number)
		problems_add(problems, log->path, "names game %ld (set %ld) of its run, "
			     "where %s lists it as game %ld: not its place", p.game, p.set,
			     want->records, want->game);
	else if (p.game != want->game)
		problems_add(problems, log->path, "names game %ld of its run, where %s "
			     "lists it as game %ld: not its place", p.game, want->records,
			     want->game);
}

bool verify_place_listed(const struct game_log *log, const struct verify_listed *want,
			 struct problems *problems)
{
	const char *records = want->place.records;
	long game = want->place.game;
	char c[65];

	if (strcmp(log->sha256, want->sha256)) {
		problems_add(problems, log->path, "altered: its SHA-256 is not the one "
			     "%s lists for game %ld", records, game);
		return false;
	}
	if (want->commitment) {
		verify_cut_dealt(log, records, problems);
		verify_cut_commitment(log, c);
		if (strcmp(c, want->commitment))
			problems_add(problems, log->path, "its commitment C is %s, %s's "
				     "started record of game %ld names %s: not the deal "
				     "the run started", *c ? c : "(none)", records, game,
				     want->commitment);
	}
	verify_place_check(log, &want->place, false, problems);
	return true;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort_by_name(char **paths, size_t count)
{
	if (count)  /* qsort must not be given a NULL array */
		qsort(paths, count, sizeof *paths, by_name);
}

void verify_place_unlisted(char **paths, size_t count, const char *records,
			   struct problems *problems)
{
	sort_by_name(paths, count);   /* whatever the folder's order */
	for (size_t i = 0; i < count; i++) {
		problems_add(problems, paths[i], "not listed in %s: planted, or left "
			     "there by another run", records);
		free(paths[i]);
	}
}

char **verify_place_logs(const char *dir, size_t *count, char *err)
{
	char *games = outdir_games(dir), **paths = xmalloc(sizeof *paths);
	struct stat st;
	struct dirent *e;
	DIR *d;

	if (stat(games, &st) || !S_ISDIR(st.st_mode)) {
		free(games);
		games = xstrdup(dir);
	}
	if (!(d = opendir(games))) {
		errorf(err, "cannot read folder '%s': %s", games, strerror(errno));
		free(games);
		free(paths);
		return NULL;
	}
	*count = 0;
	while ((e = readdir(d)))
		if (outdir_is_result_log(e->d_name)) {
			paths = xrealloc(paths, (*count + 2) * sizeof *paths);
			paths[(*count)++] = path_join(games, e->d_name);
		}
	closedir(d);
	free(games);
	paths[*count] = NULL;
	sort_by_name(paths, *count);
	return paths;
}

size_t verify_place_aside(const char *aside, verify_place_is_listed *listed, const void *ctx,
			  char ***planted, size_t count, struct problems *problems)
{
	DIR *d = opendir(aside);
	struct dirent *e;

	if (!d && errno != ENOENT)
		problems_add(problems, aside, "cannot be read: %s", strerror(errno));
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && !listed(ctx, e->d_name)) {
			*planted = xrealloc(*planted, (count + 1) * sizeof **planted);
			(*planted)[count++] = path_join(aside, e->d_name);
		}
	if (d)
		closedir(d);
	return count;
}
