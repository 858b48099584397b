/*
 * The options of every verb that plays games (time and resource limits,
 * the sandbox), in one list for the two that read it: cli.h makes them a
 * getopt_long table (CLI_MATCH_LONGOPTS), and the settings (settings.c)
 * take from it which a user may set once and how.
 *
 * CLI_MATCH_OPTIONS(X) is X(NAME, HAS_ARG, ID, SETTING) for each.
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
	X("limits", no_argument, OPT_LIMITS, RUN_FLAG), \
	X("no-limits", no_argument, OPT_NO_LIMITS, RUN_FLAG), \
	X("sandbox", no_argument, OPT_SANDBOX, RUN_FLAG), \
	X("no-sandbox", no_argument, OPT_NO_SANDBOX, RUN_FLAG)

#define CLI_MATCH_OPTIONS(X) \
	CLI_SWITCH_OPTIONS(X), \
	X("move-ms", required_argument, OPT_MOVE_MS, ONCE), \
	X("game-ms", required_argument, OPT_GAME_MS, ONCE), \
	X("start-ms", required_argument, OPT_START_MS, ONCE), \
	X("max-line", required_argument, OPT_MAX_LINE, ONCE), \
	X("max-stderr", required_argument, OPT_MAX_STDERR, ONCE), \
	X("cpu-seconds", required_argument, OPT_CPU_SECONDS, ONCE), \
	X("memory-mb", required_argument, OPT_MEMORY_MB, ONCE), \
	X("max-processes", required_argument, OPT_MAX_PROCESSES, ONCE), \
	X("cpus", required_argument, OPT_CPUS, ONCE), \
	X("clock", required_argument, OPT_CLOCK, ONCE), \
	X("readable", required_argument, OPT_READABLE, ADDS_PATHS), \
	X("env", required_argument, OPT_ENV, ADDS), \
	X("workdir", required_argument, OPT_WORKDIR, ONE_RUN)

/* Their values as getopt_long returns them: past every short option's
 * letter, so that any verb's table may hold them beside its own. */
#define CLI_MATCH_ID(name, has_arg, id, setting) id
enum cli_match_option { OPT_MATCH_FIRST = 1000, CLI_MATCH_OPTIONS(CLI_MATCH_ID) };

#endif
