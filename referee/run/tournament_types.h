/*
 * What a tournament's run is given (tournament.h): how it is run, and the
 * events it tells as it goes.  Apart from tournament.h so that the parts
 * of the run (tournament_resume.c) read them without including the run.
 */
#ifndef ARENA_TOURNAMENT_TYPES_H
#define ARENA_TOURNAMENT_TYPES_H

#include <stdbool.h>

#include "base/keys.h"

/* What a run tells as it goes, for the verb to show; every member is set. */
struct tournament_events {
	void *ctx;
	/* A game finished: bot[s] at seat s ranked rank[s], `forfeits` seats
	 * forfeited.  `earlier`: one the stopped run that this one resumes
	 * finished, told before games_start. */
	void (*game_finished)(void *ctx, const int *bot, const int *rank,
			      int players, int forfeits, bool earlier);
	/* The games start: `done` of the run's `total` are finished, and
	 * `left_out` of the others are not played (--skip-broken). */
	void (*games_start)(void *ctx, long total, long done, long left_out);
	/* A resumed run set aside the log that game `game` left unfinished,
	 * as `name` (games/aborted/...): the game is played again. */
	void (*log_set_aside)(void *ctx, long game, const char *name);
	/* With duplicate sets: a resumed run set aside the `count` logs that
	 * the set of games `first` to `last` left, as names[]: the whole set
	 * is dealt again. */
	void (*set_set_aside)(void *ctx, long first, long last, char *const *names,
			      int count);
	/* Bot `bot` did not start for a game, saying `line` first on stderr. */
	void (*bot_failed)(void *ctx, int bot, const char *line);
	/* Bot `bot` started for a game. */
	void (*bot_started)(void *ctx, int bot);
	/* The tournament file changed bot `bot`'s entry since the run was
	 * stopped: the new version plays its games from here on. */
	void (*bot_new_version)(void *ctx, int bot);
	/* The tournament file added bot `bot` at the end of its list since
	 * the run was stopped or finished: its tables, games `first` to
	 * `last` of the schedule, are added. */
	void (*bot_added)(void *ctx, int bot, long first, long last);
	/* Bot `bot`, which the run this one resumes left out
	 * (--skip-broken), passed its pre-flight and plays here: `games`
	 * of the games left out are to play. */
	void (*bot_back)(void *ctx, int bot, long games);
	/* The workers have stopped: no game is played any more. */
	void (*games_end)(void *ctx);
};

struct tournament_run {
	const char *file;        /* the tournament file, hashed into the manifest */
	const char *out_dir;
	int lock_fd;             /* run_lock()'s, kept open by the workers too */
	bool resume;
	const struct tournament_events *events;
	int shard_index, shard_count; /* 1/1: the whole schedule */
	int concurrency;
	const struct referee_key *key;
	/* --skip-broken, given or remembered from the run resumed. */
	bool skip_broken;
	/* By bot number: left out of the run (--skip-broken), its tables'
	 * games not played, with why (NULL: none is). */
	const bool *skipped;
	char *const *skip_why;
	/* Called after each game is recorded as finished (may be NULL);
	 * `referee tournament --report` updates the report from it. */
	void (*on_finished)(void *ctx);
	void *hook_ctx;
};

#endif
