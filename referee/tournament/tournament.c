/*
 * Running a tournament; see tournament.h.  The parent process owns the
 * manifest and hands tables to workers (worker.h); each finished game is
 * in its own signed log before the manifest records it, so a run killed
 * at any point resumes from the logs and the manifest alone.
 */
#include "tournament.h"

#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/ladder_stats.h"
#include "base/outdir.h"
#include "base/util.h"
#include "manifest/manifest.h"
#include "manifest/manifest_ledger.h"
#include "manifest/manifest_records.h"
#include "match/match_set.h"
#include "pool.h"
#include "schedule_source.h"
#include "tournament_duplicate.h"
#include "tournament_peers.h"
#include "tournament_resume.h"
#include "tournament_state.h"
#include "worker.h"

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

static int record_due(struct tournament_state *st, bool final)
{
	return manifest_ledger_due(&st->ledger, final, st->err);
}

/* A "skipped" record for each bot left out of the run that has games
 * here still to play: those games, which this run does not start (a
 * Swiss's boards left empty by them, the first one's). */
static int record_skipped(struct tournament_state *st)
{
	long *games = xmalloc((size_t)st->schedule->game_count * sizeof *games);
	bool empty_told = false;
	int rc = 0;

	for (int b = 0; !rc && st->run->skipped && b < st->spec->bot_count; b++) {
		int count = 0;

		if (!st->run->skipped[b])
			continue;
		for (long n = 1; n <= st->schedule->game_count; n++) {
			const struct scheduled_game *g = &st->schedule->games[n - 1];
			bool empty = !empty_told && schedule_table_empty(st->schedule, g->table);

			for (int s = 0; s < st->schedule->players; s++)
				if ((g->seating[s] == b || (empty && !s)) &&
				    !st->finished[n] && schedule_source_in_shard(&st->source, g->table))
					games[count++] = n;
		}
		empty_told = true;
		/* A Swiss's says which bots its pairings leave out, games or
		 * not (a resumed one's, started this time, as before). */
		if (count || st->schedule->swiss.rounds)
			rc = tournament_record(st, manifest_skipped_record(b, st->run->skip_why[b]
				? st->run->skip_why[b] : "left out when the run began",
				games, count));
	}
	free(games);
	return rc;
}

/* The "started" record of a table's games, on disk before the worker
 * plays them: each game's commitment C (a set's, for each of its games),
 * from the secrets `deal_key` gives them, so that a game the referee then
 * drops, or deals again, stays visible as started with the C its bots
 * were sent (docs/FAIRNESS.md, revision 5). */
static int record_started(struct tournament_state *st, int table, const long *games,
			  int count, const unsigned char *deal_key)
{
	char (*commitments)[2 * FAIR_HASH_BYTES + 1] = xmalloc((size_t)count *
							       sizeof *commitments);
	unsigned char c[FAIR_HASH_BYTES];
	int rc;

	for (int i = 0; i < count; i++) {
		match_set_commitment(deal_key, (unsigned long)
				     tournament_duplicate_first(st->spec, st->schedule,
								games[i]), c);
		hex_encode(commitments[i], c, sizeof c);
	}
	rc = manifest_ledger_flush(&st->ledger, manifest_started_record(table + 1, games, count,
						(const char (*)[65])commitments), st->err);
	free(commitments);
	return rc;
}

/* Hands the next table with unfinished games to `w`, or tells it to quit
 * (or to wait, parked, for a Swiss's round to be seated). */
static int dispatch(struct tournament_state *st, struct worker *w)
{
	int table = schedule_source_next(&st->source), count = 0, rc;
	const struct schedule_table *t;
	unsigned char deal_key[FAIR_HASH_BYTES];
	long *games;

	if (table == SCHEDULE_SOURCE_WAIT) {
		st->parked[st->parked_count++] = w;
		return 0;
	}
	if (table == SCHEDULE_SOURCE_DONE) {
		worker_quit(w);
		return 0;
	}
	t = &st->schedule->tables[table];
	games = xmalloc((size_t)t->game_count * sizeof *games);
	for (long n = t->first_game; n < t->first_game + t->game_count; n++)
		if (!st->finished[n])
			games[count++] = n;
	/* A Swiss's results are in the manifest before the rounds they
	 * pair start. */
	rc = st->schedule->swiss.rounds ? tournament_record_finished(st) : 0;
	randombytes_buf(deal_key, sizeof deal_key);
	rc = rc ? rc : record_started(st, table, games, count, deal_key);
	if (!rc && worker_assign(w, table, games, count,
				 st->schedule->swiss.rounds
				 ? st->schedule->games[t->first_game - 1].seating : NULL,
				 deal_key))
		rc = errorf(st->err, "a worker stopped answering");
	sodium_memzero(deal_key, sizeof deal_key);
	free(games);
	return rc;
}

/* The workers waiting for a Swiss's round, handed its tables once the
 * round before has finished (or told to quit when none is left). */
static int unpark(struct tournament_state *st)
{
	int count = st->parked_count, rc = 0;
	struct worker **waiting;

	if (!count || !schedule_source_ready(&st->source))
		return 0;
	waiting = xmalloc((size_t)count * sizeof *waiting);
	memcpy(waiting, st->parked, (size_t)count * sizeof *waiting);
	st->parked_count = 0;
	for (int i = 0; i < count && !rc; i++)
		rc = dispatch(st, waiting[i]);
	free(waiting);
	return rc;
}

/* While a sharded Swiss's round waits for its peers: their new results
 * taken when the look is due, the workers waiting handed the round they
 * pair, and which shard it waits for said. */
static int wait_for_peers(struct tournament_state *st)
{
	int looked = schedule_source_look_at_peers(&st->source, st->err);

	if (looked < 0 || (looked && unpark(st)))
		return -1;
	if (looked && st->parked_count)
		tournament_peers_waiting(&st->source.peers, st->schedule->paired - 1);
	return 0;
}

/* The fields of a worker's "F" line after the hash (worker.h), each
 * after a space: the ranks, the forfeits ("-": none), and the reply times
 * (added to the bots' pending ones).  -1 when the line is not that. */
static int take_finished(struct tournament_state *st, long game, const char *fields,
			 int *rank, struct ladder_game_stats *figures)
{
	int players = st->schedule->players, bots[GAME_MAX_SEATS];
	const char *p = fields;

	memset(figures, 0, sizeof *figures);
	tournament_seated_bots(st, game, bots);
	for (int i = 0; i < 3 * players; i++) {
		int s = i % players;
		size_t len = *p == ' ' ? strcspn(++p, " ") : 0;
		char *end, *reason;

		if (!len)
			return -1;
		if (i < players) {
			rank[s] = (int)strtol(p, &end, 10);
			if (end != p + len || rank[s] < 1 || rank[s] > players)
				return -1;
		} else if (i < 2 * players && (len > 1 || *p != '-')) {
			reason = strndup(p, len);
			figures->reason[s] = ladder_reasons_number(&st->reasons, reason);
			free(reason);
		} else if (i >= 2 * players &&
			   reply_clocks_add_text(&st->ledger.replies.pending[bots[s]], p) != p + len) {
			return -1;
		}
		p += len;
	}
	st->ledger.replies.games++;
	return *p ? -1 : 0;
}

/* Handles one line from a worker. */
static int handle(void *ctx, struct worker *w, char *line)
{
	struct tournament_state *st = ctx;
	char *p = line + 2, *end;
	long game = strtol(p, &end, 10);

	switch (line[0]) {
	case 'F': {
		char hash[FILES_SHA256_HEX] = "";
		int rank[GAME_MAX_SEATS] = {0}, bots[GAME_MAX_SEATS];
		int players = st->schedule->players;
		struct ladder_game_stats figures;

		sscanf(end, " %64s", hash);
		end += 1 + strlen(hash);
		if (game < 1 || game > st->schedule->game_count ||
		    take_finished(st, game, end, rank, &figures))
			return errorf(st->err, "a worker's report of game %ld is "
				      "cut short", game);
		manifest_ledger_finished(&st->ledger, tournament_finished_entry(st, game, hash, rank,
							      &figures, false));
		if (record_due(st, false))
			return -1;
		schedule_source_finished(&st->source, game, rank);
		if (unpark(st))
			return -1;
		tournament_seated_bots(st, game, bots);
		for (int s = 0; s < players; s++)
			if (st->no_start_game[bots[s]] != game)
				st->run->events->bot_started(st->run->events->ctx, bots[s]);
		st->run->events->game_finished(st->run->events->ctx, bots, rank, players,
					       ladder_stats_forfeits(&figures, players), false);
		if (!st->run->on_finished)
			return 0;
		if (tournament_record_finished(st))
			return -1;
		st->run->on_finished(st->run->hook_ctx);
		return 0;
	}
	case 'B': {
		int bot = (int)strtol(end, &p, 10);

		if (game < 1 || game > st->schedule->game_count || bot < 0 ||
		    bot >= st->spec->bot_count || *p != ' ')
			return errorf(st->err, "a worker said something unexpected: "
				      "%.80s", line);
		st->no_start_game[bot] = game;
		st->run->events->bot_failed(st->run->events->ctx, bot, p + 1);
		return 0;
	}
	case 'D':
		w->table = -1;
		return dispatch(st, w);
	case 'E':
		return errorf(st->err, "game %ld: %s", game, end + 1);
	}
	return errorf(st->err, "a worker said something unexpected: %.80s", line);
}

/* Said by the signal's name, which a user knows (Ctrl-C's by its key
 * too), not its number. */
static int stopped(struct tournament_state *st, int sig)
{
	const char *name = sigabbrev_np(sig);

	if (!name)
		return errorf(st->err, "stopped by signal %d; run again with "
			      "--resume to finish", sig);
	return errorf(st->err, "stopped by SIG%s%s; run again with --resume "
		      "to finish", name, sig == SIGINT ? " (Ctrl-C)" : "");
}

/* A stop signal that came while ppoll() returned ready workers: the
 * kernel delivers it only when the wait is interrupted, which a busy pool
 * may never let happen.  It stays pending, and is taken here. */
static int pending_stop(void)
{
	sigset_t pending;

	if (sigpending(&pending))
		return 0;
	return sigismember(&pending, SIGTERM) ? SIGTERM
	       : sigismember(&pending, SIGINT) ? SIGINT : 0;
}

/* The pool's: worker `w` has gone, killed by a stop signal or not. */
static int worker_gone(void *ctx, struct worker *w, int sig)
{
	(void)w;
	return sig ? stopped(ctx, sig)
		   : errorf(((struct tournament_state *)ctx)->err, "a worker died unexpectedly");
}

/* The pool's: how long it may wait before the next record or look at the
 * peers is due (-1: until a worker writes). */
static long wait_ms(void *ctx)
{
	struct tournament_state *st = ctx;
	long wait_ms = manifest_ledger_wait_ms(&st->ledger);
	long peers_ms = schedule_source_wait_ms(&st->source, st->parked_count > 0);

	if (peers_ms >= 0 && (wait_ms < 0 || wait_ms > peers_ms))
		wait_ms = peers_ms;
	return wait_ms;
}

/* The pool's, after each wait: a stop signal, records due, the peers. */
static int woke(void *ctx)
{
	struct tournament_state *st = ctx;

	if (!stop_signal)
		stop_signal = pending_stop();
	if (stop_signal)
		return stopped(st, stop_signal);
	if (record_due(st, false) ||
	    (st->source.sharded && st->parked_count && wait_for_peers(st)))
		return -1;
	return 0;
}

/* Hands each worker its first table, then runs the pool until every
 * worker has quit, an error, or a signal.  It sleeps in ppoll() until a
 * worker writes or a stop signal comes. */
static int run_pool(struct tournament_state *st, struct worker *workers, int count)
{
	const struct pool_ops ops = {.handle = handle, .gone = worker_gone,
				     .wait_ms = wait_ms, .woke = woke,
				     .wait_mask = &st->stops.wait_mask};
	int rc = 0;

	for (int i = 0; i < count && !rc; i++)
		rc = dispatch(st, &workers[i]);
	return rc ? rc : pool_run(workers, count, &ops, st, st->err);
}

/* The games of the schedule (of this shard): all of them, those finished,
 * and those of the bots left out not finished.  Every game counts, those
 * of the bots left out too: the report and the ladder count them so. */
static void count_games(const struct tournament_state *st, long *total, long *done,
			long *left_out)
{
	const struct schedule *schedule = st->schedule;

	*total = *done = *left_out = 0;
	for (long n = 1; n <= schedule->game_count; n++)
		if (schedule_source_in_shard(&st->source, schedule->games[n - 1].table)) {
			(*total)++;
			*done += st->finished[n];
			*left_out += !st->finished[n] &&
				     schedule_source_skipped(&st->source,
							  schedule->games[n - 1].table);
		}
}

/* The manifest at the end of the pool's run, whose result is `rc`: once
 * every game has finished, its last records and the signature; else what
 * finished.  Returns the run's result. */
static int close_manifest(struct tournament_state *st, int rc)
{
	if (!rc) {
		long total, finished, left_out;

		count_games(st, &total, &finished, &left_out);
		return record_due(st, true) || tournament_record(st, manifest_complete_record(finished)) ||
		       journal_sign(st->ledger.journal, st->run->key, st->id, st->err) ? -1 : 0;
	}
	if (st->ledger.journal) {
		/* A stopped run keeps what finished: no need to find it
		 * again in the logs when it is resumed.  Best effort: a
		 * failure here must not replace the error that stopped the
		 * run (the logs are there for --resume either way). */
		char ignored[ERR_LEN], *err = st->err;

		st->err = ignored;
		tournament_record_finished(st);
		st->err = err;
	}
	return rc;
}

int tournament_play(const struct tournament_spec *spec,
		    struct schedule *schedule,
		    const struct tournament_run *run, char *err)
{
	struct tournament_state st = {
		.spec = spec, .schedule = schedule, .run = run, .err = err,
	};
	struct worker_job job = {.spec = spec, .schedule = schedule,
				 .out_dir = run->out_dir, .key = run->key,
				 .lock_fd = run->lock_fd};
	struct worker *workers = xcalloc((size_t)run->concurrency, sizeof *workers);
	int count = 0, rc;
	char *games = outdir_games(run->out_dir), *stderr_dir = outdir_stderr(run->out_dir);
	long total, done, left_out;

	schedule_source_init(&st.source, schedule, &(const struct schedule_source_run){
		.shard_index = run->shard_index, .shard_count = run->shard_count,
		.skipped = run->skipped, .out_dir = run->out_dir, .file = run->file,
		.public_key = run->key->public_key});
	st.finished = st.source.finished;
	st.parked = xcalloc((size_t)run->concurrency, sizeof *st.parked);
	st.aborted = xcalloc((size_t)schedule->game_count + 1, sizeof *st.aborted);
	st.no_start_game = xcalloc((size_t)spec->bot_count, sizeof *st.no_start_game);
	manifest_ledger_init(&st.ledger, spec->bot_count);
	rc = files_mkdirs(games, err);
	rc = rc ? rc : files_mkdirs(stderr_dir, err);
	free(games);
	free(stderr_dir);
	rc = rc ? rc : tournament_open_manifest(&st);
	rc = rc ? rc : record_skipped(&st);
	if (rc)
		goto out;
	count_games(&st, &total, &done, &left_out);
	run->events->games_start(run->events->ctx, total, done, left_out);
	pool_stops_begin(&st.stops, on_stop);
	for (int i = 0; i < run->concurrency && !rc; i++)
		if (!(rc = worker_start(&workers[i], &job, err)))
			count++;
	rc = rc ? rc : run_pool(&st, workers, count);
	for (int i = 0; i < count; i++)
		if (workers[i].pid)
			worker_kill(&workers[i]);
	pool_stops_end(&st.stops);
	run->events->games_end(run->events->ctx);
	rc = close_manifest(&st, rc);
out:
	manifest_ledger_free(&st.ledger);
	free(workers);
	schedule_source_free(&st.source);
	free(st.parked);
	free(st.aborted);
	free(st.open_games);
	free(st.open_commitments);
	free(st.no_start_game);
	ladder_reasons_free(&st.reasons);
	free(st.unreplied);
	return rc == 1 ? 1 : rc ? -1 : 0;
}
