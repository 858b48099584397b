/*
 * Checking a play or sprt folder against its run.jsonl; see verify_run.h.
 */
#include "verify_run.h"
#include "verify_run_private.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "manifest/manifest.h"
#include "manifest/manifest_cut.h"
#include "verify_cut.h"
#include "verify_keys.h"
#include "verify_place.h"
#include "verify_seats.h"

bool verify_run_is(const char *dir)
{
	char *path = outdir_run_manifest(dir), *old = outdir_manifest(dir);
	struct stat st;
	bool is = !stat(path, &st) || !stat(old, &st);

	free(path);
	free(old);
	return is;
}

/* Bot A's points in an sprt game, doubled: 2 when its rank is better
 * than B's, 1 when the same, 0 when worse (-1: the header does not seat
 * both, or the log has no result). */
static signed char a_points(const struct verify_run *rc, const struct game_log *log)
{
	const cJSON *players = json_member(log->count ? log->lines[0].json : NULL, "players");
	int ranks[2], seat[2] = {-1, -1};

	if (cJSON_GetArraySize(players) != 2 || logread_ranks(log, ranks, 2) != 2)
		return -1;
	for (int s = 0; s < 2; s++) {
		const char *name = cJSON_GetStringValue(json_member(
			cJSON_GetArrayItem(players, s), "name"));

		for (int b = 0; name && b < 2; b++)
			if (!strcmp(name, rc->bots[b]))
				seat[b] = s;
	}
	if (seat[0] < 0 || seat[1] < 0 || seat[0] == seat[1])
		return -1;
	return ranks[seat[0]] < ranks[seat[1]] ? 2 : ranks[seat[0]] == ranks[seat[1]];
}

/* That the log of game `game` is the one listed (verify_place.h) and,
 * with a book, of the run's book line's schedule. */
static void check_log(struct verify_run *rc, long game, const struct game_log *log)
{
	static const char *const fields[] = {"sha256", "path", "order", "first", "unit"};
	struct run_game *e = &rc->games[game];
	const cJSON *book = json_member(log->count ? log->lines[0].json : NULL, "book");
	struct verify_listed want = {.sha256 = e->sha256, .commitment = e->commitment,
				     .place = rc->place};
	long before = rc->problems->count;

	want.place.game = game;
	if (!verify_place_listed(log, &want, rc->problems) ||
	    !verify_keys_same(log->path, verify_keys_of(log), rc->view.key_hex, "its run.jsonl's",
			      rc->problems))
		return;
	/* A log out of its place is said so, not once more for its seats. */
	if (rc->problems->count == before)
		verify_seats_check(e->started_seats, e->finished_seats, false, log, rc->problems);
	if (rc->test)
		e->points = a_points(rc, log);
	for (size_t i = 0; rc->book && i < sizeof fields / sizeof *fields; i++)
		if (!cJSON_Compare(json_member(book, fields[i]),
				   json_member(rc->book, fields[i]), true)) {
			problems_add(rc->problems, log->path, "its header's opening book "
				     "gives \"%s\" otherwise than run.jsonl does: not "
				     "the run's book, order or schedule", fields[i]);
			break;
		}
}

/* Whether game `game` is listed as finished, its log to be there. */
static bool listed_finished(const struct verify_run *rc, long game)
{
	const struct run_game *e = game >= 1 && game <= rc->count ? &rc->games[game] : NULL;

	return e && *e->commitment && !e->dropped && !e->cut && *e->sha256;
}

struct verify_run *verify_run_open(const char *dir, const unsigned char *trusted_key,
				   int jobs, verify_run_pairs_check *pairs_check,
				   struct problems *problems, char *notice, size_t size)
{
	struct verify_run *rc = xcalloc(1, sizeof *rc);
	char *manifest = manifest_find(dir);

	*rc = (struct verify_run){.dir = xstrdup(dir), .path = outdir_run_manifest(dir),
				 .problems = problems, .pairs_check = pairs_check,
				 .games = xcalloc(1, sizeof *rc->games), .jobs = jobs};
	*notice = '\0';
	/* A tournament's folder: its manifest read, its book opened. */
	if (manifest) {
		rc->tournament = true;
		rc->usable = !manifest_read(manifest, trusted_key, MANIFEST_KEEP_HASHES,
					    &rc->view, problems);
		if (rc->usable)
			rc->openings = verify_book_open(&rc->view, notice, size);
		free(manifest);
	} else
		rc->usable = verify_run_read(rc, trusted_key);
	return rc;
}

const struct manifest_view *verify_run_view(const struct verify_run *run)
{
	return run->tournament && run->usable ? &run->view : NULL;
}

void verify_run_log(struct verify_run *rc, const struct game_log *log)
{
	long game = outdir_play_log_game(log->path);

	if (!rc->usable || rc->tournament || !listed_finished(rc, game) ||
	    rc->games[game].checked)
		return;
	rc->games[game].checked = true;
	rc->games[game].points = -1;
	check_log(rc, game, log);
}

/* Whether `name` is a file of aborted/ that a cut record lists. */
static bool listed_cut(const void *ctx, const char *name)
{
	const struct verify_run *rc = ctx;
	long g = outdir_play_log_game(name);
	char *want = outdir_play_log(NULL, g);
	bool listed = g && g <= rc->count && rc->games[g].cut == 1 && !strcmp(want, name);

	free(want);
	return listed;
}

/* The log listed cut of game `g` at `path` checked: there, its chain
 * whole as far as it goes, its C the record's, and its header, when
 * whole, held as a finished log's is: its place, then (item 26) the bots
 * its set's started record seats. */
static void check_cut(struct verify_run *rc, long g, const char *path)
{
	const struct run_game *e = &rc->games[g];
	struct verify_place_want place = rc->place;
	char why[VERIFY_CUT_WHY_LEN];
	struct game_log log;
	long before = rc->problems->count;

	if (verify_cut_log(path, g, e->commitment, "run.jsonl",
			   rc->view.revision < 7 ? 0 : e->lines > 1 ? e->lines : 1, why, &log)) {
		problems_add(rc->problems, path, "%s", why);
		return;
	}
	place.game = g;
	/* A header cut short names nothing to hold. */
	if (log.count > log.ends_mid_line && log.lines[0].json) {
		verify_place_check(&log, &place, true, rc->problems);
		if (rc->problems->count == before)
			verify_seats_check(e->started_seats, NULL, true, &log, rc->problems);
	}
	logread_free(&log);
}

/* Each log listed cut checked, and the files of aborted/ that no cut
 * record lists added to `unlisted` (`count` of them): the new count. */
static size_t unlisted_cut(struct verify_run *rc, char ***unlisted, size_t count)
{
	char *aside = path_join(rc->dir, OUTDIR_ASIDE);

	for (long g = 1; g <= rc->count; g++) {
		char *path = outdir_play_log(aside, g);

		if (rc->games[g].cut == 1)
			check_cut(rc, g, path);
		free(path);
	}
	count = verify_place_aside(aside, listed_cut, rc, unlisted, count, rc->problems);
	free(aside);
	return count;
}

/* Every game listed as finished whose log was not checked (missing, or
 * unreadable), and every log of the folder that is not listed. */
static void check_folder(struct verify_run *rc)
{
	DIR *d = opendir(rc->dir);
	struct dirent *e;
	char **unlisted = NULL;
	size_t count = 0;

	for (long g = 1; g <= rc->count; g++) {
		char *path = outdir_play_log(rc->dir, g);
		struct stat st;

		if (!*rc->games[g].commitment || rc->games[g].dropped ||
		    rc->games[g].cut || rc->games[g].checked)
			;
		else if (!*rc->games[g].sha256)
			problems_add(rc->problems, rc->path, "game %ld was started but "
				     "never finished", g);
		else if (stat(path, &st))
			problems_add(rc->problems, path, "missing: run.jsonl lists game "
				     "%ld as finished", g);
		else
			problems_add(rc->problems, path, "cannot be read");
		free(path);
	}
	while (d && (e = readdir(d))) {
		long g = outdir_play_log_game(e->d_name);

		if (outdir_is_result_log(e->d_name) &&
		    (!g || g > rc->count || !*rc->games[g].commitment ||
		     rc->games[g].dropped || rc->games[g].cut)) {
			unlisted = xrealloc(unlisted, (count + 1) * sizeof *unlisted);
			unlisted[count++] = path_join(rc->dir, e->d_name);
		}
	}
	if (d)
		closedir(d);
	count = unlisted_cut(rc, &unlisted, count);
	verify_place_unlisted(unlisted, count, "run.jsonl", rc->problems);
	free(unlisted);
}

/* An sprt run's pairs, as its logs gave them, to the caller's check. */
static void check_pairs(const struct verify_run *rc)
{
	long pairs = rc->count / 2;
	signed char (*points)[2] = xcalloc((size_t)pairs + 1, sizeof *points);
	bool *dropped = xcalloc((size_t)pairs + 1, sizeof *dropped);

	for (long p = 0; p < pairs; p++)
		for (int k = 0; k < 2; k++) {
			const struct run_game *e = &rc->games[2 * p + 1 + k];

			points[p][k] = e->checked && !e->dropped ? e->points : -1;
			dropped[p] = dropped[p] || e->dropped;
		}
	rc->pairs_check(&(struct verify_run_pairs){
		.path = rc->path, .test = rc->test, .verdict = rc->verdict, .pairs = pairs,
		.points = (const signed char (*)[2])points, .dropped = dropped}, rc->problems);
	free(points);
	free(dropped);
}

/* A tournament's games and sets cut and dealt again, said only when
 * their logs are there, as the sentence says. */
static void tournament_counts(const struct verify_run *run, char *buf)
{
	struct manifest_cut cut = {0};

	buf[0] = '\0';
	if (run->usable)
		manifest_cut_count(&run->view, &cut);
	if (cut.logs && run->cut_there)
		manifest_cut_text(&cut, buf);
}

void verify_run_counts_text(const struct verify_run *run, char *buf, size_t len)
{
	long pairs = 0;

	buf[0] = '\0';
	if (run->tournament)
		tournament_counts(run, buf);
	else if (run->usable && !strcmp(run->verb, "sprt")) {
		for (long g = 1; g + 1 <= run->count; g += 2)
			pairs += run->games[g].dropped || run->games[g + 1].dropped;
		snprintf(buf, len, pairs ? "%ld pair%s listed dropped after the verdict, "
			 "uncounted, %s logs removed" : "no pair listed dropped", pairs,
			 pairs == 1 ? "" : "s", pairs == 1 ? "its" : "their");
	} else if (run->cut_sets)
		snprintf(buf, len, "%ld set%s cut by a stop, %s logs kept in %s/ and listed "
			 "in run.jsonl", run->cut_sets, run->cut_sets == 1 ? "" : "s",
			 run->cut_sets == 1 ? "its" : "their", OUTDIR_ASIDE);
}

void verify_run_check(struct verify_run *run)
{
	if (run->tournament && run->usable) {
		verify_run_tournament(&run->view, true, run->jobs, run->openings, run->problems);
		run->cut_there = verify_cut_logs(&run->view, run->problems);
	} else if (run->usable) {
		check_folder(run);
		if (run->test && run->pairs_check)
			check_pairs(run);
	}
}

void verify_run_close(struct verify_run *run)
{
	verify_book_free(run->openings);
	manifest_view_free(&run->view);
	cJSON_Delete(run->kept);
	free(run->games);
	free(run->path);
	free(run->dir);
	free(run);
}

void verify_run(const char *dir, const unsigned char *trusted_key,
		verify_run_pairs_check *pairs_check, struct problems *problems)
{
	char err[ERR_LEN], notice[ERR_LEN];
	struct verify_run *run = verify_run_open(dir, trusted_key, 1, pairs_check, problems,
						 notice, sizeof notice);

	for (long g = 1; run->usable && g <= run->count; g++) {
		char *path = outdir_play_log(dir, g);
		struct game_log log;

		if (listed_finished(run, g) && !logread_load(path, &log, err)) {
			verify_run_log(run, &log);
			logread_free(&log);
		}
		free(path);
	}
	verify_run_check(run);
	verify_run_close(run);
}
