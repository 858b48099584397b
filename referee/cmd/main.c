/*
 * The referee's command line: one verb per subcommand, each in its own
 * cmd_*.c file, which defines its entry (cli.h: its name, usage, options
 * and what runs it); `verbs` lists them.  Only this layer prints usage
 * and exits.
 */
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#include "base/keys.h"
#include "base/util.h"
#include "cli.h"
#include "config.h"
#include "settings.h"

static const struct cmd_entry *const verbs[] = {
	&cmd_play_entry, &cmd_games_entry, &cmd_verify_entry, &cmd_replay_entry,
	&cmd_grade_entry, &cmd_report_entry, &cmd_tournament_entry,
	&cmd_ladder_entry, &cmd_sprt_entry, &cmd_league_entry,
	&cmd_check_bot_entry, &cmd_random_bot_entry, &cmd_keygen_entry,
};

static void print_usage(FILE *out)
{
	fprintf(out, "usage: referee VERB [options] ...\n\n");
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		fprintf(out, "  %-9s %s\n", verbs[i]->name, verbs[i]->summary);
	fprintf(out, "\n'referee VERB --help' describes each verb; "
		"'man referee' has the whole story.\n");
}

/* referee --help: the verbs and the settings; EXIT_USAGE when those
 * are refused. */
static int print_help(void)
{
	char err[ERR_LEN];
	int rc = settings_load(err);

	print_usage(stdout);
	settings_help(stdout, rc ? err : NULL);
	return rc ? EXIT_USAGE : EXIT_OK;
}

/* True when argv holds -h or --help before any "--". */
static bool wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return true;
	return false;
}

/* Runs the verb argv[0] with the settings it takes (settings.h) before
 * its arguments, unless it is asked for its help. */
static int run_verb(const struct cmd_entry *verb, int argc, char **argv)
{
	char err[ERR_LEN];
	int n;

	if (wants_help(argc, argv)) {
		fputs(verb->usage, stdout);
		if (verb->usage_end)
			printf("%s%s", cli_match_usage, verb->usage_end);
		return EXIT_OK;
	}
	if (settings_load(err)) {
		fprintf(stderr, "referee: %s (see 'referee --help')\n", err);
		return EXIT_USAGE;
	}
	/* The key the settings sign with is the user's own, trusted by
	 * every verb that checks a signature (keys.h). */
	keys_trust_signing(settings_key());
	argv = settings_argv(argc, argv, &n);
	return verb->exec(n, argv);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return print_help();
	if (!strcmp(argv[1], "--version")) {
		puts(PACKAGE_NAME " referee " PACKAGE_VERSION);
		return EXIT_OK;
	}
	/* Before any secret exists: a process of the same user (a bot
	 * without the sandbox) may then not read this one's memory or
	 * environment, nor trace it; workers inherit it. */
	prctl(PR_SET_DUMPABLE, 0);
	if (sodium_init() < 0) {
		fputs("referee: libsodium failed to initialise\n", stderr);
		return EXIT_USAGE;
	}
	/* A bot that closes its stdin must not kill the referee. */
	signal(SIGPIPE, SIG_IGN);
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		if (!strcmp(argv[1], verbs[i]->name))
			return run_verb(verbs[i], argc - 1, argv + 1);
	fprintf(stderr, "referee: unknown verb '%s'\n\n", argv[1]);
	print_usage(stderr);
	return EXIT_USAGE;
}
