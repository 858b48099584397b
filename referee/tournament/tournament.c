/*
 * Running a tournament; see tournament.h.  The parent process owns the
 * manifest and hands tables to workers (worker.h); each finished game is
 * in its own signed log before the manifest records it, so a run killed
 * at any point resumes from the logs and the manifest alone.
 */
#include "tournament.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/ladder_stats.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/util.h"
#include "base/verify.h"
#include "bot/contain.h"
#include "manifest/manifest.h"
#include "manifest/manifest_ledger.h"
#include "manifest/manifest_read.h"
#include "manifest/manifest_records.h"
#include "manifest/manifest_replies.h"
#include "match/match_set.h"
#include "pool.h"
#include "table_source.h"
#include "tournament_duplicate.h"
#include "tournament_peers.h"
#include "verify/verify_cut.h"
#include "worker.h"

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

struct run_state {
	const struct tournament_spec *spec;
	struct schedule *schedule;    /* a Swiss's grows seated rounds */
	struct table_source source;   /* which table a worker plays next */
	const struct tournament_run *run;
	struct manifest_ledger ledger; /* the manifest */
	unsigned char id[FAIR_GAME_ID_BYTES]; /* the manifest's */
	bool *finished;         /* by game number: source.finished */
	struct worker **parked; /* a Swiss's workers waiting for a round */
	int parked_count;
	int *aborted;
	long *no_start_game;    /* by bot: the last game it did not start for */
	struct ladder_reasons reasons; /* forfeit reasons met in this run */
	long *unreplied;        /* an earlier run's games after its last
				 * "replies" record */
	size_t unreplied_count;
	/* An earlier run's deals that no log of the folder accounts for
	 * yet: the last C its started records named of each game it did
	 * not finish, and no "aborted" record names. */
	long open_deals;
	long *open_games;
	char (*open_commitments)[65];
	/* SIGINT and SIGTERM are blocked but in ppoll(), which waits with
	 * this mask: a stop signal never slips in between a check of
	 * stop_signal and the wait. */
	sigset_t wait_mask;
	char *err;
};

static int record(struct run_state *st, cJSON *r)
{
	return manifest_ledger_record(&st->ledger, r, st->err);
}

static int record_finished(struct run_state *st)
{
	return manifest_ledger_write_finished(&st->ledger, st->err);
}

static int record_due(struct run_state *st, bool final)
{
	return manifest_ledger_due(&st->ledger, final, st->err);
}

/* A "skipped" record for each bot left out of the run that has games
 * here still to play: those games, which this run does not start (a
 * Swiss's boards left empty by them, the first one's). */
static int record_skipped(struct run_state *st)
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
				    !st->finished[n] && table_source_in_shard(&st->source, g->table))
					games[count++] = n;
		}
		empty_told = true;
		/* A Swiss's says which bots its pairings leave out, games or
		 * not (a resumed one's, started this time, as before). */
		if (count || st->schedule->swiss.rounds)
			rc = record(st, manifest_skipped_record(b, st->run->skip_why[b]
				? st->run->skip_why[b] : "left out when the run began",
				games, count));
	}
	free(games);
	return rc;
}

/* The first record: of the first generation's bots (schedule.h), all of
 * them but in a resumed run that grows; "grown" records add the others. */
static cJSON *header(const struct run_state *st, const unsigned char *id)
{
	const struct tournament_spec *spec = st->spec;
	char hash[FILES_SHA256_HEX];
	int first_bots = st->schedule->first_bots;
	char **names = xcalloc((size_t)first_bots, sizeof *names);
	cJSON *record;
	struct manifest_header h = {
		.id = id, .name = spec->name, .game = spec->rules->name,
		.players = spec->players,
		.schedule_games = schedule_games_of(st->schedule, first_bots),
		.bots = names, .bot_count = first_bots,
		.shard_index = st->run->shard_index,
		.shard_count = st->run->shard_count, .file = spec->file,
		.book_sha256 = spec->book.count ? spec->book.sha256 : NULL,
		.book_path = spec->book.path, .book_random = spec->book.random,
		.compress = spec->compress, .skip_broken = st->run->skip_broken,
		.containment = contain_summary(spec->limits.contain),
		.sandbox = spec->limits.sandbox,
	};

	for (int b = 0; b < first_bots; b++)
		names[b] = spec->bots[b].name;
	if (files_sha256(AT_FDCWD, st->run->file, hash) == 0)
		h.file_sha256 = hash;
	record = manifest_header_record(&h);
	free(names);
	return record;
}

/* A finished game's entry in a finished record, with its forfeits
 * (`figures`). */
static cJSON *finished_entry(const struct run_state *st, long game,
			     const char *sha256, const int *ranks,
			     const struct ladder_game_stats *figures, bool recovered)
{
	struct manifest_game g = {
		.game = game, .players = st->schedule->players,
		.seats = st->schedule->games[game - 1].seating, .sha256 = sha256,
		.ranks = ranks, .reason = figures->reason, .reasons = &st->reasons,
		.recovered = recovered,
	};

	return manifest_finished_game(&g);
}

/* The bots at the seats of game `game`, by bot number. */
static void seated_bots(const struct run_state *st, long game, int *bots)
{
	for (int s = 0; s < st->schedule->players; s++)
		bots[s] = st->schedule->games[game - 1].seating[s];
}

/* A finished game's forfeits and, for the next "replies" record, its
 * reply times, from its log. */
static void add_log_replies(struct run_state *st, long game,
			    const struct game_log *log,
			    struct ladder_game_stats *figures)
{
	struct reply_clocks *replies[GAME_MAX_SEATS];
	int bots[GAME_MAX_SEATS];

	seated_bots(st, game, bots);
	for (int s = 0; s < st->schedule->players; s++)
		replies[s] = &st->ledger.replies.pending[bots[s]];
	ladder_stats_from_log(log, st->schedule->players, &st->reasons, figures, replies);
	st->ledger.replies.games++;
}

/* Where a resumed run sets an incomplete log of `game` aside (the
 * folder made if need be): games/aborted/, out of the reach of a glob of
 * the logs in games/ (the README verifies them so), numbered by how many
 * of the game's logs were set aside before.  NULL with st->err when the
 * folder cannot be made. */
static char *set_aside_path(struct run_state *st, long game)
{
	char *aside = outdir_aside(st->run->out_dir);
	int rc = files_mkdirs(aside, st->err);

	free(aside);
	return rc ? NULL : outdir_set_aside(st->run->out_dir, game, ++st->aborted[game]);
}

/* Whether the log at `path` is complete, verifies with this run's key and
 * ranks every seat (loaded into *log, its hash into hash). */
static bool leftover_complete(struct run_state *st, const char *path,
			      struct game_log *log, char *hash, int *ranks)
{
	struct verify_summary summary;
	char verr[ERR_LEN];

	return logread_load(path, log, verr) == 0 &&
	       verify_log(log, st->run->key->public_key, NULL, &summary, verr) == 0 &&
	       files_sha256(AT_FDCWD, path, hash) == 0 &&
	       logread_ranks(log, ranks, GAME_MAX_SEATS) == st->schedule->players;
}

/* A log an earlier run left for a game the manifest does not list as
 * finished: when `recover` and it is complete, the game finished and the
 * run stopped before the batch of its entry was written (manifest.h), so
 * the entry goes into this run's batch, marked "recovered"; any other log
 * is set aside in games/aborted/ with an "aborted" record, under the name
 * put in *aside (a new string). */
/* The earlier run's deal of `game` that no log accounts for yet, or
 * NULL. */
static const char *open_deal(const struct run_state *st, long game)
{
	for (long i = 0; i < st->open_deals; i++)
		if (st->open_games[i] == game)
			return st->open_commitments[i];
	return NULL;
}

/* The commitment C a cut log names, for its "aborted" record: the one
 * its started record named when the log was cut before its own, or ""
 * (a deal of revision 4). */
static void leftover_commitment(const struct run_state *st, long game,
				const char *path, char c[65])
{
	const char *started = open_deal(st, game);

	verify_cut_file_commitment(path, c);
	if (!*c && started)
		snprintf(c, 65, "%s", started);
}

static int settle_leftover(struct run_state *st, long game, bool recover, char **aside)
{
	char *path = outdir_log(st->run->out_dir, game), *moved = NULL;
	char hash[FILES_SHA256_HEX];
	struct ladder_game_stats figures;
	struct game_log log = {0};
	int rc = 0, ranks[GAME_MAX_SEATS];

	if (access(path, F_OK)) {
		/* Started, its C listed, but stopped before its log was
		 * made: the deal is listed as cut, with no log. */
		if (open_deal(st, game))
			rc = record(st, manifest_aborted_record(game, NULL,
								open_deal(st, game)));
		free(path);
		return rc;
	}
	if (recover && leftover_complete(st, path, &log, hash, ranks)) {
		add_log_replies(st, game, &log, &figures);
		manifest_ledger_finished(&st->ledger, finished_entry(st, game, hash, ranks,
							      &figures, true));
		table_source_finished(&st->source, game, ranks);
	} else if (!(moved = set_aside_path(st, game))) {
		rc = -1;
	} else {
		char c[65];

		leftover_commitment(st, game, path, c);
		if (rename(path, moved)) {
			rc = errorf(st->err, "cannot set aside '%s': %s", path,
				    strerror(errno));
		} else {
			*aside = outdir_set_aside(NULL, game, st->aborted[game]);
			rc = record(st, manifest_aborted_record(game, *aside, c));
		}
	}
	if (log.lines)
		logread_free(&log);
	free(moved);
	free(path);
	return rc;
}

/* The leftover logs of the set whose first game is `first` (a game alone
 * without duplicate sets): recovered only when every game of the set the
 * manifest does not list as finished left a complete log, else all set
 * aside, the set to be played again whole (its S was never revealed),
 * and the run says so: a log set aside, or a set dealt again. */
static int settle_set(struct run_state *st, long first)
{
	long end = first + (st->spec->duplicate ? st->schedule->players : 1);
	const struct tournament_events *events = st->run->events;
	char *aside[GAME_MAX_SEATS] = {NULL};
	bool recover;
	int rc = 0, count = 0;

	/* A Swiss's round is seated once the rounds before have finished:
	 * a log of a round not seated cannot be the game of its seats. */
	table_source_pair(&st->source);
	recover = schedule_table_seated(st->schedule, st->schedule->games[first - 1].table);
	for (long n = first; recover && n < end; n++) {
		char *path = outdir_log(st->run->out_dir, n), hash[FILES_SHA256_HEX];
		struct game_log log = {0};
		int ranks[GAME_MAX_SEATS];

		recover = st->finished[n] || leftover_complete(st, path, &log, hash, ranks);
		if (log.lines)
			logread_free(&log);
		free(path);
	}
	for (long n = first; !recover && n < end; n++)
		if (st->finished[n])
			return errorf(st->err, "game %ld is finished but a game of its duplicate set left no complete log: the set cannot be played again whole",
				      n);
	for (long n = first; !rc && n < end; n++) {
		if (!st->finished[n])
			rc = settle_leftover(st, n, recover, &aside[count]);
		count += aside[count] != NULL;
	}
	if (!rc && count && st->spec->duplicate)
		events->set_set_aside(events->ctx, first, end - 1, aside, count);
	else if (!rc && count)
		events->log_set_aside(events->ctx, first, aside[0]);
	for (int k = 0; k < count; k++)
		free(aside[k]);
	return rc;
}

/* Whether each game a sharded Swiss's earlier run finished is of a
 * round its results and its peers' pair, seated as its manifest says
 * (its manifest alone cannot tell): 0, or -1 with st->err. */
static int earlier_seated(struct run_state *st, const struct manifest_view *old)
{
	for (long g = 1; st->source.sharded && g <= old->game_count; g++) {
		const struct scheduled_game *game = &st->schedule->games[g - 1];

		if (old->state[g] != MANIFEST_FINISHED)
			continue;
		if (!schedule_table_seated(st->schedule, game->table))
			return errorf(st->err, "cannot resume %s: game %ld finished, "
				      "but the results of the round before it are "
				      "not all in the shards' folders beside it",
				      st->run->out_dir, g);
		if (old->seats[2 * g] != game->seating[0] ||
		    old->seats[2 * g + 1] != game->seating[1])
			return errorf(st->err, "cannot resume %s: game %ld seats "
				      "'%s' and '%s', not the Swiss pairing made from "
				      "the results of every shard", st->run->out_dir, g,
				      old->names[old->seats[2 * g]],
				      old->names[old->seats[2 * g + 1]]);
	}
	return 0;
}

/* What a resumed run takes of the earlier run's manifest `old` (of this
 * run's schedule, or of its first generations when bots were added:
 * manifest_reopen() compared their headers): its id, the
 * logs it set aside, its finished games, for the standings, the forfeit
 * reasons it met, and the games whose reply times no "replies" record
 * holds yet (moved out of `old`). */
static int take_earlier_run(struct run_state *st, struct manifest_view *old)
{
	int players = st->schedule->players, rank[GAME_MAX_SEATS], bots[GAME_MAX_SEATS];

	long *last = verify_cut_last_started(old);

	memcpy(st->id, old->id, sizeof st->id);
	for (long g = 1; g <= old->game_count; g++) {
		const char *c = last[g] ? old->started_commitments[last[g] - 1] : NULL;

		if (c && old->state[g] != MANIFEST_FINISHED && !verify_cut_names(old, g, c)) {
			st->open_games = xrealloc(st->open_games, (size_t)(st->open_deals + 1) *
						  sizeof *st->open_games);
			st->open_commitments = xrealloc(st->open_commitments,
							(size_t)(st->open_deals + 1) *
							sizeof *st->open_commitments);
			st->open_games[st->open_deals] = g;
			memcpy(st->open_commitments[st->open_deals++], c, 65);
		}
		st->aborted[g] = old->resume.set_aside[g];
		if (old->state[g] != MANIFEST_FINISHED)
			continue;
		for (int s = 0; s < players; s++)
			rank[s] = old->ranks[(size_t)g * (size_t)players + (size_t)s];
		table_source_finished(&st->source, g, rank);
	}
	free(last);
	/* A Swiss's rounds as the games finished pair them (manifest_read()
	 * checked that those games were seated so; a shard's, with its
	 * peers' results, below). */
	table_source_pair(&st->source);
	if (table_source_sync_peers(&st->source, st->err) < 0 || earlier_seated(st, old))
		return -1;
	for (long g = 1; g <= old->game_count; g++) {
		const unsigned char *reason = &old->forfeit[(size_t)g * (size_t)players];
		int forfeits = 0;

		if (old->state[g] != MANIFEST_FINISHED)
			continue;
		for (int s = 0; s < players; s++) {
			rank[s] = old->ranks[(size_t)g * (size_t)players + (size_t)s];
			forfeits += reason[s] != 0;
		}
		seated_bots(st, g, bots);
		st->run->events->game_finished(st->run->events->ctx, bots, rank, players,
					       forfeits, true);
	}
	/* The run's reasons are numbered as the earlier run met them. */
	ladder_reasons_free(&st->reasons);
	st->reasons = old->reasons;
	memset(&old->reasons, 0, sizeof old->reasons);
	st->unreplied = old->resume.unreplied;
	st->unreplied_count = old->resume.unreplied_count;
	old->resume.unreplied = NULL;
	return 0;
}

/* The reply times of the earlier run's games after its last "replies"
 * record (it stopped before the next one), read again from their logs. */
static void add_unreplied(struct run_state *st)
{
	for (size_t i = 0; i < st->unreplied_count; i++) {
		char *path = outdir_log(st->run->out_dir, st->unreplied[i]);
		struct ladder_game_stats figures;
		struct game_log log;
		char err[ERR_LEN];

		if (!logread_load(path, &log, err)) {
			add_log_replies(st, st->unreplied[i], &log, &figures);
			logread_free(&log);
		}
		free(path);
	}
	st->unreplied_count = 0;
}

/* Whether bot `bot` played a game the run has finished. */
static bool bot_played(const struct run_state *st, int bot)
{
	for (long n = 1; n <= st->schedule->game_count; n++)
		for (int s = 0; st->finished[n] && s < st->schedule->players; s++)
			if (st->schedule->games[n - 1].seating[s] == bot)
				return true;
	return false;
}

/* The "bot" records of the bots whose entry the file changed since the
 * run was stopped (consumed): after every game their earlier version
 * played, so that each game finished after one was played by it.  A new
 * version is said of a bot that played (one left out until now played
 * no version). */
static int record_versions(struct run_state *st, cJSON *versions)
{
	cJSON *r;
	int rc = 0;

	while (!rc && (r = cJSON_DetachItemFromArray(versions, 0))) {
		long b = (long)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(r, "bot"));

		if (bot_played(st, (int)b))
			st->run->events->bot_new_version(st->run->events->ctx, (int)b);
		rc = record(st, r);
	}
	cJSON_Delete(versions);
	return rc;
}

/* The "grown" record of the bots the file added at the end of its list
 * since the earlier run `old`, and their tables' games: first of what
 * this run writes, after the signature when that run had finished. */
static int record_grown(struct run_state *st, const struct manifest_view *old)
{
	const struct schedule *schedule = st->schedule;
	int bots = old->name_count;

	if (bots == st->spec->bot_count)
		return 0;
	for (int b = bots; b < st->spec->bot_count; b++)
		st->run->events->bot_added(st->run->events->ctx, b,
					   schedule_games_of(schedule, b) + 1,
					   schedule_games_of(schedule, b + 1));
	return record(st, manifest_grown_record(cJSON_GetObjectItemCaseSensitive(
							st->spec->file, "bots"),
						bots, old->game_count + 1,
						schedule->game_count));
}

/* Whether this run plays game `n` (of its shard, no bot of it left out):
 * by game number, the games of the schedule. */
static bool *games_played(const struct run_state *st)
{
	bool *plays = xcalloc((size_t)st->schedule->game_count + 1, sizeof *plays);

	for (long n = 1; n <= st->schedule->game_count; n++)
		plays[n] = table_source_in_shard(&st->source, st->schedule->games[n - 1].table) &&
			   !table_source_skipped(&st->source, st->schedule->games[n - 1].table);
	return plays;
}

/* A "back" record for each bot the earlier run `old` left out
 * (--skip-broken) that plays in this one (it passed its pre-flight): the
 * games a skipped record left out that it plays now, said, else they
 * would be played without a word. */
static int record_back(struct run_state *st, const struct manifest_view *old,
		       const bool *plays)
{
	long *games = xmalloc((size_t)(old->game_count + 1) * sizeof *games);
	int rc = 0;

	for (int k = 0; !rc && k < old->resume.skipped_count; k++) {
		int b = old->resume.skipped[k], count = 0;
		bool told = false;

		for (int j = 0; j < k; j++)
			told |= old->resume.skipped[j] == b;
		for (long n = 1; !told && n <= old->game_count; n++)
			for (int s = 0; s < st->schedule->players; s++)
				if (st->schedule->games[n - 1].seating[s] == b &&
				    old->state[n] == MANIFEST_SKIPPED && plays[n])
					games[count++] = n;
		if (!count)
			continue;
		st->run->events->bot_back(st->run->events->ctx, b, count);
		rc = record(st, manifest_back_record(b, games, count));
	}
	free(games);
	return rc;
}

/* 0, or 1 when a resumed run's manifest is signed: nothing left to play. */
static int open_manifest(struct run_state *st)
{
	struct manifest_view old;
	const char *dir = st->run->out_dir;
	cJSON *now, *versions;
	bool *plays;
	int rc;

	if (!st->run->resume) {
		randombytes_buf(st->id, sizeof st->id);
		st->ledger.journal = manifest_create(dir, header(st, st->id), st->err);
		if (!st->ledger.journal)
			return -1;
		return 0;
	}
	now = header(st, NULL);
	plays = games_played(st);
	rc = manifest_reopen(dir, now, plays, st->schedule->game_count, &old,
			     &st->ledger.journal, &versions, st->err);
	cJSON_Delete(now);
	/* Its games are the first generations' of this run's schedule (and
	 * no more than st->finished holds). */
	if (!rc && schedule_games_of(st->schedule, old.name_count) != old.game_count)
		rc = errorf(st->err, "cannot resume %s: its schedule has %ld games, "
			    "not the %ld its %d bots have here", dir, old.game_count,
			    schedule_games_of(st->schedule, old.name_count),
			    old.name_count);
	if (!rc && *old.file_sha256)
		memcpy(st->source.file_sha256, old.file_sha256, sizeof st->source.file_sha256);
	if (!rc)
		rc = take_earlier_run(st, &old);
	if (!rc)
		rc = record_grown(st, &old);
	if (!rc)
		rc = record_back(st, &old, plays);
	manifest_view_free(&old);
	free(plays);
	if (rc) {
		cJSON_Delete(versions);
		return rc;
	}
	rc = record(st, manifest_resumed_record());
	if (!rc)
		add_unreplied(st);
	for (long n = 1; !rc && n <= st->schedule->game_count; n++)
		if (table_source_in_shard(&st->source, st->schedule->games[n - 1].table) &&
		    tournament_duplicate_first(st->spec, st->schedule, n) == n)
			rc = settle_set(st, n);
	rc = rc ? rc : record_finished(st);
	if (rc) {
		cJSON_Delete(versions);
		return rc;
	}
	return record_versions(st, versions);
}

/* The "started" record of a table's games, on disk before the worker
 * plays them: each game's commitment C (a set's, for each of its games),
 * from the secrets `deal_key` gives them, so that a game the referee then
 * drops, or deals again, stays visible as started with the C its bots
 * were sent (docs/FAIRNESS.md, revision 5). */
static int record_started(struct run_state *st, int table, const long *games,
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
static int dispatch(struct run_state *st, struct worker *w)
{
	int table = table_source_next(&st->source), count = 0, rc;
	const struct schedule_table *t;
	unsigned char deal_key[FAIR_HASH_BYTES];
	long *games;

	if (table == TABLE_SOURCE_WAIT) {
		st->parked[st->parked_count++] = w;
		return 0;
	}
	if (table == TABLE_SOURCE_DONE) {
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
	rc = st->schedule->swiss.rounds ? record_finished(st) : 0;
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
static int unpark(struct run_state *st)
{
	int count = st->parked_count, rc = 0;
	struct worker **waiting;

	if (!count || !table_source_ready(&st->source))
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
static int wait_for_peers(struct run_state *st)
{
	int looked = table_source_look_at_peers(&st->source, st->err);

	if (looked < 0 || (looked && unpark(st)))
		return -1;
	if (looked && st->parked_count)
		tournament_peers_waiting(&st->source.peers, st->schedule->paired - 1);
	return 0;
}

/* The fields of a worker's "F" line after the hash (worker.h), each
 * after a space: the ranks, the forfeits ("-": none), and the reply times
 * (added to the bots' pending ones).  -1 when the line is not that. */
static int take_finished(struct run_state *st, long game, const char *fields,
			 int *rank, struct ladder_game_stats *figures)
{
	int players = st->schedule->players, bots[GAME_MAX_SEATS];
	const char *p = fields;

	memset(figures, 0, sizeof *figures);
	seated_bots(st, game, bots);
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
	struct run_state *st = ctx;
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
		manifest_ledger_finished(&st->ledger, finished_entry(st, game, hash, rank,
							      &figures, false));
		if (record_due(st, false))
			return -1;
		table_source_finished(&st->source, game, rank);
		if (unpark(st))
			return -1;
		seated_bots(st, game, bots);
		for (int s = 0; s < players; s++)
			if (st->no_start_game[bots[s]] != game)
				st->run->events->bot_started(st->run->events->ctx, bots[s]);
		st->run->events->game_finished(st->run->events->ctx, bots, rank, players,
					       ladder_stats_forfeits(&figures, players), false);
		if (!st->run->on_finished)
			return 0;
		if (record_finished(st))
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
static int stopped(struct run_state *st, int sig)
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
		   : errorf(((struct run_state *)ctx)->err, "a worker died unexpectedly");
}

/* The pool's: how long it may wait before the next record or look at the
 * peers is due (-1: until a worker writes). */
static long wait_ms(void *ctx)
{
	struct run_state *st = ctx;
	long wait_ms = manifest_ledger_wait_ms(&st->ledger);
	long peers_ms = table_source_wait_ms(&st->source, st->parked_count > 0);

	if (peers_ms >= 0 && (wait_ms < 0 || wait_ms > peers_ms))
		wait_ms = peers_ms;
	return wait_ms;
}

/* The pool's, after each wait: a stop signal, records due, the peers. */
static int woke(void *ctx)
{
	struct run_state *st = ctx;

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
static int run_pool(struct run_state *st, struct worker *workers, int count)
{
	const struct pool_ops ops = {.handle = handle, .gone = worker_gone,
				     .wait_ms = wait_ms, .woke = woke,
				     .wait_mask = &st->wait_mask};
	int rc = 0;

	for (int i = 0; i < count && !rc; i++)
		rc = dispatch(st, &workers[i]);
	return rc ? rc : pool_run(workers, count, &ops, st, st->err);
}

/* The games of the schedule (of this shard): all of them, those finished,
 * and those of the bots left out not finished.  Every game counts, those
 * of the bots left out too: the report and the ladder count them so. */
static void count_games(const struct run_state *st, long *total, long *done,
			long *left_out)
{
	const struct schedule *schedule = st->schedule;

	*total = *done = *left_out = 0;
	for (long n = 1; n <= schedule->game_count; n++)
		if (table_source_in_shard(&st->source, schedule->games[n - 1].table)) {
			(*total)++;
			*done += st->finished[n];
			*left_out += !st->finished[n] &&
				     table_source_skipped(&st->source,
							  schedule->games[n - 1].table);
		}
}

/* The manifest at the end of the pool's run, whose result is `rc`: once
 * every game has finished, its last records and the signature; else what
 * finished.  Returns the run's result. */
static int close_manifest(struct run_state *st, int rc)
{
	if (!rc) {
		long total, finished, left_out;

		count_games(st, &total, &finished, &left_out);
		return record_due(st, true) || record(st, manifest_complete_record(finished)) ||
		       journal_sign(st->ledger.journal, st->run->key, st->id, st->err) ? -1 : 0;
	}
	if (st->ledger.journal) {
		/* A stopped run keeps what finished: no need to find it
		 * again in the logs when it is resumed.  Best effort: a
		 * failure here must not replace the error that stopped the
		 * run (the logs are there for --resume either way). */
		char ignored[ERR_LEN], *err = st->err;

		st->err = ignored;
		record_finished(st);
		st->err = err;
	}
	return rc;
}

int tournament_play(const struct tournament_spec *spec,
		    struct schedule *schedule,
		    const struct tournament_run *run, char *err)
{
	struct run_state st = {
		.spec = spec, .schedule = schedule, .run = run, .err = err,
	};
	struct worker_job job = {.spec = spec, .schedule = schedule,
				 .out_dir = run->out_dir, .key = run->key,
				 .lock_fd = run->lock_fd};
	struct sigaction sa = {.sa_handler = on_stop}, old_int, old_term;
	sigset_t stops;
	struct worker *workers = xcalloc((size_t)run->concurrency, sizeof *workers);
	int count = 0, rc;
	char *games = outdir_games(run->out_dir), *stderr_dir = outdir_stderr(run->out_dir);
	long total, done, left_out;

	table_source_init(&st.source, schedule, &(const struct table_source_run){
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
	rc = rc ? rc : open_manifest(&st);
	rc = rc ? rc : record_skipped(&st);
	if (rc)
		goto out;
	count_games(&st, &total, &done, &left_out);
	run->events->games_start(run->events->ctx, total, done, left_out);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigemptyset(&stops);
	sigaddset(&stops, SIGINT);
	sigaddset(&stops, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &stops, &st.wait_mask);
	for (int i = 0; i < run->concurrency && !rc; i++)
		if (!(rc = worker_start(&workers[i], &job, err)))
			count++;
	rc = rc ? rc : run_pool(&st, workers, count);
	for (int i = 0; i < count; i++)
		if (workers[i].pid)
			worker_kill(&workers[i]);
	/* Unblocked while our handler is still there: a signal pending
	 * now only sets stop_signal. */
	pthread_sigmask(SIG_SETMASK, &st.wait_mask, NULL);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	run->events->games_end(run->events->ctx);
	rc = close_manifest(&st, rc);
out:
	manifest_ledger_free(&st.ledger);
	free(workers);
	table_source_free(&st.source);
	free(st.parked);
	free(st.aborted);
	free(st.open_games);
	free(st.open_commitments);
	free(st.no_start_game);
	ladder_reasons_free(&st.reasons);
	free(st.unreplied);
	return rc == 1 ? 1 : rc ? -1 : 0;
}
