/*
 * Fuzzing `referee verify` over a folder and over logs (cmd_verify.c):
 * the input is made a folder (fuzz_write_folder), which verify_paths
 * checks as the verb does (a tournament's or a play folder as a whole,
 * another log by log; a league's runs, and its index against its logs
 * with league_check), followed by each file at its top as a log given
 * alone, on one process.  What must hold: nothing crashes, and each
 * log's outcome is one of verify's, with its words.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "base/paths.h"
#include "base/util.h"
#include "fuzz.h"
#include "league/league_check.h"
#include "league/league_folder.h"
#include "verify/verify_paths.h"

/* Each log's outcome says what it is, in words. */
static void on_log(void *ctx, const char *path, const struct verify_outcome *o)
{
	(void)ctx;
	(void)path;
	if (o->status > VERIFY_UNREADABLE || !o->text || !*o->text)
		fuzz_fail("a log's outcome is not one of verify's");
}

static void on_tournament(void *ctx, const struct manifest_view *view, bool trusted)
{
	(void)ctx;
	(void)view;
	(void)trusted;
}

/* The folder's runs when it is a league (as cmd_verify.c's league_runs),
 * else the folder; then each file at its top.  NULL-terminated. */
static char **paths_of(const char *dir, int *count)
{
	struct dirent **names;
	int runs = 1, n = scandir(dir, &names, NULL, alphasort);
	char **league = league_folder_is(dir) ? league_check_runs(dir, &runs) : NULL;
	char **paths = xcalloc((size_t)runs + (size_t)(n > 0 ? n : 0) + 1, sizeof *paths);

	*count = 0;
	for (int k = 0; k < runs; k++)
		paths[(*count)++] = league ? league[k] : xstrdup(dir);
	free(league);
	for (int i = 0; i < n; i++) {
		if (names[i]->d_type == DT_REG)
			paths[(*count)++] = path_join(dir, names[i]->d_name);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	return paths;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *dir = fuzz_write_folder("verify", data, size), err[ERR_LEN];
	const struct verify_paths_events on = {
		.log = on_log,
		.tournament = on_tournament,
		.problem = fuzz_ignore_problem, .notice = fuzz_ignore_problem,
		.unusable = fuzz_ignore_problem,
	};
	struct problems problems = {.report = fuzz_ignore_problem};
	int count;
	char **paths = paths_of(dir, &count);

	if (verify_paths(paths, count, NULL, true, 1, &on, err))
		fuzz_fail(err);
	if (league_folder_is(dir))
		free(league_check(dir, &problems));
	for (int i = 0; i < count; i++)
		free(paths[i]);
	free(paths);
	fuzz_remove_folder(dir);
	return 0;
}
