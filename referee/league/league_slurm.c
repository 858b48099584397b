/*
 * A league run on Slurm: batches of tasks picked, submitted as job
 * arrays, waited for, their sets checked and counted; see league_slurm.h.
 */
#include "league/league_slurm.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/files.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/pool.h"
#include "base/util.h"
#include "league/league_cut.h"
#include "league/league_opened.h"
#include "league/league_pace.h"
#include "league/league_pick.h"
#include "league/league_rate.h"
#include "league/league_stale.h"
#include "league/league_task.h"
#include "manifest/run_manifest.h"
#include "match/match_set.h"

struct state {
	const struct league_run *run;
	const struct league_slurm *slurm;
	/* Opened in the folder's absolute path, as the elements get it;
	 * its place in run.jsonl. */
	struct league_opened opened;
	long next_game;               /* the next set's first game */
	long refused;                 /* games handed out, then not counted */
	long batches;
	long games, sets;             /* counted by this run */
	bool files_changed;           /* a version's, found before a batch */
	bool roster_changed;
	char *err;
};

static bool stopped(void)
{
	return pool_stopped() != 0;
}

/* Whether the run should hand out no more tasks: a stop, or a change of
 * the roster, which ends the run so that the next seats the league as it
 * is (league_run.c). */
static bool done(struct state *st)
{
	const struct league_run *r = st->run;

	return stopped() || st->files_changed ||
	       (r->max_games && st->next_game - 1 - st->refused >= r->max_games) ||
	       (r->until_ns && now_ns() >= r->until_ns) ||
	       (st->roster_changed = league_task_roster_changed(r->db, &st->opened.roster));
}

/* Sets the next task may hold (league_run_task_sets(): --batch, or
 * while resting the trickle's one), the refused sets' games not played. */
static int task_sets(const struct state *st)
{
	return league_run_task_sets(st->run, st->next_game - 1 - st->refused,
				    st->opened.rest.resting ? 1 : st->run->batch);
}

/* Whether a seat of task `t` is a version whose files changed since it
 * was added (said and noted: league_stale.h). */
static bool task_changed(struct state *st, const struct league_slurm_task *t)
{
	char now[65];

	for (int s = 0; s < st->run->players; s++)
		if (league_stale_changed(&t->seats[s], now)) {
			league_stale_found(st->run->dir, &t->seats[s], now, st->opened.number);
			return st->files_changed = true;
		}
	return false;
}

/* The next batch picked and written, each set's C and seats in
 * run.jsonl: 0, or -1 with st->err.  Each task's versions' files are
 * hashed again first: a task with a version whose files changed is not
 * submitted, and the run ends, so that the next leaves it out (the
 * array's logs, checked against each version's files, are the check
 * of the sets themselves: league_slurm_check.c). */
static int make_batch(struct state *st, struct league_slurm_batch *b)
{
	const struct league_run *r = st->run;
	unsigned char name[8];
	char hex[17];
	/* Resting, an array of one task: the trickle's set. */
	int tasks = st->opened.rest.resting ? 1 : r->concurrency, rc = 0;

	memset(b, 0, sizeof *b);
	b->players = r->players;
	b->tasks = xcalloc((size_t)tasks, sizeof *b->tasks);
	for (int sets; b->count < tasks && !done(st) && (sets = task_sets(st)) > 0;) {
		struct league_slurm_task *t = &b->tasks[b->count++];
		int seats[GAME_MAX_SEATS];

		sets = league_pick_next(&st->opened.pick, seats, sets, &t->slow);
		for (int s = 0; s < r->players; s++) {
			t->seats[s] = st->opened.rating.versions[st->opened.active[seats[s]]];
			t->active[s] = seats[s];
		}
		if (task_changed(st, t)) {
			b->count--;
			break;
		}
		t->first = st->next_game;
		t->sets = sets;
		st->next_game += (long)sets * r->players;
	}
	if (!b->count)
		return 0;
	randombytes_buf(b->key, sizeof b->key);
	randombytes_buf(name, sizeof name);
	hex_encode(hex, name, sizeof name);
	snprintf(b->name, sizeof b->name, "arena-league-%s", hex);
	rc = league_slurm_batch_write(b, st->opened.run_dir, ++st->batches, st->err);
	st->opened.manifest.seed = b->key;
	for (int i = 0; !rc && i < b->count; i++) {
		const struct league_version *v[GAME_MAX_SEATS];

		for (int s = 0; s < r->players; s++)
			v[s] = &b->tasks[i].seats[s];
		rc = league_task_started(&st->opened.manifest, r->db, st->opened.number,
					 b->tasks[i].first, b->tasks[i].sets, v, r->players, st->err);
	}
	return rc;
}

/* The checked set from `first` of task `t` listed finished, then entered
 * in the index in one transaction: 0, or -1 with st->err. */
static int count_set(struct state *st, const struct league_slurm_task *t, long first,
		     int ranks[][GAME_MAX_SEATS], int forfeits[][GAME_MAX_SEATS])
{
	int n = st->run->players;
	const struct league_version *seats[GAME_MAX_SEATS];

	for (int s = 0; s < n; s++)
		seats[s] = &t->seats[s];
	if (league_task_enter(st->run->db, &st->opened.manifest, st->opened.number, first, n, seats, ranks,
			      forfeits, st->err))
		return -1;
	st->games += n;
	st->sets++;
	return 0;
}

/* A set not counted: refused (`why`), its logs removed and listed as
 * dropped, said why; or cut by a stop (`why` NULL), its logs kept and
 * listed as cut (league_cut.h). */
static int drop_set(struct state *st, long first, const char *why)
{
	int n = st->run->players;
	char c[2 * FAIR_HASH_BYTES + 1];

	if (!why) {
		run_manifest_commitment(&st->opened.manifest, first, c);
		return league_cut_keep(&st->opened.manifest, st->opened.run_dir, first, n, c, st->err);
	}
	fprintf(stderr, "referee league: run %06ld: the set of games %ld to %ld is "
		"refused, not counted, and another is played in its place: %s\n",
		st->opened.number, first, first + n - 1, why);
	league_slurm_remove_set(st->opened.run_dir, first, n);
	if (!stopped())
		st->refused += n;
	return run_manifest_dropped(&st->opened.manifest, first, n, RUN_DROPPED_REFUSED, NULL,
				    st->err);
}

/* Whether a task of batch `b` has a version whose files changed (said
 * and noted). */
static bool batch_changed(struct state *st, const struct league_slurm_batch *b)
{
	for (int i = 0; i < b->count; i++)
		if (task_changed(st, &b->tasks[i]))
			return true;
	return false;
}

/* Each version of task `t`'s set charged the wall time of its replies in
 * the game of the set where they took longest: an element's own wall
 * time is not known (the array's includes its wait in the queue). */
static void charge_set(struct state *st, const struct league_slurm_task *t,
		       double seconds[][GAME_MAX_SEATS])
{
	int n = st->run->players;
	double most[GAME_MAX_SEATS] = {0};

	for (int k = 0; k < n; k++)
		for (int s = 0; s < n; s++) {
			int v = match_set_rotated(k, s, n);

			most[v] = seconds[k][s] > most[v] ? seconds[k][s] : most[v];
		}
	for (int v = 0; v < n; v++)
		league_opened_charge(&st->opened, t->active[v], most[v]);
}

/* Every set of the batch, once its array has gone: checked, then counted
 * or dropped.  0, or -1 with st->err. */
static int take_batch(struct state *st, const struct league_slurm_batch *b)
{
	const struct league_run *r = st->run;
	int n = r->players, rc = 0;
	long counted = st->sets;

	for (int i = 0; !rc && i < b->count; i++)
		for (int k = 0; !rc && k < b->tasks[i].sets; k++) {
			long first = b->tasks[i].first + (long)k * n;
			int ranks[GAME_MAX_SEATS][GAME_MAX_SEATS];
			int forfeits[GAME_MAX_SEATS][GAME_MAX_SEATS];
			double seconds[GAME_MAX_SEATS][GAME_MAX_SEATS];
			char why[ERR_LEN];
			char *log = outdir_play_log(st->opened.run_dir, first + n - 1);
			bool played = access(log, F_OK) == 0;
			int checked;

			free(log);
			if (!played && stopped())
				rc = drop_set(st, first, NULL);
			else if (!played)
				rc = drop_set(st, first, "the array did not play it (its "
					      "element's output: slurm-*.out in the run's folder)");
			else if (!(checked = league_slurm_check_set(st->opened.run_dir, b, &b->tasks[i],
					first, r->config.rules->name, r->config.options,
					r->config.key->public_key, ranks, forfeits, seconds, why))) {
				charge_set(st, &b->tasks[i], seconds);
				rc = count_set(st, &b->tasks[i], first, ranks, forfeits);
			}
			else  /* a set cut by a stop's cancel is no refusal */
				rc = drop_set(st, first, checked > 0 && stopped() ? NULL : why);
		}
	/* A batch whose sets were all refused for a version whose files
	 * changed under it ends the run as a change found before it would. */
	if (!rc && st->sets == counted && !stopped() && !batch_changed(st, b))
		rc = errorf(st->err, "the array of %s played no set that could be counted: "
			    "see its elements' output, %s/slurm-*.out", b->path, st->opened.run_dir);
	return rc;
}

/* After a batch: the ratings fitted again from the index and given to
 * the picker, whether the run rests decided (league_pace.h); resting,
 * only a minute after the last fit, as a local run. */
static int refit(struct state *st)
{
	const struct league_run *r = st->run;

	if (!st->opened.rest.resting || league_rest_refit_due(&st->opened.rest)) {
		if (league_opened_refit(&st->opened, r, st->err))
			return -1;
	}
	if (r->progress)
		r->progress(r->ctx, st->games, st->sets, st->opened.active_count, st->opened.rest.resting);
	return 0;
}

/* While resting: waits for the trickle's next set, the stop signal, the
 * clock and the roster looked at every second meanwhile.  Whether the
 * set is due (false: the run is done). */
static bool trickle_due(struct state *st)
{
	while (!done(st)) {
		int64_t left = st->opened.rest.next_set - now_ns();
		struct timespec pause = {.tv_sec = left >= 1000000000 ? 1 : 0,
					 .tv_nsec = left >= 1000000000 ? 0 : (long)left};

		if (league_rest_set_due(&st->opened.rest, st->run->trickle))
			return true;
		nanosleep(&pause, NULL);  /* a stop signal cuts it short */
	}
	return false;
}

/* Batches until a stop: each picked, submitted, waited for, counted,
 * then the ratings fitted again.  0, or -1 with st->err. */
static int play_batches(struct state *st, const char *dir)
{
	int rc = 0;

	while (!rc && !done(st)) {
		struct league_slurm_batch b;
		if (st->opened.rest.resting && !trickle_due(st))
			break;
		rc = make_batch(st, &b);
		if (!rc && !b.count) {
			league_slurm_batch_free(&b);
			break;
		}
		rc = rc ? rc : league_slurm_submit(st->slurm, &b, dir, stopped, st->err);
		/* Its array has gone: its tasks' lanes are free. */
		for (int i = 0; i < b.count; i++)
			league_pick_ended(&st->opened.pick, b.tasks[i].slow);
		rc = rc ? rc : take_batch(st, &b);
		rc = rc ? rc : refit(st);
		league_slurm_batch_free(&b);
	}
	return rc;
}

int league_slurm_play(const struct league_run *run, const struct league_slurm *slurm,
		      struct league_run_end *end, char *err)
{
	struct league_run r = *run;
	struct state st = {.run = &r, .slurm = slurm, .next_game = 1, .err = err};
	unsigned char deal_key[FAIR_HASH_BYTES];
	struct pool_stops stops;
	char *dir = realpath(run->dir, NULL);
	int rc, sig;

	if (!dir)
		return errorf(err, "%s: cannot resolve the folder's path", run->dir);
	/* The manifest's record of the run wants a key; each batch has its own. */
	randombytes_buf(deal_key, sizeof deal_key);
	r.config.deal_key = deal_key;
	r.config.place = &st.opened.place.place;  /* filled in by league_opened_begin() */
	pool_stops_begin(&stops, NULL, false);
	/* A stop is passed on to the script running (its trap cancels the array). */
	pool_stops_pass(league_slurm_stop_script);
	league_opened_init(&st.opened);
	rc = league_opened_begin(&st.opened, &r, dir, err);
	rc = rc ? rc : play_batches(&st, dir);
	/* Its last games graded, unless a stop signal or a new version ended
	 * it (league_run.c). */
	if (!rc && !stopped() && !st.roster_changed && !st.files_changed && st.opened.active)
		league_luck_grade(&st.opened.luck, r.db, dir);
	if (!rc && st.opened.manifest.journal)
		rc = league_opened_close(&st.opened, &r, err);
	sig = pool_stops_end(&stops);
	league_pace_clear(r.dir);
	*end = (struct league_run_end){
		.games = st.games, .roster_changed = st.roster_changed || st.files_changed,
		.full = r.max_games && st.next_game - 1 - st.refused >= r.max_games};
	sodium_memzero(deal_key, sizeof deal_key);
	league_opened_free(&st.opened);
	free(dir);
	return rc ? rc : sig;
}
