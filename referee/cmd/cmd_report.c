/*
 * `referee report DIR [-o OUT] [--key FILE]`: the static report site of a
 * tournament folder (report.h), written to OUT (default DIR/report) and
 * opened from OUT/index.html, from file:// too.  It names the keys that
 * signed, and whether they were checked against the one --key named.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/keys.h"
#include "base/util.h"
#include "base/visible.h"
#include "cli.h"
#include "league/league_folder.h"
#include "report/report.h"

/* What the report goes on without. */
static void say(const char *line)
{
	visible_line(stderr, "referee report: %s", line);
}

static const struct cli_opt report_options[] = {
	CLI_OPT("key", required_argument, 'k'),
	CLI_FLAG("luck-adjusted", struct report_options, luck_adjusted),
	CLI_END,
};

static int cmd_report(int argc, char **argv)
{
	const char *dir, *key_file = NULL;
	int run_problems = 0;
	struct report_options options = {.warn = say, .run_problems = &run_problems};
	unsigned char key[32];
	char err[ERR_LEN], signer[KEYS_SIGNED_BY_LEN], *index;
	const cJSON *k;
	cJSON *keys;
	int failed, opt;

	while ((opt = cli_option(&cmd_report_entry, argc, argv, NULL, &options)) != -1) {
		if (opt == '?')
			return EXIT_USAGE;
		if (opt == 'o')
			options.out = optarg;
		else
			key_file = optarg;
	}
	if (optind == argc)
		return cli_fail("report", "no tournament folder given");
	if (argc - optind > 1)
		return cli_fail("report", "takes one tournament folder");
	dir = argv[optind];
	/* A league's pages are its server's; nothing is written into it. */
	if (league_folder_is(dir))
		return cli_fail("report", "%s is a league: its pages (ladder, bots, "
				"games, replays) are served by 'referee league serve %s'; "
				"a run of it is a folder of its own: 'referee report "
				"%s/runs/NNNNNN -o OUT'", dir, dir, dir);
	if (key_file && keys_load_public(key_file, key, err))
		return cli_fail("report", "%s", err);
	options.trusted_key = key_file ? key : NULL;
	failed = report_build(dir, &options, &keys, err);
	if (failed < 0)
		return cli_fail("report", "%s", err);
	index = report_index(dir, &options);
	visible_line(stdout, "report written to %s", index);
	free(index);
	cJSON_ArrayForEach(k, keys)
		printf("logs %s\n", keys_signed_by(signer, k->valuestring, key_file != NULL));
	cJSON_Delete(keys);
	if (failed)
		visible_line(stderr, "referee report: %d log%s of %s did not verify "
			     "(listed in the report)", failed, failed > 1 ? "s" : "", dir);
	if (run_problems)
		visible_line(stderr, "referee report: %s is not the whole its run.jsonl "
			     "lists: %d problem%s, as referee verify names %s (listed in "
			     "the report)", dir, run_problems, run_problems > 1 ? "s" : "",
			     run_problems > 1 ? "them" : "it");
	if (failed || run_problems)
		return EXIT_CHECK_FAILED;
	return EXIT_OK;
}

const struct cmd_entry cmd_report_entry = {
	.name = "report",
	.summary = "a static site of a tournament: ladder, crosstable, replays",
	.shortopts = "o:",
	.options = report_options,
	.usage = "usage: referee report DIR [-o OUT] [--key PUBLIC_KEY_FILE] "
		"[--luck-adjusted]\n\n"
		"Writes a static site for the tournament folder DIR, or the "
		"folder of play --out\nor sprt --out, to OUT "
		"(default DIR/report):\nOUT/index.html has the ladder of "
		"'referee ladder', in its order, with 95%\nintervals, the "
		"likelihood of superiority, the crosstable, each bot's "
		"forfeits\nand reply times, the games (100 a page, each linked "
		"to its replay in\nOUT/replays/) and what was verified; a "
		"banner says when the run has not ended.\nEvery log is "
		"verified first; one that does not verify is listed, not "
		"counted.\nA rebuild replays only new or changed logs. A "
		"league's folder is refused (its\nserver, league serve, "
		"serves its pages); a run of it, DIR/runs/NNNNNN, is a\n"
		"folder as play's.\n\n"
		"--key FILE  the public key the manifest and every log must "
		"be signed with; the\n            site and this command say "
		"whether the signatures were checked\n            against a "
		"key you trust (the replays' badges are green only then)\n"
		"--luck-adjusted  also the ladder of 'referee ladder "
		"--luck-adjusted' beside the\n            ladder (two-player "
		"bolo and bolo5; every log graded, at each build)\n\n"
		"Exit status 1 when a log does not verify, 2 on bad usage "
		"or when DIR cannot\nbe read or OUT written.\n",
	.exec = cmd_report,
};
