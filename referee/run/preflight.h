/*
 * A tournament's pre-flight: before its first game, every bot with a game
 * in the run is started once, exactly as its games start it (its folder,
 * sandbox, hidden and readable paths, limits, environment:
 * tournament_entrant()), all side by side, and greeted; one that does not
 * answer hello (and is not still running, silent: it may wait for a
 * game's opening) is told to the caller, who names it with the first and
 * last lines of its stderr and what they say of a path the sandbox hides
 * (excerpt.h).
 * Without it, a bot whose folder or SDK its sandbox does not show would
 * forfeit every game it plays before anyone noticed.
 */
#ifndef ARENA_PREFLIGHT_H
#define ARENA_PREFLIGHT_H

#include <stdbool.h>

#include "plan/schedule.h"
#include "plan/tournament_file.h"

/* What the pre-flight tells as it goes; every member is set. */
struct preflight_events {
	void *ctx;
	/* Bot `name` is running but did not answer hello alone within `ms`:
	 * it plays (it may wait for its game's opening). */
	void (*silent)(void *ctx, const char *name, long ms);
	/* Bot `name` did not start, `why`; its stderr is the file
	 * `stderr_path`, written in the sandbox when `sandboxed`. */
	void (*no_start)(void *ctx, const char *name, const char *why,
			 const char *stderr_path, bool sandboxed);
};

/* Starts the bots that sit at a table of shard `shard_index` of
 * `shard_count`, each with its stderr in DIR/stderr/preflight-NAME.stderr
 * (`out_dir`'s stderr folder must exist).  Sets broken[b] (by bot
 * number) with, in why[b] (a new string), why bot b did not start, and
 * tells `events`.  Returns how many did not. */
int preflight_run(const struct tournament_spec *spec,
		  const struct schedule *schedule, int shard_index,
		  int shard_count, const char *out_dir,
		  const struct preflight_events *events, bool *broken, char **why);

#endif
