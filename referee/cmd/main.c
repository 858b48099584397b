/*
 * The referee's command line: one verb per subcommand, each in its own
 * cmd_*.c file.  Only this layer prints usage and exits.
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

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} verbs[] = {
	{"play", cmd_play, "play games between bots given on the command line"},
	{"games", cmd_games, "list the games and their options"},
	{"verify", cmd_verify, "check game logs: chain, signature, draws, rules"},
	{"replay", cmd_replay, "show a game from its log: text, HTML, a bot's message"},
	{"grade", cmd_grade, "grade every decision and roll of a game: skill and luck"},
	{"report", cmd_report, "a static site of a tournament: ladder, crosstable, replays"},
	{"tournament", cmd_tournament, "play a tournament file on all cores"},
	{"ladder", cmd_ladder, "Elo ratings with error bars from game logs"},
	{"sprt", cmd_sprt, "A/B test of two bots with early stopping"},
	{"league", cmd_league, "a ladder that keeps playing: bots, versions, ratings"},
	{"check-bot", cmd_check_bot, "check that a bot follows the protocol"},
	{"random-bot", cmd_random_bot, "a random bot for any game (check-bot's opponent)"},
	{"keygen", cmd_keygen, "make a signing key pair"},
};

static void print_usage(FILE *out)
{
	fprintf(out, "usage: referee VERB [options] ...\n\n");
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		fprintf(out, "  %-9s %s\n", verbs[i].name, verbs[i].summary);
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

/* Runs the verb argv[0] with the settings it takes (settings.h) before
 * its arguments, unless it is asked for its help. */
static int run_verb(int (*run)(int argc, char **argv), int argc, char **argv)
{
	char err[ERR_LEN];
	int n;

	if (cli_wants_help(argc, argv))
		return run(argc, argv);
	if (settings_load(err)) {
		fprintf(stderr, "referee: %s (see 'referee --help')\n", err);
		return EXIT_USAGE;
	}
	/* The key the settings sign with is the user's own, trusted by
	 * every verb that checks a signature (keys.h). */
	keys_trust_signing(settings_key());
	argv = settings_argv(argc, argv, &n);
	return run(n, argv);
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
		if (!strcmp(argv[1], verbs[i].name))
			return run_verb(verbs[i].run, argc - 1, argv + 1);
	fprintf(stderr, "referee: unknown verb '%s'\n\n", argv[1]);
	print_usage(stderr);
	return EXIT_USAGE;
}
