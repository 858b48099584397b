/*
 * The referee's command line: one verb per subcommand, each in its own
 * cmd_*.c file.  Only this layer prints usage and exits.
 */
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#include "cli.h"
#include "config.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} verbs[] = {
	{"play", cmd_play, "play games between bots given on the command line"},
	{"games", cmd_games, "list the games and their options"},
	{"verify", cmd_verify, "check game logs: chain, signature, draws, rules"},
	{"replay", cmd_replay, "show a game from its log: text, HTML, a bot's message"},
	{"report", cmd_report, "a static site of a tournament: ladder, crosstable, replays"},
	{"tournament", cmd_tournament, "play a tournament file on all cores"},
	{"ladder", cmd_ladder, "Elo ratings with error bars from game logs"},
	{"sprt", cmd_sprt, "A/B test of two bots with early stopping"},
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

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		print_usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_USAGE : EXIT_OK;
	}
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
			return verbs[i].run(argc - 1, argv + 1);
	fprintf(stderr, "referee: unknown verb '%s'\n\n", argv[1]);
	print_usage(stderr);
	return EXIT_USAGE;
}
