/*
 * `referee ladder PATH... [--format table|csv|json|pgn|crosstable|folders]
 * [--anchor BOT=ELO] [--key FILE] [--verify] [--provisional]`: Elo
 * ratings with honest error bars from checked games (docs/LADDER.md):
 * signed tournament manifests and verified logs, and with --provisional
 * the games finished so far of a run not finished.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/keys.h"
#include "cli.h"
#include "base/visible.h"
#include "ladder/ladder_print.h"
#include "ladder/grade_ladder.h"

/* What the options ask for. */
struct ladder_args {
	const char *format, *anchor;
	struct ladder_options check;
	unsigned char key[32];
	bool luck;
};

static const struct cli_opt ladder_options[] = {
	CLI_OPT("format", required_argument, 'f'),
	CLI_TEXT("anchor", struct ladder_args, anchor),
	CLI_OPT("key", required_argument, 'k'),
	CLI_FLAG("verify", struct ladder_args, check.verify),
	CLI_FLAG("provisional", struct ladder_args, check.provisional),
	CLI_FLAG("luck-adjusted", struct ladder_args, luck),
	CLI_END,
};

/* Reads the options; the paths are argv[optind] onwards.  EXIT_OK, or
 * EXIT_USAGE after a message. */
static int parse_args(int argc, char **argv, struct ladder_args *a)
{
	char err[ERR_LEN];
	int opt;

	while ((opt = cli_option(&cmd_ladder_entry, argc, argv, NULL, a)) != -1) {
		if (opt == 'f' && ladder_format_called(optarg) < 0)
			return cli_fail("ladder", "--format takes table, csv, json, "
					"pgn, crosstable or folders");
		else if (opt == 'f')
			a->format = optarg;
		else if (opt == 'k' && keys_load_public(optarg, a->key, err))
			return cli_fail("ladder", "%s", err);
		else if (opt == 'k')
			a->check.key = a->key;
		else   /* '?' */
			return EXIT_USAGE;
	}
	if (optind == argc)
		return cli_fail("ladder", "no path given");
	if (a->luck && strcmp(a->format, "table") && strcmp(a->format, "csv") &&
	    strcmp(a->format, "json"))
		return cli_fail("ladder", "--luck-adjusted is shown beside the table, "
				"csv or json, not --format %s", a->format);
	for (int i = optind; i < argc; i++)
		if (access(argv[i], F_OK))
			return cli_fail("ladder", "cannot read '%s': %s", argv[i],
					strerror(errno));
	return EXIT_OK;
}

/* The ladder with the luck-adjusted one beside it: in json's
 * "luck_adjusted" member, after the table, or after the csv and a blank
 * line.  Every game graded first: a game without exact values is
 * GRADE_NO_VALUES's exit status 3 and no ladder. */
static int luck_ladder(char **paths, int count, const char *format,
		       const char *anchor, struct ladder_options *check)
{
	char err[ERR_LEN];
	cJSON *doc;
	struct grade *g = grade_new(NULL, 0);
	int rc = (int)grade_ladder(g, paths, (size_t)count, NULL, &doc, err);

	grade_free(g);
	if (rc != GRADE_OK) {
		visible_line(stderr, "referee ladder: --luck-adjusted: %s", err);
		return rc;
	}
	check->luck_adjusted = doc;
	rc = cli_ladder(paths, count, (enum ladder_format)ladder_format_called(format),
			anchor, check);
	if (rc == EXIT_OK && strcmp(format, "json")) {
		if (!strcmp(format, "csv"))
			putchar('\n');
		grade_ladder_print(stdout, doc, !strcmp(format, "csv"));
	}
	cJSON_Delete(doc);
	return rc;
}

static int cmd_ladder(int argc, char **argv)
{
	struct ladder_args a = {
		.format = "table", .check.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN),
	};
	int rc;

	if ((rc = parse_args(argc, argv, &a)) != EXIT_OK)
		return rc;
	if (a.luck)
		return luck_ladder(argv + optind, argc - optind, a.format, a.anchor, &a.check);
	return cli_ladder(argv + optind, argc - optind,
			  (enum ladder_format)ladder_format_called(a.format), a.anchor, &a.check);
}

const struct cmd_entry cmd_ladder_entry = {
	.name = "ladder",
	.summary = "Elo ratings with error bars from game logs",
	.options = ladder_options,
	.usage = "usage: referee ladder PATH... [--format table|csv|json|pgn|crosstable|folders] "
		"[--anchor BOT=ELO]\n"
		"                      [--key PUBLIC_KEY_FILE] [--verify]\n"
		"                      [--provisional]\n\n"
		"Rates the bots from the games in each PATH: a tournament's "
		"output folder\n(give every shard's folder to rate a sharded "
		"run), its run.jsonl, a\nfolder of logs from 'play --out', "
		"or a log.  A tournament is rated from its\nsigned manifest, "
		"once its chain and signature hold, every finished game's\n"
		"log is there and nothing else is; other logs are each "
		"verified.  Everything\nmust be one game, signed by one key "
		"(--key's, else the first one found),\nand no game may count "
		"twice.  Exit status 1, with every problem named and no\n"
		"ladder, when one of these fails.  The output does not depend "
		"on the order of\nthe paths or of the logs in them.\n"
		"--anchor BOT=ELO holds BOT at ELO (default: each group's mean "
		"is 0).\n"
		"--key F    the public key every manifest and log must be "
		"signed with\n"
		"--verify   also hash and verify every log of a tournament, on "
		"every core\n"
		"--provisional  also rate a tournament that is running or was "
		"stopped: the\n           games its unsigned manifest lists as "
		"finished; the output says\n           PROVISIONAL (csv: the "
		"provisional column, json: \"provisional\",\n           pgn: "
		"a Provisional tag)\n"
		"pgn writes the results for other rating tools; two-player "
		"games only.\n"
		"The table shows each bot's forfeits by reason and its reply "
		"times to turns\n(median and 95th percentile by nearest rank, "
		"the median of an even count the\nlower middle reply; longest), "
		"and the crosstable for up to 12 bots;\ncrosstable prints the "
		"crosstable alone, for any number of bots.\n"
		"folders lists each bot's folder hashes (which version of it "
		"played) from the\nlogs' headers, with the games of each.\n"
		"--luck-adjusted  also rate the bots from their luck-adjusted "
		"scores, every\n           game graded against the exact "
		"values (two-player bolo and\n           bolo5; exit status 3 "
		"for other games), beside the ladder\n           (table, csv "
		"or json), with the variance a game of both scores.\n",
	.exec = cmd_ladder,
};
