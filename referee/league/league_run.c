/*
 * A league run's tasks on workers; see league_run.h.  The league's
 * source (league_source: hand_out() and handle()) is filled in here, in
 * the league's room, and handed down to the run's loop, which never
 * calls up.  A "T table games" message (a task: its sets' games, in
 * order) names the versions in its table number: seat s's active
 * version is digit s of it in base `active` (the worker has the list of
 * active versions, copied when it was forked).
 */
#include "league/league_run.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/util.h"
#include "league/league_cut.h"
#include "league/league_opened.h"
#include "league/league_pace.h"
#include "league/league_pick.h"
#include "league/league_rate.h"
#include "league/league_stale.h"
#include "league/league_task.h"
#include "manifest/run_manifest.h"
#include "run/run_loop.h"
#include "run/worker.h"

/* A worker's task as the run keeps it. */
struct task {
	long first;                   /* its set's first game (0: none) */
	int left;                     /* the sets of its task after that one */
	int seats[GAME_MAX_SEATS];    /* active versions */
	int ranks[GAME_MAX_SEATS][GAME_MAX_SEATS];    /* by game, seat */
	int forfeits[GAME_MAX_SEATS][GAME_MAX_SEATS]; /* likewise: 1 forfeited */
	int ended;                    /* games of the set reported */
	int64_t set_began;            /* now_ns() its set began (its task's
				       * first: when it was handed out) */
	bool slow;                    /* its task seats a slow version
				       * (league_pick.h) */
};

struct state {
	const struct league_run *run;
	struct league_opened opened;  /* its place in its config */
	long next_game;               /* the next set's first game */
	long games, sets;             /* entered by this run */
	bool roster_changed;
	bool files_changed;           /* a version's, found before a set */
	bool signalled;               /* ended by a stop signal */
	int64_t next_look;            /* while resting: now_ns() of the next
				       * look at the roster */
	int since_refit;              /* sets entered since the last refit */
	struct task *tasks;           /* by worker */
	struct table_source source;   /* the league's, for the run's loop */
	struct run_loop loop;
	char *err;
};

#define LEAGUE_REFIT_SHARE 100

/* While resting, the roster and the clock are looked at this often. */
#define LEAGUE_LOOK_NS 1000000000LL

/* The seat of `v` (n versions) whose files changed, said to the run
 * ("X first seat hash": the set from `first` and the task's sets after
 * it not played), or -1 when each seat's files are its version's. */
static int changed_seat(int out, const struct league_version *const *v, int n, long first)
{
	char now[65];

	for (int s = 0; s < n; s++)
		if (league_stale_changed(v[s], now)) {
			worker_say(out, "X %ld %d %s\n", first, s, now);
			return s;
		}
	return -1;
}

/* The worker's play function: a task, the duplicate sets `games` (whole
 * sets, one after the other) of the versions that `table` names, all on
 * the same processes, started for the task and stopped after it; each
 * set reported once its logs are signed.  Before each set, each seat's
 * files are hashed again: a set of a version whose files changed is not
 * played, nor are the task's after it; and after it, since a lane's
 * process started during the set runs the files then there: a set whose
 * files changed while it played is not reported finished (the run keeps
 * its logs as a cut set's). */
static void play_task(const struct worker_job *job, int table, const long *games,
		      int count, const unsigned char *deal_key, int out)
{
	const struct state *st = job->ctx;
	int n = st->run->players, code = table;
	struct match_entrant entrants[GAME_MAX_SEATS];
	struct game_outcome outcomes[GAME_MAX_SEATS];
	struct match *lanes[GAME_MAX_SEATS] = {0};
	const struct league_version *v[GAME_MAX_SEATS];
	char err[ERR_LEN];
	int rc = 0;
	long failed = games[0];

	(void)deal_key;  /* the run's is in the config, for every set */
	for (int s = 0; s < n; s++, code /= st->opened.active_count) {
		v[s] = &st->opened.rating.versions[st->opened.active[code % st->opened.active_count]];
		entrants[s] = league_task_entrant(st->run->dir, v[s], job->number, &st->run->limits);
	}
	if (count < n || count % n)
		rc = errorf(err, "a task of %d-game sets was handed %d games", n, count);
	else if (changed_seat(out, v, n, games[0]) >= 0)
		count = 0;
	else if (!(lanes[0] = match_start(&st->run->config, entrants, n, err)))
		rc = -1;
	for (int g = 0; !rc && g < count; g += n) {
		if (g && changed_seat(out, v, n, games[g]) >= 0)
			break;
		if ((rc = league_task_play_set(&st->run->config, st->opened.run_dir, lanes, n, games[g],
						job->duplicate, outcomes, err))) {
			failed = games[g];
			break;
		}
		if (changed_seat(out, v, n, games[g]) >= 0)
			break;
		for (int k = 0; k < n; k++)
			worker_finished(out, games[g + k], "-", &outcomes[k], n);
	}
	match_finish_lanes(lanes, n);
	for (int s = 0; s < n; s++)
		free((char *)entrants[s].spec.stderr_path);
	if (rc) {
		worker_say(out, "E %ld %s\n", failed, err);
		worker_leave(1);
	}
	worker_say(out, "D %d\n", table);
}

/* Whether the run should hand out no more sets (a stop signal the run's
 * loop takes). */
static bool done(struct state *st)
{
	const struct league_run *r = st->run;

	return (r->max_games && st->next_game - 1 >= r->max_games) ||
	       (r->until_ns && now_ns() >= r->until_ns) || st->files_changed ||
	       (st->roster_changed = league_task_roster_changed(r->db, &st->opened.roster));
}

int league_run_task_sets(const struct league_run *r, long played, int sets)
{
	long n = r->players;

	if (r->max_games) {
		long all = (r->max_games + n - 1) / n, left = (r->max_games - played + n - 1) / n;
		long share = (all + r->concurrency - 1) / r->concurrency;

		sets = share < sets ? (int)share : sets;
		sets = left < sets ? (int)left : sets;
	}
	return sets;
}

/* The league source's next(): worker i's next task, its versions picked
 * (league_pick.h) and its sets' commitments in run.jsonl first, none yet
 * while resting, or none after a stop by count or time. */
static enum pool_next hand_out(void *state, int i, struct table_source_table *t)
{
	struct state *st = state;
	const struct league_run *r = st->run;
	int n = r->players, seats[GAME_MAX_SEATS], sets = r->batch;
	const struct league_version *seated[GAME_MAX_SEATS];
	long *games, table = 0;

	/* Its task, if any, has ended: its lane is free. */
	league_pick_ended(&st->opened.pick, st->tasks[i].slow);
	st->tasks[i].slow = false;
	if (done(st))
		return POOL_DONE;
	/* While resting: one set when the trickle's next is due, else none
	 * (the worker waits); the roster and the clock looked at again
	 * within a second either way. */
	if (st->opened.rest.resting) {
		st->next_look = now_ns() + LEAGUE_LOOK_NS;
		if (!(sets = league_rest_set_due(&st->opened.rest, r->trickle)))
			return POOL_WAIT;
	}
	sets = league_run_task_sets(r, st->next_game - 1, sets);
	sets = league_pick_next(&st->opened.pick, seats, sets, &st->tasks[i].slow);
	st->tasks[i].set_began = now_ns();
	for (int s = n - 1; s >= 0; s--)
		table = table * st->opened.active_count + seats[s];
	t->games = games = xcalloc((size_t)sets * (size_t)n, sizeof *games);
	t->count = sets * n;
	t->number = (int)table;
	for (int k = 0; k < sets * n; k++)
		games[k] = st->next_game + k;
	st->tasks[i].first = st->next_game;
	st->tasks[i].left = sets - 1;
	memcpy(st->tasks[i].seats, seats, sizeof seats);
	st->tasks[i].ended = 0;
	st->next_game += (long)sets * n;
	/* One record names every set's C and its seats (run_manifest.h);
	 * the run's key is in the config, for every set. */
	for (int s = 0; s < n; s++)
		seated[s] = &st->opened.rating.versions[st->opened.active[seats[s]]];
	return league_task_started(&st->opened.manifest, r->db, st->opened.number, games[0], sets,
				   seated, n, st->err) ? POOL_ERROR : POOL_TASK;
}

/* Sets between refits: as many as the workers' tasks hold, and at least
 * a hundredth of the sets rated, so that the refits, each of every game,
 * cost a hundred times the last one in all, not the square of the
 * games. */
static long refit_every(const struct state *st)
{
	long share = (st->opened.rating.set_count + st->sets) / LEAGUE_REFIT_SHARE;
	long tasks = (long)st->run->concurrency * st->run->batch;

	return share > tasks ? share : tasks;
}

/* Worker i's set has ended: listed finished, then entered in the index
 * in one transaction. */
static int enter_set(struct state *st, int i)
{
	int n = st->run->players;
	long first = st->tasks[i].first;
	const struct league_version *seats[GAME_MAX_SEATS];
	int64_t now = now_ns();

	/* Each version charged the wall time its set held the worker. */
	for (int s = 0; s < n; s++)
		league_opened_charge(&st->opened, st->tasks[i].seats[s],
				     (double)(now - st->tasks[i].set_began) / 1e9);
	st->tasks[i].set_began = now;
	for (int s = 0; s < n; s++)
		seats[s] = &st->opened.rating.versions[st->opened.active[st->tasks[i].seats[s]]];
	if (league_task_enter(st->run->db, &st->opened.manifest, st->opened.number, first, n, seats,
			      st->tasks[i].ranks, st->tasks[i].forfeits, st->err))
		return -1;
	st->tasks[i].first = st->tasks[i].left-- > 0 ? first + n : 0;
	st->tasks[i].ended = 0;
	st->games += n;
	st->sets++;
	if (st->run->progress)
		st->run->progress(st->run->ctx, st->games, st->sets, st->opened.active_count,
				  st->opened.rest.resting);
	/* The ratings fitted again from the index and given to the picker
	 * (resting, the trickle would take long to reach a refit). */
	if (++st->since_refit < refit_every(st) && !league_rest_refit_due(&st->opened.rest))
		return 0;
	st->since_refit = 0;
	return league_opened_refit(&st->opened, st->run, st->err);
}

/* Worker i's finished game (worker.h's "F" line: its ranks and which
 * seats forfeited are all the league reads of it). */
static int take_finished(struct state *st, int i, const char *line)
{
	int n = st->run->players, ranks[GAME_MAX_SEATS];
	char hash[FILES_SHA256_HEX];
	const char *rest;
	long game, k;

	if (worker_read_finished(line, n, &game, hash, ranks, &rest) || !st->tasks[i].first ||
	    (k = game - st->tasks[i].first) < 0 || k >= n)
		return errorf(st->err, "a worker's report is cut short: %.80s", line);
	memcpy(st->tasks[i].ranks[k], ranks, sizeof st->tasks[i].ranks[k]);
	/* Each seat's forfeit's reason, or "-" for none. */
	for (int s = 0; s < n; s++) {
		size_t len = *rest == ' ' ? strcspn(++rest, " ") : 0;

		if (!len)
			return errorf(st->err, "a worker's report is cut short: %.80s", line);
		st->tasks[i].forfeits[k][s] = len > 1 || *rest != '-';
		rest += len;
	}
	return ++st->tasks[i].ended == n ? enter_set(st, i) : 0;
}

/* Worker i's current set kept as cut (league_cut.h), its next the
 * current: 0, or -1 with st->err. */
static int cut_set(struct state *st, int i)
{
	int n = st->run->players;
	long first = st->tasks[i].first;
	char c[2 * FAIR_HASH_BYTES + 1];

	run_manifest_commitment(&st->opened.manifest, first, c);
	if (league_cut_keep(&st->opened.manifest, st->opened.run_dir, first, n, c, st->err))
		return -1;
	st->tasks[i].first = st->tasks[i].left-- > 0 ? first + n : 0;
	return 0;
}

/* The sets of worker i's task not played from its current one on, which
 * the worker refused before their first game (no log), listed as
 * dropped for the files of `changed`, now `now`: 0, or -1 with st->err. */
static int drop_sets(struct state *st, int i, const struct league_version *changed,
		     const char *now)
{
	int n = st->run->players;
	struct run_manifest_seat seat = {changed->name, changed->number, now};
	struct task *t = &st->tasks[i];

	for (long first = t->first; first && t->left >= 0; t->left--, first += n)
		if (run_manifest_dropped(&st->opened.manifest, first, n, RUN_DROPPED_FILES, &seat,
					 st->err))
			return -1;
	return 0;
}

/* Worker i found a seat's files changed before a set ("X first seat
 * hash"): the version said and noted (league_stale.h), the task's sets
 * left dropped, and the run ends, so that the next leaves it out. */
static int take_changed(struct state *st, int i, const char *line)
{
	long first;
	int seat, at = 0;
	char now[65];
	const struct league_version *changed;

	if (sscanf(line, "X %ld %d %64[0-9a-f]%n", &first, &seat, now, &at) != 3 || !at ||
	    line[at] || seat < 0 || seat >= st->run->players || first != st->tasks[i].first)
		return errorf(st->err, "a worker's report is cut short: %.80s", line);
	changed = &st->opened.rating.versions[st->opened.active[st->tasks[i].seats[seat]]];
	league_stale_found(st->run->dir, changed, now, st->opened.number);
	st->files_changed = true;
	/* Found after the set: its logs kept, as a stop's cut set's. */
	if (league_task_set_logs(st->opened.run_dir, first, st->run->players) && cut_set(st, i))
		return -1;
	return drop_sets(st, i, changed, now);
}

/* The league source's line(): one line from worker i, 0 or -1 with
 * st->err. */
static int handle(void *state, int i, char *line)
{
	struct state *st = state;

	switch (line[0]) {
	case 'F':
		return take_finished(st, i, line);
	case 'B':
		return 0;  /* a bot that did not start: its game says so */
	case 'X':
		return take_changed(st, i, line);
	case 'E': {
		const char *why = strchr(line + 2, ' ');

		return errorf(st->err, "%s", why ? why + 1 : line);
	}
	}
	return errorf(st->err, "a worker said something unexpected: %.80s", line);
}

/* The league source's ready(): whether a waiting worker may ask again:
 * the run is not resting, or the trickle's set or a look is due. */
static bool ready(void *state)
{
	const struct state *st = state;
	int64_t now = now_ns();

	return !st->opened.rest.resting || now >= st->opened.rest.next_set || now >= st->next_look;
}

/* The league source's wait_ms(): while workers wait, the time until
 * ready() says they may ask again. */
static long wait_ms(void *state, int waiting)
{
	const struct state *st = state;
	int64_t due = st->opened.rest.next_set < st->next_look ? st->opened.rest.next_set : st->next_look;
	int64_t left = due - now_ns();

	if (!waiting)
		return -1;
	return !st->opened.rest.resting || left <= 0 ? 0 : (long)((left + 999999) / 1000000);
}

/* The league's source of the run's loop: every task a table. */
static const struct table_source_ops league_source = {.next = hand_out, .line = handle,
						      .ready = ready, .wait_ms = wait_ms};

/* The sets in flight at a stop, and the rest of their tasks: their logs
 * kept, listed as cut (league_cut.h). */
static int cut_unfinished(struct state *st)
{
	for (int i = 0; i < st->run->concurrency; i++)
		while (st->tasks[i].first && st->tasks[i].left >= 0)
			if (cut_set(st, i))
				return -1;
	return 0;
}

/* The workers on the run's loop, with the league's source, until a
 * stop: 0 (the stop signal, if any, is run_loop_end()'s), or -1. */
static int play_sets(struct state *st)
{
	const struct league_run *r = st->run;
	int rc;

	st->source = (struct table_source){.ops = &league_source, .state = st};
	st->loop.source = &st->source;
	st->loop.concurrency = r->concurrency;
	st->loop.job = (struct worker_job){.play = play_task, .ctx = st, .lock_fd = r->lock_fd,
					   .duplicate = true};
	st->tasks = xcalloc((size_t)r->concurrency, sizeof *st->tasks);
	rc = done(st) ? 0 : run_loop_play(&st->loop);
	/* A stop signal ends it as a stop by count or time does. */
	st->signalled = rc > 0;
	return rc > 0 ? 0 : rc;
}

int league_run_play(const struct league_run *run, struct league_run_end *end, char *err)
{
	struct league_run r = *run;
	struct state st = {.run = &r, .next_game = 1, .err = err, .loop.err = err};
	unsigned char deal_key[FAIR_HASH_BYTES];
	int rc, sig;

	/* Every set's secrets derive from it, so that run.jsonl names each
	 * C before the set starts. */
	randombytes_buf(deal_key, sizeof deal_key);
	r.config.deal_key = deal_key;
	r.config.durable = true;
	r.config.place = &st.opened.place.place;  /* filled in by league_opened_begin() */
	run_loop_begin(&st.loop);
	league_opened_init(&st.opened);
	rc = league_opened_begin(&st.opened, &r, r.dir, err);
	rc = rc ? rc : play_sets(&st);
	/* A run that ended by its count or its time grades its last games,
	 * so that its index is whole; one stopped by a signal or for a new
	 * version does not wait for them (the next run grades them). */
	if (!rc && !st.signalled && !st.roster_changed && !st.files_changed && st.opened.active)
		league_luck_grade(&st.opened.luck, r.db, r.dir);
	/* The sets in flight listed cut, run.jsonl signed, the sets cut
	 * entered in the index and the run marked closed. */
	if (!rc && st.opened.manifest.journal &&
	    (cut_unfinished(&st) || league_opened_close(&st.opened, &r, err)))
		rc = -1;
	sig = run_loop_end(&st.loop);
	league_pace_clear(r.dir);
	*end = (struct league_run_end){.games = st.games,
				       .roster_changed = st.roster_changed || st.files_changed,
				       .full = r.max_games && st.next_game - 1 >= r.max_games};
	sodium_memzero(deal_key, sizeof deal_key);
	league_opened_free(&st.opened);
	free(st.tasks);
	return rc ? rc : sig;
}
