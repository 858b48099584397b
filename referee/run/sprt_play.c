/*
 * `referee sprt`'s pairs on workers, a table source of the run's loop;
 * see sprt_play.h.  Besides the "F", "B", "D" and "E" lines of worker.h, a
 * worker says "N entrant name" for each name its bots gave in hello,
 * before its first "F".
 */
#include "sprt_play.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "base/json_number.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "manifest/run_manifest.h"
#include "match/match_set.h"
#include "run_loop.h"
#include "worker.h"

/* In a worker: the matches it plays its pairs in, started with its first
 * (the second plays a duplicate set's other game), and whether the parent
 * has its bots' hello names. */
static struct match *worker_lanes[2];
static bool worker_named;

/* The stderr file of the bot named `name` in worker `worker` (from 1):
 * DIR/NAME.stderr for the first, DIR/NAME.K.stderr for worker K.  Each
 * worker has its own, so that a game's lines are not mixed with another's
 * and the lines of the game a bot did not start for can be found. */
static char *sprt_play_stderr(const char *dir, const char *name, int worker)
{
	return worker == 1 ? path_joinf(dir, "%s.stderr", name)
			   : path_joinf(dir, "%s.%d.stderr", name, worker);
}

/* In a worker: what the hello names and the starts of a game say. */
static void say_starts(int out, long game, const struct game_outcome *o)
{
	const char *said;

	for (int i = 0; !worker_named && i < 2; i++)
		if (match_hello_name(worker_lanes[0], i, &said) && said)
			worker_say(out, "N %d %s\n", i, said);
	worker_named = true;
	/* The entrant in seat s: A first in the first game of each pair, B
	 * in the second (match_round_rotate()). */
	for (int s = 0; s < 2; s++)
		if (o->no_start[s])
			worker_say(out, "B %ld %d %.*s\n", game,
				   match_set_rotated((int)((game - 1) % 2), s, 2),
				   (int)strcspn(o->detail[s], "\n"), o->detail[s]);
}

/* Plays the two games of a pair: one after the other, or with
 * --duplicate as a set, at once and in step, on the worker's two
 * matches.  0, or -1 with err. */
static int play_games(const struct sprt_play *p, const long *games,
		      struct game_outcome *outcomes, char *err)
{
	struct match_set_game set_games[2];
	char *logs[2];
	struct match_round round = {.games = set_games, .count = 2, .seats = 2,
				    .duplicate = p->duplicate,
				    .set_seed = match_secrets_seed(&p->config)};
	int rc;

	match_round_rotate(set_games, 2, 2, games[0], games[0] - 1);
	for (int g = 0; g < 2; g++)
		set_games[g].log_path = logs[g] = p->out ? outdir_play_log(p->out, games[g])
							 : NULL;
	rc = match_play_round(worker_lanes, &round, outcomes, err);
	free(logs[0]);
	free(logs[1]);
	return rc;
}

/* The worker's play function: the two games of pair `pair`, in a set of
 * their own with --duplicate. */
static void play_pair(const struct worker_job *job, int pair, const long *games,
		      int count, const unsigned char *deal_key, int out)
{
	const struct sprt_play *p = job->ctx;
	struct game_outcome outcomes[2];
	char err[ERR_LEN];

	(void)deal_key;  /* the run's is in p->config, for every pair */

	if (!worker_lanes[0]) {
		/* The matches keep them: they live as long as the worker. */
		static struct match_entrant entrants[2];

		for (int i = 0; i < 2; i++) {
			entrants[i] = p->entrants[i];
			entrants[i].spec.stderr_path =
				sprt_play_stderr(p->stderr_dir, entrants[i].name, job->number);
		}
		worker_lanes[0] = match_start(&p->config, entrants, 2, err);
		if (!worker_lanes[0] ||
		    (p->duplicate && !match_twins(worker_lanes, 2, err))) {
			worker_say(out, "E %ld %s\n", games[0], err);
			worker_leave(1);
		}
	}
	if (count != 2 || play_games(p, games, outcomes, err)) {
		worker_say(out, "E %ld %s\n", games[0],
			   count != 2 ? "a pair is two games" : err);
		worker_leave(1);
	}
	for (int g = 0; g < 2; g++) {
		say_starts(out, games[g], &outcomes[g]);
		/* The parent needs the ranks alone. */
		worker_finished(out, games[g], "-", &outcomes[g], 2);
	}
	worker_say(out, "D %d\n", pair);
}

/* The worker's bots say goodbye when it is told to quit. */
static void quit_pairs(const struct worker_job *job)
{
	(void)job;
	match_finish_lanes(worker_lanes, 2);
}

/* The test as the parent runs it, the run loop's table source: the
 * pairs handed out and counted, what the bots said of themselves, and why
 * one did not start. */
struct sprt_run {
	const struct sprt_play *p;
	long next;               /* the next pair to hand out */
	long counted;            /* pairs 1..counted are counted */
	signed char (*half)[2];  /* by pair - 1: A's points in each game
				  * doubled, -1 until it finishes */
	size_t cap;
	char *said[2];
	long failed;             /* the game a bot did not start for, or 0 */
	int failed_worker;       /* ... in this worker (from 1) */
	char *why[2];
	bool stop, no_start;
	enum sprt_verdict verdict;    /* of the pairs counted */
	struct run_manifest manifest; /* --out's run.jsonl */
	char *err;
};

/* The source's: the next pair, listed as started in --out's run.jsonl. */
static enum pool_next next_pair(void *state, int worker,
					  struct table_source_table *t)
{
	struct sprt_run *st = state;
	long pair = st->next;

	(void)worker;
	if (st->stop || pair > st->p->max_pairs)
		return POOL_DONE;
	st->half = xgrow(st->half, (size_t)pair - 1, &st->cap, sizeof *st->half);
	st->half[pair - 1][0] = st->half[pair - 1][1] = -1;
	st->next++;
	t->number = (int)pair;
	t->games = xmalloc(2 * sizeof *t->games);
	t->games[0] = 2 * pair - 1;
	t->games[1] = 2 * pair;
	t->count = 2;
	if (st->manifest.journal &&
	    run_manifest_started_seated(&st->manifest, t->games[0], 2, NULL, 0, st->err))
		return POOL_ERROR;
	return POOL_TASK;
}

/* Counts the pairs that can be, in order, until the caller stops. */
static void count_pairs(struct sprt_run *st)
{
	while (!st->stop && st->counted + 1 < st->next &&
	       st->half[st->counted][0] >= 0 && st->half[st->counted][1] >= 0) {
		double score[2] = {st->half[st->counted][0] / 2.0,
				   st->half[st->counted][1] / 2.0};

		st->counted++;
		st->verdict = st->p->pair(st->p->ctx, st->counted, score,
					  (const char *const *)st->said);
		st->stop = st->verdict != SPRT_CONTINUE;
	}
}

/* A bot did not start for the game that just finished: said, and the
 * test ends. */
static void tell_no_start(struct sprt_run *st)
{
	for (int i = 0; i < 2; i++)
		if (st->why[i]) {
			char *path = sprt_play_stderr(st->p->stderr_dir, st->p->entrants[i].name,
						      st->failed_worker);

			st->p->no_start(st->p->ctx, i, st->why[i], path);
			free(path);
		}
	st->stop = st->no_start = true;
}

/* A finished game: "F game sha256 rank0 rank1 ...". */
static int take_finished(struct sprt_run *st, const char *line)
{
	long game;
	int rank[2], a;

	if (sscanf(line, "F %ld %*s %d %d", &game, &rank[0], &rank[1]) != 3 ||
	    game < 1 || game > 2 * (st->next - 1))
		return errorf(st->err, "a worker's report is cut short: %.80s", line);
	if (game == st->failed) {
		tell_no_start(st);
		return 0;
	}
	if (st->manifest.journal &&
	    run_manifest_finished_with(&st->manifest, game, NULL, NULL, st->err))
		return -1;
	a = (game - 1) % 2;  /* A's seat */
	st->half[(game - 1) / 2][a] = (signed char)(rank[a] < rank[1 - a] ? 2
						    : rank[a] > rank[1 - a] ? 0 : 1);
	count_pairs(st);
	return 0;
}

/* The source's: a line of worker `worker` (from 0) but "D". */
static int take_line(void *state, int worker, char *line)
{
	struct sprt_run *st = state;
	char *end;
	long n = strtol(line + 1, &end, 10);

	if (st->stop)
		return 0;
	switch (line[0]) {
	case 'F':
		return take_finished(st, line);
	case 'N':
		if ((n == 0 || n == 1) && *end == ' ' && !st->said[n])
			st->said[n] = xstrdup(end + 1);
		return 0;
	case 'B': {
		long bot = strtol(end, &end, 10);

		if ((st->failed && st->failed != n) || bot < 0 || bot > 1 || *end != ' ')
			return 0;
		st->failed = n;
		st->failed_worker = worker + 1;
		free(st->why[bot]);
		st->why[bot] = xstrdup(end + 1);
		return 0;
	}
	case 'E':
		return errorf(st->err, "%s", *end ? end + 1 : end);
	}
	return errorf(st->err, "a worker said something unexpected: %.80s", line);
}

/* The source's: the test has stopped (a verdict, the caller's count, or a
 * bot that did not start). */
static bool test_over(void *state)
{
	return ((struct sprt_run *)state)->stop;
}

/* The logs of the pairs handed out but not counted, and the manifest's
 * record of them: 0, or -1 with st->err. */
static int remove_dropped(struct sprt_run *st)
{
	long first = 2 * st->counted + 1, end = 2 * st->next - 1;

	for (long game = first; game < end; game++) {
		char *log = outdir_play_log(st->p->out, game);

		unlink(log);
		free(log);
	}
	return first < end ? run_manifest_dropped(&st->manifest, first, (int)(end - first),
						  RUN_DROPPED_VERDICT, NULL, st->err) : 0;
}

/* SIGINT or SIGTERM came: the pairs counted are the caller's, the games
 * in flight are killed with their workers, and their logs are kept, cut,
 * in a folder left unsigned: a test stopped before its verdict is no
 * result to sign, and the logs show what was being played. */
static int stopped(const struct sprt_run *st, int sig)
{
	char name[32];

	run_loop_signal_text(sig, name, sizeof name);
	errorf(st->err, "stopped by %s after %ld pair%s counted, before a verdict%s", name,
	       st->counted, st->counted == 1 ? "" : "s",
	       st->p->out ? "; the folder's run.jsonl is left unsigned" : "");
	return SPRT_PLAY_STOPPED;
}

/* `value` as a string that reads back as the same double (a manifest's
 * numbers are integers, and these need not be), in the digits the JSON
 * printer gives a number (json_number.h). */
static void add_exact(cJSON *r, const char *name, double value)
{
	char text[JSON_NUMBER_LEN];

	json_number_format(value, text);
	cJSON_AddStringToObject(r, name, text);
}

/* run.jsonl's "sprt" record: the test its verdict is recomputed by. */
static int name_test(struct sprt_run *st)
{
	const struct sprt *t = st->p->test;
	cJSON *r = json_typed("sprt");

	add_exact(r, "elo0", t->elo0);
	add_exact(r, "elo1", t->elo1);
	add_exact(r, "alpha", t->alpha);
	add_exact(r, "beta", t->beta);
	cJSON_AddStringToObject(r, "model", t->model == SPRT_NORMALIZED ? "normalized"
					    : "logistic");
	cJSON_AddNumberToObject(r, "max_pairs", (double)st->p->max_pairs);
	if (st->p->luck_adjusted)
		cJSON_AddStringToObject(r, "scores", "luck-adjusted");
	return run_manifest_record(&st->manifest, r, st->err);
}

/* run.jsonl's "verdict" record: what the pairs counted gave. */
static int record_verdict(struct sprt_run *st)
{
	cJSON *r = json_typed("verdict");

	cJSON_AddStringToObject(r, "verdict", sprt_verdict_name(st->verdict));
	cJSON_AddNumberToObject(r, "pairs", (double)st->counted);
	return run_manifest_record(&st->manifest, r, st->err);
}

int sprt_play(const struct sprt_play *given, char *err)
{
	static const struct table_source_ops ops = {
		.next = next_pair, .line = take_line, .over = test_over,
	};
	struct sprt_run st = {.next = 1, .err = err};
	struct sprt_play run = *given, *play = &run;
	struct table_source source = {.ops = &ops, .state = &st};
	struct run_loop loop = {
		.source = &source, .err = err,
		.job = {.play = play_pair, .quit = quit_pairs, .ctx = play, .lock_fd = -1},
		.concurrency = play->concurrency < play->max_pairs ? play->concurrency
			       : (int)play->max_pairs,
	};
	unsigned char deal_key[FAIR_HASH_BYTES];
	struct match_place place = {.run_id = st.manifest.id};
	char *names[2] = {(char *)play->entrants[0].name, (char *)play->entrants[1].name};
	int rc, sig;

	st.p = play;
	/* Every pair's secrets derive from it, so that --out's manifest
	 * names each C before the pair starts. */
	randombytes_buf(deal_key, sizeof deal_key);
	run.config.deal_key = deal_key;
	if (play->out && (run_manifest_create(&st.manifest, play->out, "sprt", &play->config,
					      names, 2, play->duplicate, err) ||
			  name_test(&st))) {
		run_manifest_free(&st.manifest);
		return -1;
	}
	/* Each log of --out names its run, whose run.jsonl lists it. */
	run.config.place = play->out ? &place : NULL;
	/* What is still playing at the end plays what is not counted: the
	 * loop kills it. */
	run_loop_begin(&loop);
	rc = run_loop_play(&loop);
	sig = run_loop_end(&loop);
	if (rc > 0 || sig > 0)
		rc = stopped(&st, rc > 0 ? rc : sig);
	if (rc == 0 && play->out)
		rc = remove_dropped(&st) || record_verdict(&st) ||
		     run_manifest_sign(&st.manifest, play->config.key, err) ? -1 : 0;
	run_manifest_free(&st.manifest);
	sodium_memzero(deal_key, sizeof deal_key);
	for (int i = 0; i < 2; i++) {
		free(st.said[i]);
		free(st.why[i]);
	}
	free(st.half);
	return rc ? rc : st.no_start;
}
