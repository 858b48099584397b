/*
 * Opening a tournament's manifest (tournament_state.h): a new run's is
 * created with its header; a resumed run's is reopened, the earlier run's
 * finished games, reasons and reply times taken back, the logs it left
 * unfinished recovered or set aside (a duplicate set played again whole),
 * and the bots it grew or took back recorded.
 */
#include <errno.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/util.h"
#include "base/verify.h"
#include "bot/contain.h"
#include "manifest/manifest.h"
#include "manifest/manifest_read.h"
#include "manifest/manifest_records.h"
#include "progress.h"
#include "tournament_state.h"
#include "tournament_types.h"
#include "verify/verify_cut.h"

/* The first record: of the first generation's bots (schedule.h), all of
 * them but in a resumed run that grows; "grown" records add the others;
 * the file's SHA-256, the one the source took (schedule_source_init()). */
static cJSON *header(const struct tournament_state *st, const unsigned char *id)
{
	const struct tournament_spec *spec = st->spec;
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
		.file_sha256 = *st->source.file_sha256 ? st->source.file_sha256 : NULL,
		.book_sha256 = spec->book.count ? spec->book.sha256 : NULL,
		.book_path = spec->book.path, .book_random = spec->book.random,
		.compress = spec->compress, .skip_broken = st->run->skip_broken,
		.containment = contain_summary(spec->limits.contain),
		.sandbox = spec->limits.sandbox,
	};

	for (int b = 0; b < first_bots; b++)
		names[b] = spec->bots[b].name;
	record = manifest_header_record(&h);
	free(names);
	return record;
}

/* A finished game's forfeits and, for the next "replies" record, its
 * reply times, from its log. */
static void add_log_replies(struct tournament_state *st, long game,
			    const struct game_log *log,
			    struct game_figures *figures)
{
	struct reply_clocks *replies[GAME_MAX_SEATS];
	const int *bots = st->schedule->games[game - 1].seating;

	for (int s = 0; s < st->schedule->players; s++)
		replies[s] = &st->ledger.replies.pending[bots[s]];
	game_figures_from_log(log, st->schedule->players, &st->reasons, figures, replies);
	st->ledger.replies.games++;
}

/* Where a resumed run sets an incomplete log of `game` aside (the
 * folder made if need be): games/aborted/, out of the reach of a glob of
 * the logs in games/ (the README verifies them so), numbered by how many
 * of the game's logs were set aside before.  NULL with st->err when the
 * folder cannot be made. */
static char *set_aside_path(struct tournament_state *st, long game)
{
	char *aside = outdir_aside(st->run->out_dir);
	int rc = files_mkdirs(aside, st->err);

	free(aside);
	return rc ? NULL : outdir_set_aside(st->run->out_dir, game, ++st->aborted[game]);
}

/* A complete log an earlier run left (settle_set()): its lines (and
 * their file's SHA-256) and ranks. */
struct leftover {
	struct game_log log;
	int ranks[GAME_MAX_SEATS];
};

/* The earlier run's deal of `game` that no log of the folder accounts
 * for yet: the last C its started records named of a game it did not
 * finish, and no "aborted" record names; or NULL. */
static const char *open_deal(const struct tournament_state *st, long game)
{
	const struct manifest_view *old = st->earlier;
	long last = game <= old->game_count ? st->last_started[game] : 0;
	const char *c = last ? old->started_commitments[last - 1] : NULL;

	return c && old->state[game] != MANIFEST_FINISHED && !verify_cut_names(old, game, c)
	       ? c : NULL;
}

/* The "aborted" record of the log of `game` set aside at `file` as its
 * st->aborted[game]th, whose name is put in *aside (a new string), with
 * the commitment C the log names: the one its started record named when
 * the log was cut before its own, or "" (a deal of revision 4). */
static int record_set_aside(struct tournament_state *st, long game, const char *file,
			    char **aside)
{
	const char *started = open_deal(st, game);
	char c[65];

	verify_cut_file_commitment(file, c);
	if (!*c && started)
		snprintf(c, 65, "%s", started);
	*aside = outdir_set_aside(NULL, game, st->aborted[game]);
	return tournament_record(st, manifest_aborted_record(game, *aside, c));
}

/* The log of `game` an earlier run moved into games/aborted/ but was
 * stopped before its "aborted" record was written (the next number there
 * is taken): listed now, *aside set, so that no later log of the game
 * takes its name.  0 (*aside left NULL when there is none), or -1. */
static int adopt_set_aside(struct tournament_state *st, long game, char **aside)
{
	char *moved = outdir_set_aside(st->run->out_dir, game, st->aborted[game] + 1);
	int rc = 0;

	if (!access(moved, F_OK)) {
		st->aborted[game]++;
		rc = record_set_aside(st, game, moved, aside);
	}
	free(moved);
	return rc;
}

/* A log an earlier run left for a game the manifest does not list as
 * finished: when it is `complete` (NULL: not to be recovered), the game
 * finished and the run stopped before the batch of its entry was written
 * (manifest.h), so the entry goes into this run's batch, marked
 * "recovered"; any other log is set aside in games/aborted/ with an
 * "aborted" record, under the name put in *aside (a new string). */
static int settle_leftover(struct tournament_state *st, long game,
			   const struct leftover *complete, char **aside)
{
	char *path = outdir_log(st->run->out_dir, game), *moved = NULL;
	struct game_figures figures;
	int rc = 0;

	if (access(path, F_OK)) {
		free(path);
		rc = adopt_set_aside(st, game, aside);
		/* Started, its C listed, but stopped before its log was
		 * made: the deal is listed as cut, with no log. */
		if (!rc && !*aside && open_deal(st, game))
			rc = tournament_record(st, manifest_aborted_record(game, NULL,
								open_deal(st, game)));
		return rc;
	}
	if (complete) {
		add_log_replies(st, game, &complete->log, &figures);
		manifest_ledger_finished(&st->ledger, tournament_finished_entry(
			st, game, complete->log.sha256, complete->ranks, &figures, true));
		schedule_source_finished(&st->source, game, complete->ranks);
	} else if (!(moved = set_aside_path(st, game))) {
		rc = -1;
	} else if (rename(path, moved)) {
		rc = errorf(st->err, "cannot set aside '%s': %s", path, strerror(errno));
	} else {
		rc = record_set_aside(st, game, moved, aside);
	}
	free(moved);
	free(path);
	return rc;
}

/* The leftover logs of the set whose first game is `first` (a game alone
 * without duplicate sets): recovered only when every game of the set the
 * manifest does not list as finished left a complete log, else all set
 * aside, the set to be played again whole (its S was never revealed),
 * and the run says so: a log set aside, or a set dealt again. */
static int settle_set(struct tournament_state *st, long first)
{
	long end = first + (st->spec->duplicate ? st->schedule->players : 1);
	struct leftover left[GAME_MAX_SEATS] = {0};
	char *aside[GAME_MAX_SEATS] = {NULL};
	bool recover;
	int rc = 0, count = 0;

	/* A Swiss's round is seated once the rounds before have finished:
	 * a log of a round not seated cannot be the game of its seats. */
	schedule_source_pair(&st->source);
	recover = schedule_table_seated(st->schedule, st->schedule->games[first - 1].table);
	/* Each log complete, verified with this run's key, every seat
	 * ranked. */
	for (long n = first; recover && n < end; n++) {
		struct leftover *l = &left[n - first];
		char *path = outdir_log(st->run->out_dir, n), verr[ERR_LEN];
		struct verify_summary summary;

		recover = st->finished[n] ||
			  (logread_load(path, &l->log, verr) == 0 &&
			   verify_log(&l->log, st->run->key->public_key, NULL, &summary, verr) == 0 &&
			   logread_ranks(&l->log, l->ranks, GAME_MAX_SEATS) == st->schedule->players);
		free(path);
	}
	for (long n = first; !recover && !rc && n < end; n++)
		if (st->finished[n])
			rc = errorf(st->err, "game %ld is finished but a game of its duplicate set left no complete log: the set cannot be played again whole",
				    n);
	for (long n = first; !rc && n < end; n++) {
		if (!st->finished[n])
			rc = settle_leftover(st, n, recover ? &left[n - first] : NULL,
					     &aside[count]);
		count += aside[count] != NULL;
	}
	if (!rc && count)
		progress_set_aside(st->run->progress, first, end - 1, aside, count);
	for (int k = 0; k < count; k++)
		free(aside[k]);
	for (long n = first; n < end; n++)
		logread_free(&left[n - first].log);
	return rc;
}

/* Whether each game a sharded Swiss's earlier run finished is of a
 * round its results and its peers' pair, seated as its manifest says
 * (its manifest alone cannot tell): 0, or -1 with st->err. */
static int earlier_seated(struct tournament_state *st, const struct manifest_view *old)
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
 * manifest_reopen() compared their headers and took its id): the
 * logs it set aside, its finished games, for the standings, the forfeit
 * reasons it met, and the games whose reply times no "replies" record
 * holds yet (moved out of `old`). */
static int take_earlier_run(struct tournament_state *st, struct manifest_view *old)
{
	int players = st->schedule->players, rank[GAME_MAX_SEATS];

	for (long g = 1; g <= old->game_count; g++) {
		st->aborted[g] = old->resume.set_aside[g];
		if (old->state[g] != MANIFEST_FINISHED)
			continue;
		for (int s = 0; s < players; s++)
			rank[s] = old->ranks[(size_t)g * (size_t)players + (size_t)s];
		schedule_source_finished(&st->source, g, rank);
	}
	/* A Swiss's rounds as the games finished pair them (manifest_read()
	 * checked that those games were seated so; a shard's, with its
	 * peers' results, below). */
	schedule_source_pair(&st->source);
	if (schedule_source_sync_peers(&st->source, st->err) < 0 || earlier_seated(st, old))
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
		progress_game(st->run->progress,
					       st->schedule->games[g - 1].seating, rank, players,
					       forfeits, true);
	}
	/* The run's reasons are numbered as the earlier run met them. */
	forfeit_reasons_free(&st->reasons);
	st->reasons = old->reasons;
	memset(&old->reasons, 0, sizeof old->reasons);
	st->unreplied = old->resume.unreplied;
	st->unreplied_count = old->resume.unreplied_count;
	old->resume.unreplied = NULL;
	return 0;
}

/* The reply times of the earlier run's games after its last "replies"
 * record (it stopped before the next one), read again from their logs. */
static void add_unreplied(struct tournament_state *st)
{
	for (size_t i = 0; i < st->unreplied_count; i++) {
		char *path = outdir_log(st->run->out_dir, st->unreplied[i]);
		struct game_figures figures;
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
static bool bot_played(const struct tournament_state *st, int bot)
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
static int record_versions(struct tournament_state *st, cJSON *versions)
{
	cJSON *r;
	int rc = 0;

	while (!rc && (r = cJSON_DetachItemFromArray(versions, 0))) {
		long b = (long)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(r, "bot"));

		if (bot_played(st, (int)b))
			progress_new_version(st->run->progress, (int)b);
		rc = tournament_record(st, r);
	}
	cJSON_Delete(versions);
	return rc;
}

/* The "grown" record of the bots the file added at the end of its list
 * since the earlier run `old`, and their tables' games: first of what
 * this run writes, after the signature when that run had finished. */
static int record_grown(struct tournament_state *st, const struct manifest_view *old)
{
	const struct schedule *schedule = st->schedule;
	int bots = old->name_count;

	if (bots == st->spec->bot_count)
		return 0;
	for (int b = bots; b < st->spec->bot_count; b++)
		progress_added(st->run->progress, b,
					   schedule_games_of(schedule, b) + 1,
					   schedule_games_of(schedule, b + 1));
	return tournament_record(st, manifest_grown_record(cJSON_GetObjectItemCaseSensitive(
							st->spec->file, "bots"),
						bots, old->game_count + 1,
						schedule->game_count));
}

/* Whether this run plays game `n` (of its shard, no bot of it left out):
 * by game number, the games of the schedule. */
static bool *games_played(const struct tournament_state *st)
{
	bool *plays = xcalloc((size_t)st->schedule->game_count + 1, sizeof *plays);

	for (long n = 1; n <= st->schedule->game_count; n++)
		plays[n] = schedule_source_in_shard(&st->source, st->schedule->games[n - 1].table) &&
			   !schedule_source_skipped(&st->source, st->schedule->games[n - 1].table);
	return plays;
}

/* A "back" record for each bot the earlier run `old` left out
 * (--skip-broken) that plays in this one (it passed its pre-flight): the
 * games a skipped record left out that it plays now, said, else they
 * would be played without a word. */
static int record_back(struct tournament_state *st, const struct manifest_view *old,
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
		progress_back(st->run->progress, b, count);
		rc = tournament_record(st, manifest_back_record(b, games, count));
	}
	free(games);
	return rc;
}

int tournament_open_manifest(struct tournament_state *st)
{
	struct manifest_view old;
	const char *dir = st->run->out_dir;
	cJSON *now, *versions;
	bool *plays;
	int rc;

	st->ledger.run.key = st->run->key;
	if (!st->run->resume) {
		randombytes_buf(st->ledger.run.id, sizeof st->ledger.run.id);
		return run_manifest_start(&st->ledger.run, dir, header(st, st->ledger.run.id),
					  st->err);
	}
	now = header(st, NULL);
	plays = games_played(st);
	rc = manifest_reopen(dir, now, plays, st->schedule->game_count, &old,
			     &st->ledger.run, &versions, st->err);
	cJSON_Delete(now);
	/* A resumed Swiss keeps out the bots its skipped records left out:
	 * its rounds were paired without them (swiss.h). */
	if (!rc && old.left_out && st->run->skipped) {
		for (int b = 0; b < old.name_count; b++)
			st->run->skipped[b] |= old.left_out[b];
		schedule_leave_out(st->schedule, st->run->skipped);
	}
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
	free(plays);
	if (!rc)
		rc = tournament_record(st, manifest_resumed_record());
	if (!rc)
		add_unreplied(st);
	st->earlier = &old;
	st->last_started = rc ? NULL : verify_cut_last_started(&old);
	for (long n = 1; !rc && n <= st->schedule->game_count; n++)
		if (schedule_source_in_shard(&st->source, st->schedule->games[n - 1].table) &&
		    schedule_set_first(st->schedule, st->spec->duplicate, n) == n)
			rc = settle_set(st, n);
	rc = rc ? rc : manifest_ledger_write_finished(&st->ledger, st->err);
	free(st->last_started);
	manifest_view_free(&old);
	st->earlier = NULL;
	if (rc) {
		cJSON_Delete(versions);
		return rc;
	}
	return record_versions(st, versions);
}

