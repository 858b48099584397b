/*
 * `referee report DIR [-o OUT]`: the static report site of a tournament
 * folder (report.h), written to OUT (default DIR/report) and opened from
 * OUT/index.html, from file:// too.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "util.h"

int cmd_report(int argc, char **argv)
{
	const char *dir = NULL, *out = NULL;
	char err[ERR_LEN];
	int failed;

	if (cli_wants_help(argc, argv)) {
		puts("usage: referee report DIR [-o OUT]\n\n"
		     "Writes a static site for the tournament folder DIR to OUT "
		     "(default DIR/report):\nOUT/index.html has the ladder with "
		     "95% intervals, the likelihood of\nsuperiority, the "
		     "crosstable, each bot's forfeits and move times, the "
		     "games\n(each linked to its replay in OUT/replays/) and what "
		     "was verified.  Every log\nis verified first; one that does "
		     "not verify is listed, not counted.\n\n"
		     "Exit status 1 when a log does not verify, 2 on bad usage "
		     "or when DIR cannot\nbe read or OUT written.");
		return EXIT_OK;
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o")) {
			if (++i == argc)
				return cli_fail("report", "-o needs a folder");
			out = argv[i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_fail("report", "unknown option '%s'", argv[i]);
		} else if (dir) {
			return cli_fail("report", "takes one tournament folder");
		} else {
			dir = argv[i];
		}
	}
	if (!dir)
		return cli_fail("report", "no tournament folder given");
	failed = report_build(dir, out, false, err);
	if (failed < 0)
		return cli_fail("report", "%s", err);
	printf("report written to %s%s/index.html\n", out ? out : dir, out ? "" : "/report");
	if (failed) {
		fprintf(stderr, "referee report: %d log%s of %s did not verify "
			"(listed in the report)\n", failed, failed > 1 ? "s" : "", dir);
		return EXIT_CHECK_FAILED;
	}
	return EXIT_OK;
}
