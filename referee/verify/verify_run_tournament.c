/*
 * Checking a tournament folder against its manifest; see verify_run.h.
 */
#include "verify_run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/verify_pool.h"
#include "base/verify_sets.h"
#include "verify_cut.h"
#include "verify_place.h"

/* A log that a resumed run set aside ("000042.aborted-1.jsonl", in
 * games/aborted/, or in games/ itself when an earlier referee made the
 * run) for a game of the manifest, listed by an "aborted" record
 * (verify_cut.h): one that nothing lists may be a deal the organiser
 * hid, or a log planted to look like one.  It is never rated. */
static bool is_set_aside(const void *ctx, const char *name)
{
	const struct manifest_view *view = ctx;
	long count, game = outdir_set_aside_game(name, &count);

	return game && game <= view->game_count && view->state[game] != MANIFEST_UNLISTED &&
	       verify_cut_listed(view, name);
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

/* The finished logs that are there: each verified on one of `jobs`
 * processes, which reads it once and hands back its digest
 * (verify_pool.h), against which the manifest's hash, ranks, book and
 * deal are checked here. */
struct full_check {
	const struct manifest_view *view;
	struct problems *problems;
	char **paths;
	long *game;
	size_t count;
	struct reply_clocks *replies;  /* each bot's, from its logs */
	struct verify_book *book;      /* or NULL */
	long *last_started;            /* verify_cut_last_started() */
	struct verify_sets *sets;      /* of a signed manifest's logs, or NULL */
};

/* The manifest's "replies" records against what the logs say, bot by
 * bot: the ladder's reply times come from those records. */
static void check_replies(const struct full_check *fc)
{
	const struct manifest_view *v = fc->view;

	for (int b = 0; b < v->name_count; b++)
		for (int clock = 0; clock < 2; clock++) {
			const struct reply_times *logs = clock ? &fc->replies[b].cpu
							       : &fc->replies[b].wall;
			const struct reply_times *listed = clock ? &v->replies[b].cpu
								 : &v->replies[b].wall;

			if (!memcmp(logs, listed, sizeof *logs))
				continue;
			problems_add(fc->problems, v->path, "its replies records give %s "
				     "%llu turns, longest %lld us%s; its logs %llu, "
				     "longest %lld us%s", v->names[b],
				     (unsigned long long)listed->turns, (long long)listed->max,
				     clock ? " of CPU" : "", (unsigned long long)logs->turns,
				     (long long)logs->max,
				     logs->turns == listed->turns && logs->max == listed->max
				     ? ", with other times" : "");
		}
}

/* With an opening book, that the log of game `game` opens with a line of
 * the book the manifest names (verify_log checks that it plays that line),
 * and the book's check of which line. */
static void check_book(struct full_check *fc, long game, const struct game_log *log)
{
	const char *want = fc->view->book_sha256, *path = log->path;
	const cJSON *header = log->count ? log->lines[0].json : NULL;
	const char *sha;

	if (!want[0])
		return;
	sha = cJSON_GetStringValue(json_member(json_member(header, "book"), "sha256"));
	if (!sha || strcmp(sha, want))
		problems_add(fc->problems, path, "opens %s%s, not from the opening "
			     "book the manifest names (SHA-256 %s)", sha ? "from the book " : "",
			     sha ? sha : "with no book line", want);
	else if (fc->book)
		verify_book_check(fc->book, game, header, path, fc->problems);
}

/* The log's place in the manifest (verify_place.h), its ranks and its
 * book line; false when it is not the log the manifest recorded. */
static bool check_listed(struct full_check *fc, long game, const struct game_log *digest)
{
	const struct manifest_view *view = fc->view;
	long started = fc->last_started[game];
	char run[2 * FAIR_GAME_ID_BYTES + 1], sha256[2 * 32 + 1];
	int ranks[RATINGS_MAX_SEATS];

	hex_encode(run, view->id, sizeof view->id);
	hex_encode(sha256, view->sha256[game], sizeof view->sha256[game]);
	if (!verify_place_listed(digest, &(const struct verify_listed){
			.sha256 = sha256,
			.commitment = started ? view->started_commitments[started - 1] : NULL,
			.place = {.records = "the manifest", .run = run, .game = game,
				  .required = view->revision >= 6}}, fc->problems))
		return false;
	if (!same_ranks(view, game, ranks, logread_ranks(digest, ranks, RATINGS_MAX_SEATS)))
		problems_add(fc->problems, digest->path, "its result is not the "
			     "ranks the manifest lists for game %ld", game);
	check_book(fc, game, digest);
	if (fc->sets)
		verify_sets_add(fc->sets, digest);
	return true;
}

static void report_log(void *ctx, size_t index, const struct verify_outcome *o)
{
	struct full_check *fc = ctx;
	const struct manifest_view *v = fc->view;
	const char *p = o->replies;

	if (!o->digest) {
		problems_add(fc->problems, fc->paths[index], "%s", o->text);
		return;
	}
	if (!check_listed(fc, fc->game[index], o->digest))
		return;
	if (o->status != VERIFY_OK) {
		problems_add(fc->problems, fc->paths[index], "%s", o->text);
		return;
	}
	for (int s = 0; p && s < v->players; s++) {
		size_t at = (size_t)fc->game[index] * (size_t)v->players + (size_t)s;

		if (s && *p++ != ' ')
			p = NULL;
		else
			p = reply_clocks_add_text(&fc->replies[v->seats[at]], p);
	}
	if (!p)
		problems_add(fc->problems, fc->paths[index], "its reply times "
			     "could not be read back");
}

static void check_logs(struct full_check *fc, int jobs)
{
	unsigned char key[32];
	char err[ERR_LEN];

	hex_decode(key, sizeof key, fc->view->key_hex);
	if (verify_pool_run(fc->paths, fc->count, key, jobs, VERIFY_POOL_REPLIES,
			    report_log, fc, err))
		problems_add(fc->problems, fc->view->dir, "%s", err);
}

/* The files in games/ that are not a log of the manifest's, in `planted`
 * (a new array); what logs of its games are there, bit by bit in
 * `present`.  The folder lists a million names in a few hundred
 * milliseconds of the kernel's time: here each costs a look at its name
 * and one bit, in a bitset small enough to stay in the cache (the names
 * come in the order of the folder's hash, not of the games). */
static size_t list_games(const struct manifest_view *view, const char *games,
			 uint64_t *present, char ***planted,
			 struct problems *problems)
{
	size_t unlisted = 0, buf_len = (size_t)1 << 20;
	char *buf = xmalloc(buf_len);
	int fd = open(games, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ssize_t n = 0;

	while (fd >= 0 && (n = getdents64(fd, buf, buf_len)) > 0)
		for (ssize_t at = 0; at < n;) {
			const struct dirent64 *e = (const void *)(buf + at);
			const char *name = e->d_name;
			long g = outdir_log_game(name, strlen(name));

			at += e->d_reclen;
			if (g && g <= view->game_count)
				present[g / 64] |= (uint64_t)1 << (g % 64);
			else if (strcmp(name, ".") && strcmp(name, "..") &&
				 strcmp(name, OUTDIR_ASIDE) && !is_set_aside(view, name)) {
				*planted = xrealloc(*planted, (unlisted + 1) * sizeof **planted);
				(*planted)[unlisted++] = path_join(games, name);
			}
		}
	/* Nothing is called after a failed open(): its errno stands. */
	if (fd < 0 || n < 0)
		problems_add(problems, games, "cannot be read: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
	free(buf);
	return unlisted;
}

static bool is_present(const uint64_t *present, long game)
{
	return present[game / 64] >> (game % 64) & 1;
}

static void add_set_problem(void *ctx, const char *where, const char *what)
{
	problems_add(ctx, where, "%s", what);
}

void verify_run_tournament(const struct manifest_view *view, bool full, int jobs,
		   struct verify_book *book, struct problems *problems)
{
	char *games = outdir_games(view->dir), **planted = NULL, *aside;
	uint64_t *present = xcalloc((size_t)view->game_count / 64 + 1, sizeof *present);
	struct full_check fc = {.view = view, .problems = problems, .book = book};
	size_t unlisted;

	unlisted = list_games(view, games, present, &planted, problems);
	aside = outdir_aside(view->dir);
	unlisted = verify_place_aside(aside, is_set_aside, view, &planted, unlisted, problems);
	free(aside);
	if (full) {
		fc.paths = xmalloc(((size_t)view->finished + 1) * sizeof *fc.paths);
		fc.game = xmalloc(((size_t)view->finished + 1) * sizeof *fc.game);
	}
	for (long g = 1; g <= view->game_count; g++) {
		bool finished = view->state[g] == MANIFEST_FINISHED;
		char *path;

		/* An unsigned manifest's run may be playing, or have stopped
		 * in, any game it does not list as finished (the manifest was
		 * read before games/, and finished games are recorded in
		 * batches): only what it lists is checked. */
		if (finished ? is_present(present, g) && !full
			     : !is_present(present, g) || !view->signed_)
			continue;
		path = outdir_log(view->dir, g);
		if (!finished) {  /* a log of a game not listed as finished */
			planted = xrealloc(planted, (unlisted + 1) * sizeof *planted);
			planted[unlisted++] = path;
		} else if (!is_present(present, g)) {
			problems_add(problems, path, "missing: the manifest lists "
				     "game %ld as finished", g);
			free(path);
		} else {
			fc.game[fc.count] = g;
			fc.paths[fc.count++] = path;
		}
	}
	if (full) {
		fc.replies = xcalloc((size_t)view->name_count, sizeof *fc.replies);
		fc.last_started = verify_cut_last_started(view);
		/* The logs of duplicate sets side by side (verify_sets.h):
		 * of a finished run every set is whole. */
		fc.sets = view->signed_ ? verify_sets_new() : NULL;
		check_logs(&fc, jobs);
		free(fc.last_started);
		/* Only when nothing else was found wrong (the manifest's
		 * games, every log): otherwise the sums would differ for that
		 * reason alone; and of a finished run (a running one writes
		 * its "replies" records after the games they count). */
		if (!problems->count && !unlisted && view->signed_)
			check_replies(&fc);
		if (fc.sets)
			verify_sets_report(fc.sets, add_set_problem, problems);
		verify_sets_free(fc.sets);
		free(fc.replies);
	}
	verify_place_unlisted(planted, unlisted, "the manifest", problems);
	strings_free_count(fc.paths, fc.count);
	free(fc.game);
	free(planted);
	free(present);
	free(games);
}
