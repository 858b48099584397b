/*
 * A tournament run from its file to its last game; see tournament_run.h.
 */
#include "tournament_run.h"

#include <fcntl.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "bot/contain.h"
#include "manifest/manifest.h"
#include "match/match.h"
#include "plan/schedule.h"
#include "progress.h"
#include "run_lock.h"
#include "tournament.h"
#include "tournament_entrant.h"
#include "tournament_peers.h"
#include "verify/verify_run.h"

/* The most games one schedule may hold. */
#define MAX_GAMES 10000000L

/* A run in the making: what it holds until it ends. */
struct running {
	const struct tournament_request *request;
	const struct tournament_hooks *hooks;
	struct tournament_spec spec;
	bool have_spec;
	struct schedule schedule;
	struct tournament_run run;
	struct referee_key key;
	char *out;               /* the default output folder, when it is */
	bool *broken;
	char **why;
	int first_bots;          /* a resumed run's first record's bots
				  * (schedule.h's first generation), or -1 */
};

/* FILE's folder/out/NAME: next to the file, as its bots' folders are,
 * wherever the referee is started. */
static char *default_out(const char *file, const char *name)
{
	char *folder = path_parent(file), *dir = path_joinf(folder, "out/%s", name);

	free(folder);
	return dir;
}

/* Hands a line to the verb's say hook. */
__attribute__((format(printf, 2, 3)))
static void say(const struct tournament_hooks *hooks, const char *fmt, ...)
{
	va_list ap;
	char *line;

	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	hooks->say(hooks->ctx, line);
	free(line);
}

/* The file read and checked, the verb's switches applied: 0, or -1 with
 * err. */
static int read_file(struct running *r, char *err)
{
	const struct tournament_request *q = r->request;
	char why[ERR_LEN];

	if (tournament_file_read(q->file, &r->spec, err))
		return -1;
	r->have_spec = true;
	if (tournament_file_check_bots(&r->spec, why))
		return errorf(err, "%s: %s", q->file, why);
	if (q->sandbox >= 0)
		r->spec.limits.sandbox = q->sandbox;
	if (q->contain >= 0)
		r->spec.limits.contain = q->contain;
	r->spec.compress |= q->compress;
	if (q->book && tournament_file_book(&r->spec, q->book, NULL, why))
		return errorf(err, "%s: %s", q->file, why);
	if (tournament_duplicate_check(&r->spec, why))
		return errorf(err, "%s: %s", q->file, why);
	return 0;
}

/* A resumed run takes again what it was started with and the command
 * line does not say again (the first record of its `manifest`, parsed
 * but not checked): its opening book, --compress, --skip-broken and its
 * shard.  0, or -1 with err; a record that cannot be read is left for
 * manifest_reopen() to name. */
static int remember(struct running *r, const char *manifest, char *err)
{
	struct tournament_run *run = &r->run;
	cJSON *first = logread_header(manifest);
	const char *book = cJSON_GetStringValue(json_member(first, "book_path"));
	const char *shard = cJSON_GetStringValue(json_member(first, "shard"));
	char why[ERR_LEN];
	int index, count, rc = 0;

	r->first_bots = cJSON_IsArray(json_member(first, "bots"))
			? cJSON_GetArraySize(json_member(first, "bots")) : -1;
	r->spec.compress |= cJSON_IsTrue(json_member(first, "compress"));
	run->skip_broken |= cJSON_IsTrue(json_member(first, "skip_broken"));
	if (run->shard_count == 1 && shard && sscanf(shard, "%d/%d", &index, &count) == 2 &&
	    index >= 1 && index <= count) {
		run->shard_index = index;
		run->shard_count = count;
	}
	if (book && json_member(first, "book_sha256") && !r->request->book &&
	    !r->spec.book.count &&
	    tournament_file_book(&r->spec, book, cJSON_GetStringValue(
			json_member(first, "book_order")), why))
		rc = errorf(err, "cannot resume %s: it was started with the opening "
			    "book %s, which cannot be read now (%s): give it again "
			    "with --openings-book FILE", run->out_dir, book, why);
	cJSON_Delete(first);
	return rc;
}

/* The output folder, the schedule of the run, whether it may resume:
 * 0, or -1 with err. */
static int plan(struct running *r, char *err)
{
	const struct tournament_request *q = r->request;
	struct tournament_run *run = &r->run;
	char *manifest;
	int first_bots, rc = 0;

	run->out_dir = q->out_dir ? q->out_dir : (r->out = default_out(q->file, r->spec.name));
	run->concurrency = (int)(q->concurrency ? q->concurrency
				: r->spec.concurrency ? r->spec.concurrency
				: sysconf(_SC_NPROCESSORS_ONLN));
	manifest = manifest_find(run->out_dir);
	if (run->resume && !manifest)
		return errorf(err, "nothing to resume: %s has no tournament's %s",
			      run->out_dir, OUTDIR_RUN_MANIFEST);
	rc = run->resume ? remember(r, manifest, err) : 0;
	free(manifest);
	if (rc)
		return -1;
	/* The bots a resumed run started with make the first generation of
	 * its schedule; those the file added since, the next ones.  One it
	 * removed is refused when the manifest is read again. */
	first_bots = run->resume ? r->first_bots : -1;
	if (first_bots < 0 || first_bots > r->spec.bot_count)
		first_bots = r->spec.bot_count;
	if (r->spec.format == FORMAT_SWISS && run->shard_count > 1) {
		char *peer = tournament_peer_dir(run->out_dir, run->shard_index, 1);

		free(peer);
		if (!peer)
			return errorf(err, "%s: a Swiss round is paired from the results of every shard, which shard %d/%d finds in the folders beside its own named with their numbers: give it an --out that ends in %d, as out/shard-%d beside out/shard-1 to out/shard-%d",
				      q->file, run->shard_index, run->shard_count,
				      run->shard_index, run->shard_index, run->shard_count);
	}
	if (r->spec.format == FORMAT_SWISS && run->skip_broken && run->shard_count > 1)
		return errorf(err, "%s: the shards of a Swiss pair each round from every shard's results, and cannot leave a bot out: play them without --skip-broken",
			      q->file);
	if (schedule_build(&r->spec, first_bots, MAX_GAMES, &r->schedule, err))
		rc = -1;
	return rc;
}

/* The output folder made and locked (before the manifest is looked at: a
 * run going on there is named, whichever of the two was asked for): 0,
 * or -1 with err. */
static int lock(struct running *r, char *err)
{
	struct tournament_run *run = &r->run;
	char *manifest;
	bool taken, other;

	if (files_mkdirs(run->out_dir, err) ||
	    (run->lock_fd = run_lock(run->out_dir, err)) < 0)
		return -1;
	manifest = manifest_find(run->out_dir);
	taken = !run->resume && manifest;
	other = !manifest && verify_run_is(run->out_dir);
	free(manifest);
	if (taken)
		return errorf(err, "%s already holds a tournament: add --resume "
			      "to continue it, or choose another --out", run->out_dir);
	/* Its records would go in the same run.jsonl. */
	if (other)
		return errorf(err, "%s holds the %s of another verb's run (play, "
			      "sprt or a league's): choose another --out", run->out_dir,
			      OUTDIR_RUN_MANIFEST);
	return 0;
}

/*
 * The pre-flight: before its first game, every bot with a game in the run
 * is started once, exactly as its games start it (its folder, sandbox,
 * hidden and readable paths, limits, environment: tournament_entrant()),
 * all side by side, and greeted; one that does not answer hello (and is
 * not still running, silent: it may wait for a game's opening) is told to
 * the verb, which names it with the first and last lines of its stderr
 * and what they say of a path the sandbox hides (excerpt.h).  Without it,
 * a bot whose folder or SDK its sandbox does not show would forfeit every
 * game it plays before anyone noticed.
 */
/* One bot started for the pre-flight. */
struct started {
	struct match_entrant entrant;
	const char **hidden;
	char *stderr_path;
	struct match *match;  /* NULL when it could not be started */
};

/* Whether bot `b` sits at a table of the shard. */
static bool plays(const struct schedule *schedule, int b, int index, int count)
{
	/* Every bot of a Swiss plays once its rounds are paired. */
	if (schedule->swiss.rounds)
		return true;
	for (int t = 0; t < schedule->table_count; t++)
		for (int i = 0; i < schedule->players; i++)
			if (schedule->tables[t].bots[i] == b &&
			    schedule_in_shard(t, index, count))
				return true;
	return false;
}

/* Starts the bots that sit at a table of the run's shard, each with its
 * stderr in DIR/stderr/preflight-NAME.stderr (that folder made).  Sets
 * r->broken[b] (by bot number) with, in r->why[b] (a new string), why bot
 * b did not start, and tells the hooks.  Returns how many did not. */
static int preflight_run(struct running *r)
{
	const struct tournament_spec *spec = &r->spec;
	const struct tournament_hooks *hooks = r->hooks;
	bool *broken = r->broken;
	char **why = r->why;
	struct started *started = xcalloc((size_t)spec->bot_count, sizeof *started);
	struct match_config config = {
		.rules = spec->rules, .options = spec->options, .time = spec->time,
		.grace_ms = 200,
	};
	char err[ERR_LEN];
	int count = 0;

	/* All started before any is waited for: they start side by side. */
	for (int b = 0; b < spec->bot_count; b++) {
		struct started *s = &started[b];
		int fd;

		if (!plays(&r->schedule, b, r->run.shard_index, r->run.shard_count))
			continue;
		s->stderr_path = outdir_preflight_stderr(r->run.out_dir, spec->bots[b].name);
		/* Only this start's words: an earlier run's are gone. */
		if ((fd = open(s->stderr_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			       0644)) >= 0)
			close(fd);
		s->hidden = tournament_entrant(spec, b, s->stderr_path, &s->entrant);
		if (!(s->match = match_start(&config, &s->entrant, 1, err)))
			why[b] = xstrdup(err);
	}
	for (int b = 0; b < spec->bot_count; b++) {
		struct started *s = &started[b];

		if (s->match) {
			match_greet(s->match);
			/* Still running and silent is a pass: a game's opening
			 * sends hello, start and commit together, and a bot may
			 * answer hello only once it has its game's commitment. */
			if (match_start_silent(s->match, 0))
				hooks->silent(hooks->ctx, spec->bots[b].name,
					      spec->time.start_ms);
			else if (match_start_fault(s->match, 0))
				why[b] = xstrdup(match_start_fault(s->match, 0));
			match_finish(s->match, NULL);
		}
		if (why[b]) {
			broken[b] = true;
			count++;
			hooks->no_start(hooks->ctx, spec->bots[b].name, why[b],
					s->stderr_path, spec->limits.sandbox);
		}
		free(s->hidden);
		free(s->stderr_path);
	}
	free(started);
	return count;
}

/* Starts every bot once (the pre-flight); when one does not start, stops
 * before any game (TOURNAMENT_FAILED), or with --skip-broken leaves it
 * out of the run. */
static enum tournament_end preflight(struct running *r, char *err)
{
	const struct tournament_spec *spec = &r->spec;
	struct tournament_run *run = &r->run;
	char *stderr_dir = outdir_stderr(run->out_dir);
	int count;

	r->broken = xcalloc((size_t)spec->bot_count, sizeof *r->broken);
	r->why = xcalloc((size_t)spec->bot_count, sizeof *r->why);
	count = files_mkdirs(stderr_dir, err) ? -1 : preflight_run(r);
	free(stderr_dir);
	if (count < 0)
		return TOURNAMENT_REFUSED;
	if (count && !run->skip_broken) {
		/* The shards of a Swiss cannot leave a bot out (plan()). */
		bool whole = spec->format != FORMAT_SWISS || run->shard_count == 1;

		errorf(err, "%d bot%s did not start (above), so no game was "
		       "played: fix %s in %s%s%s", count, count == 1 ? "" : "s",
		       count == 1 ? "its entry" : "their entries", run->file,
		       whole ? ", or pass --skip-broken to run without " : "",
		       !whole ? "" : count == 1 ? "it" : "them");
		return TOURNAMENT_FAILED;
	}
	for (int b = 0; b < spec->bot_count; b++)
		if (r->broken[b] && spec->format == FORMAT_SWISS)
			say(r->hooks, "--skip-broken: the Swiss goes on without '%s': "
			    "it is paired in no round (its rounds are paired "
			    "without it, so it stays out when the run is "
			    "resumed)", spec->bots[b].name);
		else if (r->broken[b])
			say(r->hooks, "--skip-broken: the run goes on without '%s': "
			    "its games are not played (fix it, then run the same "
			    "command with --resume to play them)", spec->bots[b].name);
	/* A resumed Swiss's bots it left out join them when its manifest
	 * is read (tournament_open_manifest()). */
	if (spec->format == FORMAT_SWISS && count)
		schedule_leave_out(&r->schedule, r->broken);
	run->skipped = r->broken;
	run->skip_why = r->why;
	return TOURNAMENT_PLAYED;
}

/* The games, their progress on stderr (the status line). */
static enum tournament_end play(struct running *r, char *err)
{
	const struct tournament_request *q = r->request;
	struct tournament_run *run = &r->run;
	struct progress progress;
	int played;

	progress_init(&progress, &r->spec, isatty(STDERR_FILENO), q->quiet);
	progress.start_failures = (int)q->start_failures;
	progress.out_dir = run->out_dir;
	run->progress = &progress;
	played = tournament_play(&r->spec, &r->schedule, run, err);
	progress_free(&progress);
	run->progress = NULL;
	if (played == 1) {
		char *signed_manifest = manifest_find(run->out_dir);

		say(r->hooks, "%s is signed: nothing left to play", signed_manifest);
		free(signed_manifest);
	}
	r->hooks->games_ended(r->hooks->ctx, run->out_dir);
	return played < 0 ? TOURNAMENT_FAILED : TOURNAMENT_PLAYED;
}

/* From the locked folder on: the key, the pre-flight, the games. */
static enum tournament_end run_games(struct running *r, struct tournament_outcome *outcome,
				     char *err)
{
	const struct schedule *schedule = &r->schedule;
	struct tournament_run *run = &r->run;
	enum tournament_end end;

	outcome->status = r->hooks->signing_key(r->hooks->ctx, r->request->key_file,
						run->out_dir, &r->key);
	if (outcome->status)
		return TOURNAMENT_SAID;
	run->key = &r->key;
	if (!r->request->quiet)
		visible_line(stderr, "%s: %s, %ld game%s in %d table%s, shard %d/%d, "
			     "%d at once, output in %s/", r->spec.name, r->spec.rules->name,
			     schedule->game_count, schedule->game_count == 1 ? "" : "s",
			     schedule->table_count, schedule->table_count == 1 ? "" : "s",
			     run->shard_index, run->shard_count, run->concurrency, run->out_dir);
	r->hooks->games_start(r->hooks->ctx, run->out_dir);
	if ((end = preflight(r, err)) != TOURNAMENT_PLAYED)
		return end;
	/* The pre-flight picked the backend; the fallback covers less, so say so once. */
	if (!r->request->quiet && contain_fallback_line(r->spec.limits.contain))
		visible_line(stderr, "%s: %s", r->spec.name,
			     contain_fallback_line(r->spec.limits.contain));
	if ((end = play(r, err)) != TOURNAMENT_PLAYED)
		return end;
	outcome->out_dir = xstrdup(run->out_dir);
	return TOURNAMENT_PLAYED;
}

static void running_free(struct running *r)
{
	for (int b = 0; r->why && b < r->spec.bot_count; b++)
		free(r->why[b]);
	free(r->why);
	free(r->broken);
	sodium_memzero(&r->key, sizeof r->key);
	free(r->out);
	schedule_free(&r->schedule);
	if (r->have_spec) {
		r->hooks->unready(r->hooks->ctx, &r->spec);
		tournament_file_free(&r->spec);
	}
}

enum tournament_end tournament_run(const struct tournament_request *request,
				   const struct tournament_hooks *hooks,
				   struct tournament_outcome *outcome, char *err)
{
	struct running r = {
		.request = request, .hooks = hooks,
		.run = {.file = request->file, .lock_fd = -1, .resume = request->resume,
			.skip_broken = request->skip_broken,
			.shard_index = request->shard_index,
			.shard_count = request->shard_count,
			.on_finished = request->on_finished, .hook_ctx = request->hook_ctx},
	};
	enum tournament_end end = TOURNAMENT_REFUSED;

	memset(outcome, 0, sizeof *outcome);
	if (read_file(&r, err) || plan(&r, err))
		goto out;
	outcome->status = hooks->ready(hooks->ctx, &r.spec,
				       (const char *const[]){ r.run.out_dir,
							      request->key_file }, 2);
	if (outcome->status) {
		end = TOURNAMENT_SAID;
		goto out;
	}
	if (lock(&r, err))
		goto out;
	end = run_games(&r, outcome, err);
out:
	running_free(&r);
	return end;
}
