/*
 * `referee grade LOG|DIR... [--format text|json] [--tables DIR]
 * [--summary]`: every decision of each game graded against the values of
 * its states, exact or estimated (grade/grade.h, docs/ANALYSIS.md): the chance to
 * win each decision lost against the best, its mark, each roll's luck for
 * every seat, and each seat's sums with the identity that ties them to
 * the result; or, with --summary, each bot's errors per game over all the
 * games and its expected score against the optimal bot.  A
 * folder's logs (verify_place_logs()) are graded in the order of their
 * names (a tournament's in its games/ folder).  With --summary a game without exact values
 * is named and skipped (exit status 3); a log that does not verify is
 * named (exit status 1).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/json.h"
#include "base/region.h"
#include "base/util.h"
#include "base/visible.h"
#include "cli.h"
#include "grade/grade.h"
#include "verify/verify_place.h"

struct grade_args {
	bool json;
	const char *tables;
	bool summary;
	struct grade_summary *sums;	/* --summary: the grades gathered */
	/* Without --summary, each grade's trees, emptied for the next: its
	 * thousands of nodes were a malloc and a free each, a tenth of
	 * grading bolo5. */
	struct region *trees;
};

/* The worst of two statuses: a log that fails over a game without
 * values over success. */
static int worse(int a, int b)
{
	if (a == EXIT_CHECK_FAILED || b == EXIT_CHECK_FAILED)
		return EXIT_CHECK_FAILED;
	return a > b ? a : b;
}

/* A document as one line of JSON. */
static void print_line(const cJSON *doc)
{
	char *line = json_print_line(doc);

	printf("%s\n", line);
	free(line);
}

/* Grades the log at `path` and prints its grade, or why it has none:
 * its status. */
static int grade_one(struct grade *g, const char *path,
		     const struct grade_args *a)
{
	char err[ERR_LEN];
	cJSON *doc;
	enum grade_status status = grade_log(g, path, NULL, &doc, err);

	if (status != GRADE_OK) {
		visible_line(stderr, "referee grade: %s", err);
		return (int)status;
	}
	if (a->sums) {
		grade_summary_add(a->sums, doc);
	} else if (a->json) {
		print_line(doc);
	} else {
		grade_text_print(stdout, doc);
		putchar('\n');
	}
	/* The grade is printed: its trees go with their region at once (a
	 * walk to delete them node by node was a fiftieth of grading bolo5). */
	if (a->trees)
		region_reset(a->trees);
	else
		cJSON_Delete(doc);
	return EXIT_OK;
}

/* Grades each log of the folder `dir` (its games/ folder, if it has
 * one; not a run's run.jsonl, nor a log set aside), in the order of
 * their names. */
static int grade_folder(struct grade *g, const char *dir,
			const struct grade_args *a)
{
	size_t count = 0;
	char err[ERR_LEN];
	char **logs = verify_place_logs(dir, &count, err);
	int rc = EXIT_OK;

	if (!count) {
		if (logs)
			errorf(err, "%s holds no game log", dir);
		visible_line(stderr, "referee grade: %s", err);
		rc = EXIT_CHECK_FAILED;
	}
	for (size_t i = 0; i < count; i++)
		rc = worse(rc, grade_one(g, logs[i], a));
	strings_free(logs);
	return rc;
}

/* The summary of the games graded, as --format asks. */
static void print_summary(const struct grade_args *a)
{
	cJSON *doc = grade_summary_json(a->sums);

	if (a->json)
		print_line(doc);
	else
		grade_summary_text(stdout, doc);
	cJSON_Delete(doc);
}

static const struct cli_opt grade_options[] = {
	CLI_OPT("format", required_argument, 'f'),
	CLI_TEXT("tables", struct grade_args, tables),
	CLI_FLAG("summary", struct grade_args, summary),
	CLI_END,
};

static int parse_args(int argc, char **argv, struct grade_args *a)
{
	int opt;

	*a = (struct grade_args){0};
	while ((opt = cli_option(&cmd_grade_entry, argc, argv, NULL, a)) != -1) {
		if (opt == 'f' && (!strcmp(optarg, "json") || !strcmp(optarg, "text"))) {
			a->json = !strcmp(optarg, "json");
		} else {
			return opt == 'f' ? cli_fail("grade", "--format takes "
						     "text or json") : EXIT_USAGE;
		}
	}
	if (optind == argc)
		return cli_fail("grade", "no log or folder given");
	return EXIT_OK;
}

static const char grade_help[] =
	"usage: referee grade LOG|DIR... [--format text|json] [--tables DIR]\n"
	"                     [--summary]\n\n"
	"Grades every decision of each game against the chances to win, exact\n"
	"in two-player bolo and bolo5 and estimated by playouts elsewhere (the\n"
	"grade says which): the chance each decision lost against the best\n"
	"action and its mark (best, good, inaccuracy from 2%, mistake from 4%,\n"
	"blunder from 8%), each draw's luck for every seat, and each seat's\n"
	"sums of luck and errors, with the luck-adjusted result.  The log is\n"
	"checked as `referee verify` does.  A DIR's logs are graded in the\n"
	"order of their names.\n\n"
	"  --format text  for people (default)\n"
	"  --format json  one JSON object a game, a line each (docs/ANALYSIS.md)\n"
	"  --tables DIR   keeps the tables of a target other than 10000 in DIR:\n"
	"                 solved once (seconds to minutes), read after (default:\n"
	"                 $XDG_CACHE_HOME/arena/values, else ~/.cache/arena/values)\n"
	"  --summary      instead of each game, a line a bot (by name) over its\n"
	"                 games: how many, its mean chance lost per game (the sum\n"
	"                 of its errors) and its expected score against the\n"
	"                 optimal bot (1/2 less it), then its mean score, each\n"
	"                 with its 95% interval; exact values only; JSON: one\n"
	"                 object\n\n"
	"Exit status 1 if a log cannot be read or does not verify, 3 if a game\n"
	"has no exact values under --summary, 2 on bad usage.\n";

static int cmd_grade(int argc, char **argv)
{
	struct grade_args a;
	struct grade *g;
	struct region trees;
	struct stat st;
	int rc;

	if ((rc = parse_args(argc, argv, &a)) != EXIT_OK)
		return rc;
	/* The measure against optimal play needs exact values. */
	g = grade_new(a.tables, a.summary ? 0 : GRADE_ESTIMATES);
	a.sums = a.summary ? grade_summary_new() : NULL;
	region_init(&trees, 0);
	if (!a.summary) {
		a.trees = &trees;
		region_json_start(&trees);
	}
	for (int i = optind; i < argc; i++)
		rc = worse(rc, stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ?
			       grade_folder(g, argv[i], &a) :
			       grade_one(g, argv[i], &a));
	if (a.trees)
		region_json_stop();
	region_free(&trees);
	grade_free(g);
	if (a.sums)
		print_summary(&a);
	grade_summary_free(a.sums);
	return rc;
}

const struct cmd_entry cmd_grade_entry = {
	.name = "grade",
	.summary = "grade every decision and roll of a game: skill and luck",
	.options = grade_options,
	.usage = grade_help,
	.exec = cmd_grade,
};
