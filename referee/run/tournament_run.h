/*
 * A tournament run from its file to its last game, for `referee
 * tournament`: the file read and checked, the schedule of the run (a
 * resumed run's bots first), the output folder locked, every bot started
 * once (the pre-flight), the games played with their progress on stderr
 * (progress.h, tournament.h).  It says nothing under a verb's name: what
 * the verb must show comes back as an error or through its hooks, which
 * also make the machine ready for the bots and load the signing key (the
 * verbs share those steps).
 */
#ifndef ARENA_TOURNAMENT_RUN_H
#define ARENA_TOURNAMENT_RUN_H

#include <stdbool.h>

#include "base/keys.h"
#include "plan/tournament_file.h"

/* What the verb asked for. */
struct tournament_request {
	const char *file;
	const char *out_dir;     /* NULL: FILE's folder/out/NAME */
	const char *key_file;    /* NULL: the default key */
	long concurrency;        /* 0: the file's, else the cores */
	int shard_index, shard_count;
	int sandbox, contain;    /* -1: the file's; else off (0) or on */
	bool resume, quiet, skip_broken;
	bool compress;           /* --compress: on whatever the file says */
	const char *book;        /* --openings-book FILE, else NULL */
	long start_failures;     /* name a bot that failed this many starts */
	/* Called after each game is recorded as finished (may be NULL). */
	void (*on_finished)(void *ctx);
	void *hook_ctx;
};

/* What the run needs of the verb; every member is set. */
struct tournament_hooks {
	void *ctx;
	/* Makes the machine ready for the bots of `spec` (control groups,
	 * the sandbox with the `count` paths of `hidden` out of the bots'
	 * sight, NULL ones skipped): 0, else the exit status after a
	 * message. */
	int (*ready)(void *ctx, struct tournament_spec *spec,
		     const char *const *hidden, int count);
	/* Frees what ready() added to the limits of `spec` (called whenever
	 * the file was read, ready or not). */
	void (*unready)(void *ctx, struct tournament_spec *spec);
	/* Loads the signing key `key_file` (NULL: the default one) and writes
	 * its public half to `out_dir`: 0, else the exit status after a
	 * message. */
	int (*signing_key)(void *ctx, const char *key_file, const char *out_dir,
			   struct referee_key *key);
	/* A line of the run for stderr, which the verb names itself in. */
	void (*say)(void *ctx, const char *line);
	/* The pre-flight's: bot `name` is running but did not answer hello
	 * alone within `ms`: it plays (it may wait for its game's opening). */
	void (*silent)(void *ctx, const char *name, long ms);
	/* ... bot `name` did not start, `why`; its stderr is the file
	 * `stderr_path`, written in the sandbox when `sandboxed`. */
	void (*no_start)(void *ctx, const char *name, const char *why,
			 const char *stderr_path, bool sandboxed);
	/* The bots of the run are about to start in its folder `out_dir`,
	 * and then the games. */
	void (*games_start)(void *ctx, const char *out_dir);
	/* The games have stopped, all played or not. */
	void (*games_ended)(void *ctx, const char *out_dir);
};

/* How a run ended. */
enum tournament_end {
	TOURNAMENT_PLAYED = 0,   /* every game of the run is finished */
	TOURNAMENT_REFUSED,      /* the request cannot be run: err says why */
	TOURNAMENT_FAILED,       /* the run stopped: err says why */
	TOURNAMENT_SAID,         /* a hook said why, and its status is in
				  * outcome->status */
};

/* What the verb shows after the run. */
struct tournament_outcome {
	char *out_dir;           /* the run's output folder (free it) */
	int status;              /* with TOURNAMENT_SAID: the hook's */
};

/* Runs the request: its end, with err or the outcome. */
enum tournament_end tournament_run(const struct tournament_request *request,
				   const struct tournament_hooks *hooks,
				   struct tournament_outcome *outcome, char *err);

#endif
