/*
 * What the command-line verbs share: exit codes, number parsing with
 * messages that say what was wrong, and turning BOT arguments
 * ("NAME=COMMAND" or "COMMAND") into match entrants.
 */
#ifndef ARENA_CLI_H
#define ARENA_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

#include "ladder/ladder_print.h"
#include "match/match.h"
#include "match_options.h"
#include "plan/book.h"

enum exit_code { EXIT_OK = 0, EXIT_CHECK_FAILED = 1, EXIT_USAGE = 2 };

/* A long option of a verb, and what cli_option() does when it is given:
 * returns `val` for the verb to handle (CLI_OPT), or takes it into the
 * field `at` of the struct the verb hands it: true (CLI_FLAG), the
 * argument (CLI_TEXT), a whole number from `min` to `max` into a long
 * (CLI_LONG), an int (CLI_INT) or an unsigned (CLI_UNSIGNED), refusing
 * another as cli_number() does, or a finite number into a double
 * (CLI_REAL). */
enum cli_take {
	CLI_RETURNED, CLI_TRUE, CLI_ARG, CLI_WHOLE, CLI_WHOLE_INT, CLI_WHOLE_UNSIGNED,
	CLI_NUMBER
};
struct cli_opt {
	const char *name;
	int has_arg, val;
	enum cli_take take;
	size_t at;
	long min, max;
};
#define CLI_OPT(name, has_arg, val) {name, has_arg, val, CLI_RETURNED, 0, 0, 0}
#define CLI_FLAG(name, type, field) \
	{name, no_argument, 0, CLI_TRUE, CLI_AT(type, field, bool), 0, 0}
#define CLI_TEXT(name, type, field) \
	{name, required_argument, 0, CLI_ARG, CLI_AT(type, field, const char *), 0, 0}
#define CLI_LONG(name, type, field, min, max) \
	{name, required_argument, 0, CLI_WHOLE, CLI_AT(type, field, long), min, max}
#define CLI_INT(name, type, field, min, max) \
	{name, required_argument, 0, CLI_WHOLE_INT, CLI_AT(type, field, int), min, max}
#define CLI_UNSIGNED(name, type, field, min, max) \
	{name, required_argument, 0, CLI_WHOLE_UNSIGNED, CLI_AT(type, field, unsigned), min, max}
#define CLI_REAL(name, type, field) \
	{name, required_argument, 0, CLI_NUMBER, CLI_AT(type, field, double), 0, 0}
/* The field's place, which must be of `ctype`: the conditional of two
 * other pointers' types is a warning, and so an error. */
#define CLI_AT(type, field, ctype) \
	(offsetof(type, field) + 0 * sizeof(1 ? &((type *)0)->field : (ctype *)0))
#define CLI_END {NULL, 0, 0, CLI_RETURNED, 0, 0, 0}

/* One verb of the command line, each defined by its cmd_*.c file (as
 * tmux's cmd_entry) and listed in main.c's table; a league's verb has
 * one too, for its options, named "league" as its messages are. */
struct cmd_entry {
	const char *name;    /* as typed: "check-bot" */
	const char *summary; /* its line in `referee`'s list of verbs */
	/* `referee VERB --help`: usage, then for a verb that plays games
	 * (usage_end given) cli_match_usage and usage_end. */
	const char *usage, *usage_end;
	const char *shortopts;          /* for cli_option; NULL: none */
	const struct cli_opt *options;  /* its long ones; NULL: none */
	int (*exec)(int argc, char **argv); /* argv[0] is the verb */
};

extern const struct cmd_entry cmd_play_entry, cmd_games_entry, cmd_verify_entry,
	cmd_replay_entry, cmd_grade_entry, cmd_report_entry, cmd_tournament_entry,
	cmd_ladder_entry, cmd_sprt_entry, cmd_league_entry, cmd_check_bot_entry,
	cmd_random_bot_entry, cmd_keygen_entry;

/* Checks and prints the ladder of `paths` in `format`, the ratings placed
 * by `anchor` (BOT=ELO, or NULL), as ladder_print.h's ladder_show says:
 * EXIT_OK; EXIT_CHECK_FAILED after naming each problem (nothing is
 * rated then); EXIT_USAGE after a message. */
int cli_ladder(char *const *paths, int count, enum ladder_format format,
	       const char *anchor, const struct ladder_options *check);

/* The flags of every verb that plays games: time and resource limits, and
 * the sandbox.  Splice CLI_MATCH_LONGOPTS into a verb's options, pass
 * each of them cli_option returns to cli_match_option, then call
 * cli_sandbox_ready, and cli_limits_free at the end.  Their one list is
 * CLI_MATCH_OPTIONS (match_options.h). */
#define CLI_MATCH_LONGOPT(name, has_arg, value, setting, min, max) \
	CLI_OPT(name, has_arg, value)
#define CLI_MATCH_LONGOPTS CLI_MATCH_OPTIONS(CLI_MATCH_LONGOPT)
extern const char cli_match_usage[];
extern const struct time_control cli_default_time;
extern const struct bot_limits cli_default_limits;

/* Handles one CLI_MATCH_LONGOPTS option (`opt` is one of their values,
 * as cli_option returns it): EXIT_OK, or EXIT_USAGE after a message for
 * a bad value. */
int cli_match_option(const char *verb, int opt, const char *arg,
		     struct time_control *time, struct bot_limits *limits);

/* With containment on: picks what contains the bots (contain.h), or
 * says why nothing can (EXIT_USAGE); on a cgroup v2 machine it may run
 * the referee again, with the same arguments, in a delegated systemd
 * scope, so call it before the verb changes anything.  With it off: says
 * in one line, naming the setting that turned it off (--no-limits, from
 * where the settings had it, or the tournament file's "containment"),
 * that the bots are then uncontained, and times moves by the wall clock;
 * so too, with no word of it (cli_sandbox_ready() warns), with the
 * sandbox off where no control group can be had (the fallback needs the
 * sandbox).  EXIT_OK otherwise. */
int cli_containment_ready(const char *verb, struct time_control *time,
			  struct bot_limits *limits);

/* For a verb whose tournament file sets the bots' sandbox and limits,
 * which CLI_SWITCH_LONGOPTS override: when `opt` is one of them, sets
 * *sandbox or *contain on (1) or off (0), noting where it came from for
 * a message (settings.h), and returns true; else false. */
#define CLI_SWITCH_LONGOPTS CLI_SWITCH_OPTIONS(CLI_MATCH_LONGOPT)
bool cli_switch(int opt, int *sandbox, int *contain);

/* Whether the option cli_option() returned last came from the settings
 * (settings.h), not from the command line. */
bool cli_option_from_settings(void);

/* With the sandbox on: checks that it works here (EXIT_USAGE after a
 * message that says to install bubblewrap or pass --no-sandbox) and sets
 * the paths bots must not see: the `count` entries of `hidden` that are
 * not NULL (output folders, keys) and the default key folder.  With it
 * off: says once what a bot can then do, naming the setting that turned
 * it off.  EXIT_OK otherwise. */
int cli_sandbox_ready(const char *verb, struct bot_limits *limits,
		      const char *const *hidden, int count);

/* Duplicate sets are fair only if no bot can keep what it saw for the
 * set's next game, which without the sandbox only the organiser can vouch
 * for (`trusted_bots`): EXIT_OK, or EXIT_USAGE after a message that
 * names what asked for the sets (`asked`: "--duplicate", or "a league"). */
int cli_duplicate_allowed(const char *verb, const char *asked,
			  const struct bot_limits *limits, bool trusted_bots);

/* Frees the lists that cli_match_option and cli_sandbox_ready made. */
void cli_limits_free(struct bot_limits *limits);

/* Loads the signing key: `key_file` when given, else referee.key in the
 * default key folder (keys.h), made (and announced) when missing; then
 * writes its public half to `folder` (NULL: nowhere).  false after a
 * message. */
bool cli_signing_key(const char *verb, const char *key_file,
		     const char *folder, struct referee_key *key);

/* Says on stderr, for `referee VERB`, that bot `name` did not start and
 * `why`, then the excerpt of its stderr file `path` (excerpt.h; named
 * when `show_path`; written in the sandbox when `sandboxed`), indented. */
void cli_no_start(const char *verb, const char *name, const char *why,
		  const char *path, bool show_path, bool sandboxed);

/* A scratch folder for the bots' stderr files of a verb that writes no
 * output folder, so that a bot that does not start can be quoted: new,
 * in TMPDIR (else /tmp).  NULL after a message. */
char *cli_scratch(const char *verb);

/* Removes the scratch folder `dir` (NULL: none) and frees its name. */
void cli_scratch_free(const char *verb, char *dir);

/* The next option of a verb's command line that is not taken into `into`
 * (struct cli_opt), as getopt_long(3) returns it for the options of
 * `verb` (*index: the entry of a long option, else -1; index may be
 * NULL): options anywhere among the operands, "--" ends them, and at the
 * end (-1) the operands are argv[optind] onwards, in their order.  A
 * mistake is said alike by every verb, naming what was typed: "unknown
 * option '-x'", "--key needs a value"; then '?'. */
int cli_option(const struct cmd_entry *verb, int argc, char **argv, int *index,
	       void *into);

/* Prints "referee VERB: message" and a hint to stderr; returns EXIT_USAGE. */
int cli_fail(const char *verb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Parses a whole decimal number in [min, max]; false with a message. */
bool cli_number(const char *verb, const char *flag, const char *text,
		long min, long max, long *out);

/* The -o KEY=VALUE options given to a verb, in their order. */
#define CLI_PAIRS_MAX 64
struct cli_pairs {
	const char *pairs[CLI_PAIRS_MAX];
	int count;
};

/* Adds one -o's `pair`: EXIT_OK, or EXIT_USAGE after a message. */
int cli_pair(const char *verb, struct cli_pairs *p, const char *pair);

/* The game named `game` (cli_game.c), or NULL after a message. */
const struct game_rules *cli_game_find(const char *verb, const char *game);

/* The game's options from the -o given (a new object): "first" `first`
 * unless given (NULL: the game's default), every option resolved, and
 * the game set up for `players`, which must be in its range.  NULL after
 * a message. */
cJSON *cli_game_options(const char *verb, const struct game_rules *rules,
			const struct cli_pairs *p, const char *first, int players);

/* The openings of config->openings drawn moves checked for the game, or
 * the opening book `book_file` (NULL: none) read into *book and handed
 * to config, a line for each rotation of the `players` seats (not both).
 * EXIT_OK, or EXIT_USAGE after a message. */
int cli_openings(const char *verb, const struct game_rules *rules,
		 const cJSON *options, int players, const char *book_file,
		 struct book *book, struct match_config *config);

/* Fills entrants from BOT arguments: a name is the part before '=' when
 * it is a name (names.h), else made from the command (the base name
 * without extension of its script, else of its program: "mybot" for
 * "python3 mybot.py", "java" for "java -cp . Bot"); repeated names get
 * "-2", "-3"...  Names are new
 * strings in names[i] (free them).  false with a message. */
bool cli_entrants(const char *verb, char **bots, int count,
		  struct match_entrant *entrants, char **names);

#endif
