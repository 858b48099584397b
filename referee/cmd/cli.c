/*
 * Helpers shared by the command-line verbs; see cli.h.
 */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/keys.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "bot/bot.h"
#include "bot/bot_env.h"
#include "bot/contain.h"
#include "bot/excerpt.h"
#include "settings.h"

/* The word of the option cli_option() returned last, and those that set
 * the bots' limits and sandbox last (cli_switch()). */
static const char *option_word, *limits_word, *sandbox_word;

int cli_fail(const char *verb, const char *fmt, ...)
{
	va_list ap;
	char *message;

	const char *origin;

	va_start(ap, fmt);
	message = xvasprintf(fmt, ap);
	va_end(ap);
	/* What was wrong may quote a log, a bot or a file name; an option
	 * that came from the settings is said to. */
	origin = settings_origin(option_word);
	visible_line(stderr, "referee %s: %s%s%s%s", verb, message,
		     origin ? " (from " : "", origin ? origin : "", origin ? ")" : "");
	fprintf(stderr, "(see 'referee %s --help')\n", verb);
	free(message);
	return EXIT_USAGE;
}


bool cli_switch(int opt, int *sandbox, int *contain)
{
	if (opt == OPT_SANDBOX || opt == OPT_NO_SANDBOX) {
		*sandbox = opt == OPT_SANDBOX;
		sandbox_word = option_word;
	} else if (opt == OPT_LIMITS || opt == OPT_NO_LIMITS) {
		*contain = opt == OPT_LIMITS;
		limits_word = option_word;
	} else {
		return false;
	}
	return true;
}

bool cli_option_from_settings(void)
{
	return settings_origin(option_word) != NULL;
}

/* What turned the limits or the sandbox off, for a message: `flag`, from
 * where the settings had it when they gave it (settings.h); with no flag
 * given, the tournament file's `field` (no other way turns them off). */
static const char *turned_off_by(const char *word, const char *flag,
				 const char *field)
{
	static char said[ERR_LEN + 64];
	const char *origin = settings_origin(word);

	if (!word)
		snprintf(said, sizeof said, "the tournament file's \"%s\": false", field);
	else if (origin)
		snprintf(said, sizeof said, "%s from %s", flag, origin);
	else
		snprintf(said, sizeof said, "%s", flag);
	return said;
}

/* One option read by getopt_long from the verb's options (`longs`, in
 * their order), said as cli_option() says a mistake. */
static int next_option(const struct cmd_entry *verb, int argc, char **argv,
		       const struct option *longs, int *long_index)
{
	/* The argument being read, named whole in messages ("-xy",
	 * "--key=F"): getopt_long keeps optind on a cluster of short options
	 * until its last letter; otherwise it reads the first option from
	 * optind on (it moves the operands it skips later). */
	static const char *reading;
	/* A leading ':' tells a missing value from an unknown option. */
	char *with_colon = xasprintf(":%s", verb->shortopts ? verb->shortopts : "");
	int i = optind, opt;

	if (i >= argc || argv[i] != reading) {
		while (i < argc && (argv[i][0] != '-' || !argv[i][1]))
			i++;
		reading = i < argc ? argv[i] : NULL;
	}
	opterr = 0;
	*long_index = -1;
	opt = getopt_long(argc, argv, with_colon, longs, long_index);
	free(with_colon);
	option_word = reading;
	if (opt == '?')
		cli_fail(verb->name, "unknown option '%s'", reading);
	else if (opt == ':')
		cli_fail(verb->name, "%s needs a value", reading);
	return opt == ':' ? '?' : opt;
}

/* Takes the value of option `o` into `into` (struct cli_opt): false
 * after a message. */
static bool take(const char *verb, const struct cli_opt *o, void *into)
{
	char *field = (char *)into + o->at, flag[64], *end;
	long n;

	snprintf(flag, sizeof flag, "--%s", o->name);
	if (o->take == CLI_TRUE)
		*(bool *)field = true;
	else if (o->take == CLI_ARG)
		*(const char **)field = optarg;
	else if (o->take == CLI_NUMBER) {
		*(double *)field = strtod(optarg, &end);
		if (end == optarg || *end || !isfinite(*(double *)field)) {
			cli_fail(verb, "%s takes a number, not '%s'", flag, optarg);
			return false;
		}
	} else if (!cli_number(verb, flag, optarg, o->min, o->max, &n))
		return false;
	else if (o->take == CLI_WHOLE)
		*(long *)field = n;
	else if (o->take == CLI_WHOLE_INT)
		*(int *)field = (int)n;
	else
		*(unsigned *)field = (unsigned)n;
	return true;
}

/* The values getopt_long returns for the options cli_option() takes. */
#define TAKEN 4096

int cli_option(const struct cmd_entry *verb, int argc, char **argv, int *index,
	       void *into)
{
	const struct cli_opt *o = verb->options;
	size_t n = 0;
	struct option *longs;
	int opt, long_index;

	while (o && o[n].name)
		n++;
	longs = xcalloc(n + 1, sizeof *longs);
	for (size_t i = 0; i < n; i++)
		longs[i] = (struct option){o[i].name, o[i].has_arg, NULL,
					   o[i].take == CLI_RETURNED ? o[i].val : TAKEN + (int)i};
	do
		opt = next_option(verb, argc, argv, longs, &long_index);
	while (opt >= TAKEN && take(verb->name, &o[opt - TAKEN], into));
	free(longs);
	if (index)
		*index = long_index;
	return opt >= TAKEN ? '?' : opt;
}

bool cli_number(const char *verb, const char *flag, const char *text,
		long min, long max, long *out)
{
	if (!whole_number(text, min, max, out)) {
		cli_fail(verb, "%s takes a whole number from %ld to %ld, not '%s'",
			 flag, min, max, text);
		return false;
	}
	return true;
}

const char cli_match_usage[] =
"  --move-ms N       time for each reply (default 1000)\n"
"  --game-ms N       thinking budget per bot per game (default 0: none)\n"
"  --start-ms N      time for a new bot process to answer hello (default 10000)\n"
"  --max-line N      longest reply line in bytes (default 65536)\n"
"  --max-stderr N    stderr bytes kept per bot (default 1048576)\n"
"  --clock cpu|wall  what a move's time is: the CPU time the bot's control\n"
"                    group uses (default; the wall clock still ends a move\n"
"                    at twice its time plus a second), or the wall clock\n"
"  --memory-mb N     memory of each bot, its /tmp and /dev/shm included, no\n"
"                    swap (default 1024; 0: none)\n"
"  --max-processes N processes (threads included) each bot may have\n"
"                    (default 64)\n"
"  --cpus N          CPUs' worth of time a bot on move gets (default 1;\n"
"                    0: all)\n"
"  --cpu-seconds N   CPU limit per bot process (default 0: none)\n"
"  --no-limits       run the bots uncontained, for trusted bots only: no\n"
"                    control group nor the fallback without one (no memory\n"
"                    limit, no freezing while others move, wall-clock time)\n"
"  --no-sandbox      run the bots without the sandbox, with all your rights\n"
"                    (by default each runs under bubblewrap: no network,\n"
"                    its own processes only, read-only system and own\n"
"                    folders, a private /tmp)\n"
"  --readable PATH   let the bots read PATH in the sandbox; repeatable\n"
"  --workdir DIR     the folder the bots start in and see as their own,\n"
"                    where their commands' relative paths are read\n"
"                    (default: the folder of the script or program the\n"
"                    command names; never / or a home folder)\n"
"  --env NAME[=VALUE] give the bots NAME, the referee's or VALUE\n"
"                    (repeatable; in the sandbox a bot gets only PATH,\n"
"                    HOME, TMPDIR, TERM, LANG, LC_ALL and these)\n";

const struct time_control cli_default_time = {
	.move_ms = 1000, .game_ms = 0, .start_ms = 10000, .clock = CLOCK_CPU,
};
const struct bot_limits cli_default_limits = {
	.max_line = 65536, .max_stderr = 1 << 20, .sandbox = true,
	.contain = true, .memory = (uint64_t)BOT_DEFAULT_MEMORY_MB << 20, .cpus = 1,
};

/* A NULL-ended list with a copy of one more string (bot.h's words). */
static const char *const *path_list_add(const char *const *list,
					const char *path)
{
	struct bot_words w = {(char **)list, 0};

	while (list && list[w.count])
		w.count++;
	bot_words_push(&w, path);
	return (const char *const *)w.list;
}

int cli_containment_ready(const char *verb, struct time_control *time,
			  struct bot_limits *limits)
{
	char err[ERR_LEN];

	/* The fallback needs the sandbox's PID namespace: bots trusted
	 * with all one's rights (cli_sandbox_ready() says so) are trusted
	 * with the machine too; the log header says "none". */
	if (limits->contain && !limits->sandbox && contain_ready(false, err) < 0) {
		limits->contain = false;
		time->clock = CLOCK_WALL;
		return EXIT_OK;
	}
	if (!limits->contain) {
		fprintf(stderr, "referee %s: %s: the bots run uncontained (all "
			"the memory, CPU and processes they want; moves timed by "
			"the wall clock): for trusted bots only\n", verb,
			turned_off_by(limits_word, "--no-limits", "containment"));
		time->clock = CLOCK_WALL;
		return EXIT_OK;
	}
	if (contain_ready(limits->sandbox, err) == 0)
		return EXIT_OK;
	fprintf(stderr, "referee %s: the bots cannot be contained here: %s; or "
		"pass --no-limits to run trusted bots without limits\n", verb, err);
	return EXIT_USAGE;
}

int cli_sandbox_ready(const char *verb, struct bot_limits *limits,
		      const char *const *hidden, int count)
{
	char err[ERR_LEN], *key_dir;

	if (!limits->sandbox) {
		fprintf(stderr, "referee %s: %s: each bot runs with all your "
			"rights: it can read, change and delete what you can "
			"(other bots, logs in progress, keys), use the network, and "
			"signal or stop your processes; use it only for bots you "
			"trust\n", verb,
			turned_off_by(sandbox_word, "--no-sandbox", "sandbox"));
		return EXIT_OK;
	}
	/* Said now, not as every bot forfeits its first game. */
	if (bot_sandbox_check(err)) {
		fprintf(stderr, "referee %s: %s\n", verb, err);
		return EXIT_USAGE;
	}
	for (int i = 0; i < count; i++)
		if (hidden[i])
			limits->hidden = path_list_add(limits->hidden, hidden[i]);
	/* The default key's home, wherever a bot's folders lie. */
	if ((key_dir = keys_default_dir(err)))
		limits->hidden = path_list_add(limits->hidden, key_dir);
	free(key_dir);
	return EXIT_OK;
}

int cli_duplicate_allowed(const char *verb, const char *asked,
			  const struct bot_limits *limits, bool trusted_bots)
{
	if (!limits->sandbox && !trusted_bots)
		return cli_fail(verb, "%s with --no-sandbox: a bot could "
				"read the set's draws (dice, cards, who starts) in "
				"the logs of its other "
				"games before its own game deals them; add "
				"--trusted-bots if you trust the bots not to", asked);
	return EXIT_OK;
}

/* The lists are path_list_add()'s, of strings of their own. */
void cli_limits_free(struct bot_limits *limits)
{
	strings_free((char **)limits->readable);
	strings_free((char **)limits->hidden);
	strings_free((char **)limits->env);
	limits->readable = limits->hidden = limits->env = NULL;
}

/* The match options that take a number: one in its range, in its place. */
static int match_number(const char *verb, int opt, const char *arg,
			struct time_control *time, struct bot_limits *limits)
{
#define RANGE(name, has_arg, id, setting, min, max) {id, "--" name, min, max}
	static const struct {
		int opt;
		const char *flag;
		long min, max;
	} ranges[] = {CLI_MATCH_OPTIONS(RANGE)};
#undef RANGE
	size_t i = 0;
	long n;

	while (ranges[i].opt != opt) /* the others are cli_match_option's */
		i++;
	if (!cli_number(verb, ranges[i].flag, arg, ranges[i].min, ranges[i].max, &n))
		return EXIT_USAGE;
	switch (opt) {
	case OPT_MOVE_MS: time->move_ms = n; break;
	case OPT_GAME_MS: time->game_ms = n; break;
	case OPT_START_MS: time->start_ms = n; break;
	case OPT_MAX_LINE: limits->max_line = (size_t)n; break;
	case OPT_MAX_STDERR: limits->max_stderr = (size_t)n; break;
	case OPT_CPU_SECONDS: limits->cpu_seconds = (unsigned)n; break;
	case OPT_MEMORY_MB: limits->memory = (uint64_t)n << 20; break;
	case OPT_MAX_PROCESSES: limits->processes = (unsigned)n; break;
	case OPT_CPUS: limits->cpus = (unsigned)n; break;
	}
	return EXIT_OK;
}

int cli_match_option(const char *verb, int opt, const char *arg,
		     struct time_control *time, struct bot_limits *limits)
{
	int sandbox = limits->sandbox, contain = limits->contain;

	if (cli_switch(opt, &sandbox, &contain)) {
		limits->sandbox = sandbox;
		limits->contain = contain;
		return EXIT_OK;
	}
	switch (opt) {
	case OPT_READABLE:
		limits->readable = path_list_add(limits->readable, arg);
		return EXIT_OK;
	case OPT_WORKDIR:
		limits->workdir = arg;
		return EXIT_OK;
	case OPT_ENV:
		if (!bot_env_entry_valid(arg))
			return cli_fail(verb, "--env takes NAME or NAME=VALUE, not '%s'",
					arg);
		limits->env = path_list_add(limits->env, arg);
		return EXIT_OK;
	case OPT_CLOCK:
		if (strcmp(arg, "cpu") && strcmp(arg, "wall"))
			return cli_fail(verb, "--clock takes cpu or wall, not '%s'", arg);
		time->clock = strcmp(arg, "cpu") ? CLOCK_WALL : CLOCK_CPU;
		return EXIT_OK;
	}
	return match_number(verb, opt, arg, time, limits);
}

/* A key named where keygen would make it (DIR/referee.key) that is not
 * there yet, as the settings may name it before it is made: how to make
 * it, added to err. */
static void key_missing_hint(const char *key_file, char *err)
{
	const char *slash = strrchr(key_file, '/');
	char *dir;

	if (access(key_file, F_OK) == 0 || errno != ENOENT ||
	    strcmp(slash ? slash + 1 : key_file, KEYS_SECRET_FILE))
		return;
	dir = path_parent(key_file);
	snprintf(err + strlen(err), ERR_LEN - strlen(err),
		 "; make it with: referee keygen %s", dir);
	free(dir);
}

bool cli_signing_key(const char *verb, const char *key_file,
		     const char *folder, struct referee_key *key)
{
	char err[ERR_LEN], *dir = NULL, *stale = NULL;
	bool created = false, ok;

	if (key_file) {
		ok = !keys_load_secret(key_file, key, err);
		if (!ok)
			key_missing_hint(key_file, err);
		/* Its signatures are the user's own, for the closing ladder too. */
		keys_trust_signing(key_file);
	} else {
		dir = keys_default_dir(err);
		ok = dir && !keys_load_or_generate(dir, key, &created, err);
	}
	ok = ok && (!folder || !keys_write_public(folder, key->public_key, err));
	if (!ok) {
		free(dir);
		/* Said after the options are read: where the key came from. */
		option_word = key_file;
		cli_fail(verb, "%s", err);
		option_word = NULL;
		return false;
	}
	if (created)
		fprintf(stderr, "referee %s: no --key given: created a signing key "
			"pair in %s/ (%s, %s)\n", verb, dir, KEYS_SECRET_FILE,
			KEYS_PUBLIC_FILE);
	/* Older runs kept their key here, where a bot may read it. */
	stale = folder ? path_join(folder, KEYS_SECRET_FILE) : NULL;
	if (stale && !access(stale, F_OK))
		fprintf(stderr, "referee %s: warning: %s is a secret key inside the "
			"output folder, where bots may read it; it is not used: "
			"move it out and pass --key to sign with it\n", verb, stale);
	free(stale);
	free(dir);
	return true;
}

void cli_no_start(const char *verb, const char *name, const char *why,
		  const char *path, bool show_path, bool sandboxed)
{
	struct excerpt x;

	excerpt_read(path, sandboxed, &x);
	visible_line(stderr, "referee %s: bot '%s' did not start: %s; its stderr%s%s%s:",
		     verb, name, why, show_path ? " (" : "", show_path ? path : "",
		     show_path ? ")" : "");
	excerpt_print(stderr, &x, "  ");
	excerpt_free(&x);
}

char *cli_scratch(const char *verb)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = path_joinf(tmp && *tmp ? tmp : "/tmp", "referee-%s.XXXXXX", verb);

	if (mkdtemp(dir))
		return dir;
	cli_fail(verb, "cannot make a folder for the bots' stderr as %s: %s", dir,
		 strerror(errno));
	free(dir);
	return NULL;
}

void cli_scratch_free(const char *verb, char *dir)
{
	if (dir && files_remove_tree(dir))
		fprintf(stderr, "referee %s: could not remove %s: %s\n", verb, dir,
			strerror(errno));
	free(dir);
}

static void ladder_problem(void *ctx, const char *where, const char *what)
{
	(void)ctx;
	visible_line(stderr, "referee ladder: %s: %s", where, what);
}

/* The ladder is `referee ladder`'s, also at the end of a tournament: its
 * messages name that verb. */
int cli_ladder(char *const *paths, int count, enum ladder_format format,
	       const char *anchor, const struct ladder_options *check)
{
	struct problems problems = {.report = ladder_problem};
	char err[ERR_LEN];
	long rc = ladder_show(paths, count, format, anchor, check, &problems, err);

	if (rc < 0)
		return cli_fail("ladder", "%s", err);
	if (rc > 0) {
		fprintf(stderr, "referee ladder: %ld problem%s: no ladder; 'referee "
			"verify FOLDER' checks a tournament's every log\n",
			rc, rc > 1 ? "s" : "");
		return EXIT_CHECK_FAILED;
	}
	return EXIT_OK;
}
