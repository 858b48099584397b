/*
 * The logs a resumed run set aside, checked against the manifest's
 * "aborted" records; see verify_cut.h.
 */
#include "verify_cut.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paths.h"
#include "util.h"
#include "verify.h"

/* A problem in words, with the error of the log it quotes. */
#define WHY_LEN (ERR_LEN + 256)

void verify_cut_commitment(const struct game_log *log, char hex[65])
{
	hex[0] = '\0';
	for (size_t i = 0; i < log->count; i++)
		if (log->lines[i].type && !strcmp(log->lines[i].type, "commit")) {
			const char *c = logread_string(log, i, "commitment");

			snprintf(hex, 65, "%s", c ? c : "");
			return;
		}
}

bool verify_cut_listed(const struct manifest_view *view, const char *name)
{
	for (long i = 0; i < view->aborted; i++) {
		const char *log = view->aborted_logs[i];
		const char *base = strrchr(log, '/');

		if (!strcmp(base ? base + 1 : log, name))
			return true;
	}
	return false;
}

/* The problem of the log of "aborted" record i, in `why`; false if none. */
static bool cut_problem(const struct manifest_view *view, long i, const char *path,
			char *why)
{
	struct game_log log;
	char err[ERR_LEN], c[65];

	if (access(path, F_OK) && errno == ENOENT) {
		snprintf(why, WHY_LEN, "missing: the manifest lists it as a log of "
			 "game %ld, cut by a stop and set aside", view->aborted_games[i]);
		return true;
	}
	if (logread_load(path, &log, err)) {
		snprintf(why, WHY_LEN, "%s", err);
		return true;
	}
	if (verify_chain(&log, err)) {
		snprintf(why, WHY_LEN, "broken: %s (the manifest lists it as a log "
			 "of game %ld, cut by a stop)", err, view->aborted_games[i]);
		logread_free(&log);
		return true;
	}
	verify_cut_commitment(&log, c);
	logread_free(&log);
	if (view->aborted_commitments[i][0] && strcmp(c, view->aborted_commitments[i])) {
		snprintf(why, WHY_LEN, "its commitment C is %s, the manifest lists "
			 "game %ld's cut log with %s: not the deal the run cut",
			 *c ? c : "(none)", view->aborted_games[i],
			 view->aborted_commitments[i]);
		return true;
	}
	return false;
}

bool verify_cut_logs(const struct manifest_view *view, struct problems *problems)
{
	long before = problems->count;

	for (long i = 0; i < view->aborted; i++) {
		char *path = path_join(view->dir, view->aborted_logs[i]);
		char why[WHY_LEN];

		if (strstr(view->aborted_logs[i], "..") ||
		    view->aborted_logs[i][0] == '/')
			problems_add(problems, path, "the manifest lists a cut log "
				     "outside the folder's games/");
		else if (cut_problem(view, i, path, why))
			problems_add(problems, path, "%s", why);
		free(path);
	}
	return problems->count == before;
}
