/*
 * The options of every verb that plays games (time and resource limits,
 * the sandbox), in one list for the two that read it: cli.h makes them a
 * getopt_long table (CLI_MATCH_LONGOPTS), and the settings (settings.c)
 * take from it which a user may set once and how.
 *
 * CLI_MATCH_OPTIONS(X) is X(NAME, HAS_ARG, VALUE, SETTING) for each.
 * SETTING is how a user may set it once: RUN_FLAG (a flag that every
 * verb running bots takes, `tournament` too, paired with its "no-" form:
 * the last given is in effect), ONCE (the last given is), ADDS (each
 * given adds), ADDS_PATHS (as ADDS, of paths), or ONE_RUN (one run's
 * choice: no setting).
 */
#ifndef ARENA_MATCH_OPTIONS_H
#define ARENA_MATCH_OPTIONS_H

#include <getopt.h>

#define CLI_MATCH_OPTIONS(X) \
	X("limits", no_argument, 1014, RUN_FLAG), \
	X("no-limits", no_argument, 1015, RUN_FLAG), \
	X("sandbox", no_argument, 1009, RUN_FLAG), \
	X("no-sandbox", no_argument, 1010, RUN_FLAG), \
	X("move-ms", required_argument, 1001, ONCE), \
	X("game-ms", required_argument, 1002, ONCE), \
	X("start-ms", required_argument, 1003, ONCE), \
	X("max-line", required_argument, 1004, ONCE), \
	X("max-stderr", required_argument, 1005, ONCE), \
	X("cpu-seconds", required_argument, 1006, ONCE), \
	X("memory-mb", required_argument, 1007, ONCE), \
	X("max-processes", required_argument, 1008, ONCE), \
	X("cpus", required_argument, 1012, ONCE), \
	X("clock", required_argument, 1013, ONCE), \
	X("readable", required_argument, 1011, ADDS_PATHS), \
	X("env", required_argument, 1017, ADDS), \
	X("workdir", required_argument, 1016, ONE_RUN)

#endif
