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

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/verify.h"

void verify_cut_commitment(const struct game_log *log, char hex[65])
{
	const char *c = logread_string(log, logread_find(log, 0, "commit"), "commitment");

	snprintf(hex, 65, "%s", c ? c : "");
}

void verify_cut_dealt(const struct game_log *log, const char *records,
		      struct problems *problems)
{
	const cJSON *header = log->count ? log->lines[0].json : NULL;
	size_t i = json_member(header, "set") ? logread_find(log, 1, "draw") : log->count;

	if (i < log->count && !json_member(log->lines[i].json, "dealt"))
		problems_add(problems, log->path, "a game of a set whose draws carry no "
			     "\"dealt\" (line %zu), in a folder whose records (%s) are of "
			     "revision 5 or later: a log of an earlier revision than its "
			     "folder", i + 1, records);
}

void verify_cut_file_commitment(const char *path, char hex[65])
{
	static const char unhashed[FILES_SHA256_HEX];
	struct game_log log;
	size_t len, at = 0;
	char err[ERR_LEN], *head = logread_head(path, &len);

	hex[0] = '\0';
	/* A finished log of every game of a folder is read so: its first
	 * records (after the header, the forfeits of bots that never said
	 * hello), not the whole of it parsed. */
	for (int i = 0; head && at < len && i < 64; i++) {
		char *nl = memchr(head + at, '\n', len - at);

		at = nl ? (size_t)(nl - head) + 1 : len;
	}
	if (head) {
		logread_from_lines(path, head, at, unhashed, &log);
		verify_cut_commitment(&log, hex);
		logread_free(&log);
	}
	if (*hex || logread_load(path, &log, err))
		return;
	verify_cut_commitment(&log, hex);
	logread_free(&log);
}

long *verify_cut_last_started(const struct manifest_view *view)
{
	long *last = xcalloc((size_t)view->game_count + 1, sizeof *last);

	for (long i = 0; i < view->started; i++)
		if (view->started_games[i] >= 1 && view->started_games[i] <= view->game_count)
			last[view->started_games[i]] = i + 1;
	return last;
}

bool verify_cut_names(const struct manifest_view *view, long game, const char *c)
{
	for (long i = 0; i < view->aborted; i++)
		if (view->aborted_games[i] == game && !strcmp(view->aborted_commitments[i], c))
			return true;
	return false;
}

/* Each deal a started record names (revision 5) that no log of the
 * folder accounts for: the last deal of a finished game is its log's
 * (checked by verify_run.h), every other one a cut log's, or a game's
 * that left none, each listed by an "aborted" record with its C. */
static void dropped_deals(const struct manifest_view *view, struct problems *problems)
{
	long *last = verify_cut_last_started(view);

	for (long i = 0; i < view->started; i++) {
		long g = view->started_games[i];

		if (g < 1 || g > view->game_count || verify_cut_names(view, g, view->started_commitments[i]))
			continue;
		/* The last deal: the finished log's, or the game's going on
		 * (or never finished: manifest_read() names it). */
		if (last[g] == i + 1 && (view->state[g] == MANIFEST_FINISHED ||
					 view->state[g] == MANIFEST_STARTED))
			continue;
		problems_add(problems, view->path, "game %ld was started with the "
			     "commitment C %s, but no log of the folder has it: "
			     "neither the game's log nor a cut log the manifest lists "
			     "(an \"aborted\" record): a deal dropped", g,
			     view->started_commitments[i]);
	}
	free(last);
}

bool verify_cut_listed(const struct manifest_view *view, const char *name)
{
	for (long i = 0; i < view->aborted; i++) {
		const char *log = view->aborted_logs[i];
		const char *base = log ? strrchr(log, '/') : NULL;

		if (log && !strcmp(base ? base + 1 : log, name))
			return true;
	}
	return false;
}

bool verify_cut_log(const char *path, long game, const char *c, const char *records,
		    long lines, char *why, struct game_log *kept)
{
	struct game_log log;
	char err[ERR_LEN], have[65];
	long whole;
	bool held = false;

	if (access(path, F_OK) && errno == ENOENT) {
		snprintf(why, VERIFY_CUT_WHY_LEN, "missing: %s lists it as a log of "
			 "game %ld, cut by a stop and set aside", records, game);
		return true;
	}
	if (logread_load(path, &log, err)) {
		snprintf(why, VERIFY_CUT_WHY_LEN, "%s", err);
		return true;
	}
	if (verify_chain(&log, err)) {
		snprintf(why, VERIFY_CUT_WHY_LEN, "broken: %s (%s lists it as a log "
			 "of game %ld, cut by a stop)", err, records, game);
		logread_free(&log);
		return true;
	}
	verify_cut_commitment(&log, have);
	/* Its header is on disk before the exchange (item 24): a log with
	 * no whole line was emptied, one with fewer than listed cut. */
	whole = log.count > log.ends_mid_line ? (long)log.count - log.ends_mid_line : 0;
	if (whole < lines && whole)
		snprintf(why, VERIFY_CUT_WHY_LEN, "shorter than its records say: %ld whole lines, "
			 "where %s lists it with %ld (a log of game %ld, cut by a stop)", whole,
			 records, lines, game);
	else if (whole < lines)
		snprintf(why, VERIFY_CUT_WHY_LEN, "empty: of revision 7, a cut log holds its "
			 "header and C, on disk before the exchange (%s lists it as a log of "
			 "game %ld, cut by a stop)", records, game);
	/* A log cut before its commit record names no C to compare. */
	else if (c[0] && *have && strcmp(have, c))
		snprintf(why, VERIFY_CUT_WHY_LEN, "its commitment C is %s, %s lists "
			 "game %ld's cut log with %s: not the deal the run cut", have,
			 records, game, c);
	else
		held = true;
	if (held && kept)
		*kept = log;
	else
		logread_free(&log);
	return !held;
}

bool verify_cut_logs(const struct manifest_view *view, struct problems *problems)
{
	long before = problems->count;

	for (long i = 0; i < view->aborted; i++) {
		char *path, why[VERIFY_CUT_WHY_LEN];

		if (!view->aborted_logs[i])  /* a game that left no log */
			continue;
		path = path_join(view->dir, view->aborted_logs[i]);
		if (strstr(view->aborted_logs[i], "..") ||
		    view->aborted_logs[i][0] == '/')
			problems_add(problems, path, "the manifest lists a cut log "
				     "outside the folder's games/");
		else if (verify_cut_log(path, view->aborted_games[i],
					view->aborted_commitments[i], "the manifest", 0, why,
					NULL))
			problems_add(problems, path, "%s", why);
		free(path);
	}
	dropped_deals(view, problems);
	return problems->count == before;
}
