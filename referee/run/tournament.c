/*
 * Running a tournament; see tournament.h.  The parent process owns the
 * manifest and is a table source (table_source.h) of the run's loop
 * (run_loop.h), which hands its tables to workers (worker.h): one source
 * for a fixed schedule and a Swiss's alike, on schedule_source.h and one
 * manifest ledger.  Each finished game is in its own signed log before
 * the manifest records it, so a run killed at any point resumes from the
 * logs and the manifest alone.
 */
#include "tournament.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/game_figures.h"
#include "base/outdir.h"
#include "base/util.h"
#include "manifest/manifest.h"
#include "manifest/manifest_ledger.h"
#include "manifest/manifest_records.h"
#include "match/match_set.h"
#include "run_loop.h"
#include "worker.h"
#include "schedule_source.h"
#include "progress.h"
#include "tournament_peers.h"
#include "tournament_state.h"

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
				     schedule_set_first(st->schedule, st->spec->duplicate,
							games[i]), c);
		hex_encode(commitments[i], c, sizeof c);
	}
	rc = tournament_record(st, manifest_started_record(table + 1, games, count,
							   (const char (*)[65])commitments)) ||
	     run_manifest_seal(&st->ledger.run, st->err) ? -1 : 0;
	free(commitments);
	return rc;
}

/* Table `table` handed out: its games not finished, their "started"
 * record on disk first. */
static enum pool_next hand_table(struct tournament_state *st, int table,
					   struct table_source_table *out)
{
	const struct schedule_table *t = &st->schedule->tables[table];

	out->number = table;
	out->games = xmalloc((size_t)t->game_count * sizeof *out->games);
	for (long n = t->first_game; n < t->first_game + t->game_count; n++)
		if (!st->finished[n])
			out->games[out->count++] = n;
	randombytes_buf(out->deal_key, sizeof out->deal_key);
	out->keyed = true;
	return record_started(st, table, out->games, out->count, out->deal_key)
	       ? POOL_ERROR : POOL_TASK;
}

/* The source's next(): the schedule's next table with games not
 * finished.  A fixed schedule's tables are all seated from the start; a
 * Swiss's table of a round not seated yet makes the worker wait, and a
 * Swiss's table goes with its pair. */
static enum pool_next next_table(void *state, int worker,
				 struct table_source_table *out)
{
	struct tournament_state *st = state;
	int table = schedule_source_next(&st->source);

	(void)worker;
	if (table == SCHEDULE_SOURCE_WAIT)
		return POOL_WAIT;
	if (table == SCHEDULE_SOURCE_DONE)
		return POOL_DONE;
	if (!st->schedule->swiss.rounds)
		return hand_table(st, table, out);
	/* The results are in the manifest before the rounds they pair
	 * start. */
	if (manifest_ledger_write_finished(&st->ledger, st->err))
		return POOL_ERROR;
	out->pair = st->schedule->games[st->schedule->tables[table].first_game - 1].seating;
	return hand_table(st, table, out);
}

/* The source's ready(): a Swiss's round the workers waited for seated. */
static bool round_ready(void *state)
{
	return schedule_source_ready(&((struct tournament_state *)state)->source);
}

/* The source's still_waiting(): after a look at a sharded Swiss's
 * peers, which shard the round waits for. */
static void peers_waited(void *state, int waiting)
{
	struct tournament_state *st = state;

	(void)waiting;
	if (st->looked)
		tournament_peers_waiting(&st->source.peers, st->schedule->paired - 1);
}

/* The fields of a worker's "F" line after the ranks (worker.h), each
 * after a space: the forfeits ("-": none), and the reply times (added to
 * the bots' pending ones).  -1 when the line is not that. */
static int take_finished(struct tournament_state *st, long game, const char *fields,
			 struct game_figures *figures)
{
	int players = st->schedule->players;
	const int *bots = st->schedule->games[game - 1].seating;
	const char *p = fields;

	memset(figures, 0, sizeof *figures);
	for (int i = 0; i < 2 * players; i++) {
		int s = i % players;
		size_t len = *p == ' ' ? strcspn(++p, " ") : 0;
		char *reason;

		if (!len)
			return -1;
		if (i < players && (len > 1 || *p != '-')) {
			reason = strndup(p, len);
			figures->reason[s] = forfeit_reasons_number(&st->reasons, reason);
			free(reason);
		} else if (i >= players &&
			   reply_clocks_add_text(&st->ledger.replies.pending[bots[s]], p) != p + len) {
			return -1;
		}
		p += len;
	}
	st->ledger.replies.games++;
	return *p ? -1 : 0;
}

/* The source's line(): one line from a worker. */
static int handle(void *state, int worker, char *line)
{
	struct tournament_state *st = state;
	char *p = line + 2, *end;
	long game = strtol(p, &end, 10);

	(void)worker;

	switch (line[0]) {
	case 'F': {
		char hash[FILES_SHA256_HEX] = "";
		int rank[GAME_MAX_SEATS] = {0};
		int players = st->schedule->players;
		const int *bots;
		struct game_figures figures;
		const char *rest;
		int forfeits = 0;

		if (worker_read_finished(line, players, &game, hash, rank, &rest) ||
		    game < 1 || game > st->schedule->game_count ||
		    take_finished(st, game, rest, &figures))
			return errorf(st->err, "a worker's report of game %ld is "
				      "cut short", game);
		manifest_ledger_finished(&st->ledger, tournament_finished_entry(
			st, game, hash, rank, &figures, false));
		if (manifest_ledger_due(&st->ledger, false, st->err))
			return -1;
		schedule_source_finished(&st->source, game, rank);
		bots = st->schedule->games[game - 1].seating;
		for (int s = 0; s < players; s++) {
			if (st->no_start_game[bots[s]] != game)
				progress_started(st->run->progress, bots[s]);
			forfeits += figures.reason[s] != 0;
		}
		progress_game(st->run->progress, bots, rank, players, forfeits, false);
		if (!st->run->on_finished)
			return 0;
		if (manifest_ledger_write_finished(&st->ledger, st->err))
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
		progress_no_start(st->run->progress, bot, p + 1);
		return 0;
	}
	case 'E':
		return errorf(st->err, "game %ld: %s", game, end + 1);
	}
	return errorf(st->err, "a worker said something unexpected: %.80s", line);
}

static int stopped(struct tournament_state *st, int sig)
{
	char name[32];

	run_loop_signal_text(sig, name, sizeof name);
	return errorf(st->err, "stopped by %s; run again with --resume to finish", name);
}

/* The source's wait_ms(): how long the loop may sleep before the next
 * record is due, or, while a sharded Swiss's workers wait, the next look
 * at the peers (-1: until a worker writes). */
static long wait_ms(void *state, int waiting)
{
	struct tournament_state *st = state;
	long wait_ms = manifest_ledger_wait_ms(&st->ledger);
	long peers_ms = schedule_source_wait_ms(&st->source, waiting > 0);

	if (peers_ms >= 0 && (wait_ms < 0 || wait_ms > peers_ms))
		wait_ms = peers_ms;
	return wait_ms;
}

/* The source's woke(): the records due, and while a sharded Swiss's
 * round waits for its peers, their new results taken when the look is
 * due (the loop then hands the waiting workers the round they pair). */
static int woke(void *state, int waiting)
{
	struct tournament_state *st = state;

	st->looked = 0;
	if (manifest_ledger_due(&st->ledger, false, st->err))
		return -1;
	if (st->source.sharded && waiting &&
	    (st->looked = schedule_source_look_at_peers(&st->source, st->err)) < 0)
		return -1;
	return 0;
}

/* The schedule's source: a fixed schedule's (round robin, gauntlet)
 * every table seated from the start, which no worker waits for; a
 * Swiss's rounds seated one at a time, workers waiting for the next
 * meanwhile, a sharded one's from its peers' results too. */
static const struct table_source_ops tournament_ops = {
	.next = next_table, .line = handle, .wait_ms = wait_ms, .woke = woke,
	.ready = round_ready, .still_waiting = peers_waited,
};

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
		return manifest_ledger_due(&st->ledger, true, st->err) ||
		       tournament_record(st, manifest_complete_record(finished)) ||
		       run_manifest_sign(&st->ledger.run, st->run->key, st->err) ? -1 : 0;
	}
	if (st->ledger.run.journal) {
		/* A stopped run keeps what finished: no need to find it
		 * again in the logs when it is resumed.  Best effort: a
		 * failure here must not replace the error that stopped the
		 * run (the logs are there for --resume either way). */
		char ignored[ERR_LEN], *err = st->err;

		st->err = ignored;
		manifest_ledger_write_finished(&st->ledger, st->err);
		st->err = err;
	}
	return rc;
}

/* The workers, on the run's loop with the schedule's source, until
 * every game is played, an error or a stop signal. */
static int play_games(struct tournament_state *st)
{
	const struct tournament_run *run = st->run;
	const struct table_source source = {.ops = &tournament_ops, .state = st};
	struct run_loop loop = {
		.source = &source, .concurrency = run->concurrency, .err = st->err,
		.job = {.spec = st->spec, .schedule = st->schedule, .out_dir = run->out_dir,
			.key = run->key, .run_id = st->ledger.run.id, .lock_fd = run->lock_fd,
			.duplicate = st->spec->duplicate}};
	int rc;

	run_loop_begin(&loop);
	rc = run_loop_play(&loop);
	run_loop_end(&loop);
	return rc > 0 ? stopped(st, rc) : rc;
}

int tournament_play(const struct tournament_spec *spec,
		    struct schedule *schedule,
		    const struct tournament_run *run, char *err)
{
	struct tournament_state st = {
		.spec = spec, .schedule = schedule, .run = run, .err = err,
	};
	int rc;
	char *games = outdir_games(run->out_dir), *stderr_dir = outdir_stderr(run->out_dir);
	long total, done, left_out;

	schedule_source_init(&st.source, schedule, run);
	st.finished = st.source.finished;
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
	progress_start(run->progress, total, done, left_out);
	rc = play_games(&st);
	progress_finish(run->progress);
	rc = close_manifest(&st, rc);
out:
	manifest_ledger_free(&st.ledger);
	schedule_source_free(&st.source);
	free(st.aborted);
	free(st.no_start_game);
	forfeit_reasons_free(&st.reasons);
	free(st.unreplied);
	return rc == 1 ? 1 : rc ? -1 : 0;
}
