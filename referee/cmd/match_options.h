/*
 * The options of every verb that plays games (time and resource limits,
 * the sandbox), in one list for those that read it: cli.h makes them a
 * verb's options (CLI_MATCH_LONGOPTS), cli.c checks each number in its
 * range, and the settings (settings.c) take from it which a user may set
 * once and how.
 *
 * CLI_MATCH_OPTIONS(X) is X(NAME, HAS_ARG, ID, SETTING, MIN, MAX) for
 * each, MIN and MAX the range of one that takes a whole number (else 0).
 * SETTING is how a user may set it once: RUN_FLAG (a flag that every
 * verb running bots takes, `tournament` too, paired with its "no-" form:
 * the last given is in effect), ONCE (the last given is), ADDS (each
 * given adds), ADDS_PATHS (as ADDS, of paths), or ONE_RUN (one run's
 * choice: no setting).
 */
#ifndef ARENA_MATCH_OPTIONS_H
#define ARENA_MATCH_OPTIONS_H

#include <getopt.h>

/* The RUN_FLAGs, the switches `tournament` takes too (cli_switch()). */
#define CLI_SWITCH_OPTIONS(X) \
	X("limits", no_argument, OPT_LIMITS, RUN_FLAG, 0, 0), \
	X("no-limits", no_argument, OPT_NO_LIMITS, RUN_FLAG, 0, 0), \
	X("sandbox", no_argument, OPT_SANDBOX, RUN_FLAG, 0, 0), \
	X("no-sandbox", no_argument, OPT_NO_SANDBOX, RUN_FLAG, 0, 0)

#define CLI_MATCH_OPTIONS(X) \
	CLI_SWITCH_OPTIONS(X), \
	X("move-ms", required_argument, OPT_MOVE_MS, ONCE, 1, 86400000), \
	X("game-ms", required_argument, OPT_GAME_MS, ONCE, 0, 86400000), \
	X("start-ms", required_argument, OPT_START_MS, ONCE, 1, 86400000), \
	X("max-line", required_argument, OPT_MAX_LINE, ONCE, 64, 1L << 30), \
	X("max-stderr", required_argument, OPT_MAX_STDERR, ONCE, 0, 1L << 34), \
	X("cpu-seconds", required_argument, OPT_CPU_SECONDS, ONCE, 0, 1000000), \
	X("memory-mb", required_argument, OPT_MEMORY_MB, ONCE, 0, 1L << 24), \
	X("max-processes", required_argument, OPT_MAX_PROCESSES, ONCE, 0, 1L << 22), \
	X("cpus", required_argument, OPT_CPUS, ONCE, 0, 4096), \
	X("clock", required_argument, OPT_CLOCK, ONCE, 0, 0), \
	X("readable", required_argument, OPT_READABLE, ADDS_PATHS, 0, 0), \
	X("env", required_argument, OPT_ENV, ADDS, 0, 0), \
	X("workdir", required_argument, OPT_WORKDIR, ONE_RUN, 0, 0)

/* Their values as getopt_long returns them: past every short option's
 * letter, so that any verb's table may hold them beside its own. */
#define CLI_MATCH_ID(name, has_arg, id, setting, min, max) id
enum cli_match_option { OPT_MATCH_FIRST = 1000, CLI_MATCH_OPTIONS(CLI_MATCH_ID) };

#endif
