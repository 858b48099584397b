/*
 * `referee ladder PATH... [--format table|csv|json|pgn] [--anchor BOT=ELO]
 * [--key FILE] [--verify] [--provisional]`: Elo ratings with honest error
 * bars from checked games (docs/LADDER.md): signed tournament manifests
 * and verified logs, and with --provisional the games finished so far of
 * a run not finished.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"
#include "keys.h"
#include "ladder_folders.h"
#include "ladder_print.h"
#include "util.h"
#include "visible.h"

enum format { TABLE, CSV, JSON, PGN, CROSSTABLE, FOLDERS };
static const char *const format_names[] = {
	[TABLE] = "table", [CSV] = "csv", [JSON] = "json", [PGN] = "pgn",
	[CROSSTABLE] = "crosstable", [FOLDERS] = "folders",
};

/* How ladder_print() prints each format of ratings. */
static const enum ladder_format printed_as[] = {
	[TABLE] = LADDER_TABLE, [CSV] = LADDER_CSV, [JSON] = LADDER_JSON,
	[CROSSTABLE] = LADDER_CROSSTABLE,
};

/* The format called `name` (NULL: the table), or -1 when none is. */
static int format_called(const char *name)
{
	int f = TABLE;

	while (name && f <= FOLDERS && strcmp(format_names[f], name))
		f++;
	return f <= FOLDERS ? f : -1;
}

/* A forfeit's reason (NULL: none) as PGN's Termination tag, in the words
 * cutechess and fastchess use. */
static const char *termination(const char *reason)
{
	if (!reason)
		return "normal";
	if (!strcmp(reason, "timeout"))
		return "time forfeit";
	if (!strcmp(reason, "illegal-action"))
		return "illegal move";
	if (!strcmp(reason, "exit"))
		return "abandoned";
	return "rules infraction";
}

/* A PGN tag pair; its value (a name from a log or a manifest, which
 * anyone may have written) with '\\' and '"' escaped as PGN says, and
 * made safe to print. */
static void pgn_tag(const char *tag, const char *value)
{
	char *quoted = xmalloc(2 * strlen(value) + 1), *q = quoted;

	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			*q++ = '\\';
		*q++ = *p;
	}
	*q = '\0';
	visible_line(stdout, "[%s \"%s\"]", tag, quoted);
	free(quoted);
}

/* Two-player results as PGN, seat 0 as White, to cross-check with Ordo.
 * Games of more seats are refused rather than split into pairs: the pairs
 * of one game are not independent games, and a tool that took them as
 * such would report error bars too small. */
static int print_pgn(const struct ladder_data *data, char *const *names)
{
	if (data->max_seats > 2)
		return cli_fail("ladder", "--format pgn writes two-player games "
				"only, and these logs hold games of up to %d "
				"players: use --format table, csv or json",
				data->max_seats);
	for (size_t i = 0; i < data->count; i++) {
		const struct rating_game *g = &data->games[data->order[i]];
		const struct ladder_game_stats *st = &data->stats[data->order[i]];
		const char *result = g->rank[0] < g->rank[1] ? "1-0"
				   : g->rank[0] > g->rank[1] ? "0-1" : "1/2-1/2";
		int out = st->reason[0] ? 0 : st->reason[1] ? 1 : -1;
		const char *reason = out < 0 ? NULL : data->reasons.names[st->reason[out] - 1];
		char date[16] = "????.??.??";
		time_t when = (time_t)st->ended;
		struct tm tm;

		if (when && gmtime_r(&when, &tm))
			strftime(date, sizeof date, "%Y.%m.%d", &tm);
		/* Event: the tournament the game was played in. */
		pgn_tag("Event", st->event ? data->events[st->event - 1] : PACKAGE_NAME);
		printf("[Date \"%s\"]\n[Round \"%ld\"]\n", date, (long)i + 1);
		pgn_tag("White", names[g->entrant[0]]);
		pgn_tag("Black", names[g->entrant[1]]);
		printf("[Result \"%s\"]\n[Termination \"%s\"]\n%s\n", result,
		       termination(reason),
		       data->unfinished_runs ? "[Provisional \"true\"]\n" : "");
		if (reason)
			printf("{%s forfeits: %s} ", out ? "Black" : "White", reason);
		printf("%s\n\n", result);
	}
	return EXIT_OK;
}

/* Reads "BOT=ELO" into options: -1 with err when it is not that form or
 * no bot of the logs has that name. */
static int parse_anchor(const char *text, const struct ladder_data *data,
			struct ratings_options *options, char *err)
{
	const char *eq = strrchr(text, '=');
	char *end;

	if (!eq || eq == text)
		return errorf(err, "--anchor takes BOT=ELO, e.g. --anchor random=1500, not '%s'",
			      text);
	options->level = strtod(eq + 1, &end);
	if (end == eq + 1 || *end || !isfinite(options->level))
		return errorf(err, "--anchor %s: the rating after '=' must be a number",
			      text);
	for (int i = 0; i < data->entrants; i++)
		if (strlen(data->names[i]) == (size_t)(eq - text) &&
		    !strncmp(data->names[i], text, (size_t)(eq - text))) {
			options->anchor = i;
			return 0;
		}
	return errorf(err, "--anchor %s: no bot named '%.*s' in these logs",
		      text, (int)(eq - text), text);
}

static void report_problem(void *ctx, const char *where, const char *what)
{
	(void)ctx;
	visible_line(stderr, "referee ladder: %s: %s", where, what);
}

/* Rates and prints in the format called `format_name` (one of
 * format_names; NULL: the table), the ratings placed by `anchor` (BOT=ELO,
 * or NULL); nothing but the problems, and exit status 1, when there is
 * one. */
static int ladder_report(char *const *paths, int count,
			 const char *format_name, const char *anchor,
			 const struct ladder_options *check)
{
	struct problems problems = {.report = report_problem};
	struct ladder_options collect = *check;
	struct ladder_data data;
	struct ladder_rank rank;
	struct ratings_options options = {.anchor = -1, .level = 0};
	enum format format = (enum format)format_called(format_name);
	char err[ERR_LEN], **names;
	int rc = EXIT_OK;

	collect.in_order = format == PGN;
	ladder_collect(paths, count, &collect, &data, &problems);
	if (problems.count) {
		ladder_free(&data);
		fprintf(stderr, "referee ladder: %ld problem%s: no ladder; 'referee "
			"verify FOLDER' checks a tournament's every log\n",
			problems.count, problems.count > 1 ? "s" : "");
		return EXIT_CHECK_FAILED;
	}
	names = xcalloc((size_t)data.entrants + 1, sizeof *names);
	for (int i = 0; i < data.entrants; i++)
		names[i] = visible_text(data.names[i], VISIBLE_LINE);
	if (format == PGN) {
		rc = print_pgn(&data, names);
	} else if (format == FOLDERS) {
		if (ladder_folders_print(paths, count, err))
			rc = cli_fail("ladder", "%s", err);
	} else if ((anchor && parse_anchor(anchor, &data, &options, err)) ||
		   ladder_rank(&data, &options, &rank, err)) {
		rc = cli_fail("ladder", "%s", err);
	} else {
		ladder_print(stdout, &data, &rank, names, printed_as[format], check->key != NULL);
		ladder_rank_free(&rank);
	}
	for (int i = 0; i < data.entrants; i++)
		free(names[i]);
	free(names);
	ladder_free(&data);
	return rc;
}

/* The ladder of `referee tournament`, which ends with it. */
int cmd_ladder_dirs(char *const *paths, int count, const char *format_name,
		    const unsigned char *key)
{
	struct ladder_options check = {.jobs = 1, .key = key};

	return ladder_report(paths, count, format_name, NULL, &check);
}

/* Reads the options; the paths are argv[optind] onwards.  EXIT_OK, or
 * EXIT_USAGE after a message. */
static int parse_args(int argc, char **argv, const char **format,
		      const char **anchor, struct ladder_options *check,
		      unsigned char *key)
{
	static const struct option longopts[] = {
		{"format", required_argument, NULL, 'f'},
		{"anchor", required_argument, NULL, 'a'},
		{"key", required_argument, NULL, 'k'},
		{"verify", no_argument, NULL, 'v'},
		{"provisional", no_argument, NULL, 'p'},
		{NULL, 0, NULL, 0},
	};
	char err[ERR_LEN];
	int opt;

	while ((opt = cli_option("ladder", argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (format_called(optarg) < 0)
				return cli_fail("ladder", "--format takes table, csv, json, "
						"pgn, crosstable or folders");
			*format = optarg;
			break;
		case 'a': *anchor = optarg; break;
		case 'k':
			if (keys_load_public(optarg, key, err))
				return cli_fail("ladder", "%s", err);
			check->key = key;
			break;
		case 'v': check->verify = true; break;
		case 'p': check->provisional = true; break;
		default: return EXIT_USAGE;   /* '?' */
		}
	}
	if (optind == argc)
		return cli_fail("ladder", "no path given");
	for (int i = optind; i < argc; i++)
		if (access(argv[i], F_OK))
			return cli_fail("ladder", "cannot read '%s': %s", argv[i],
					strerror(errno));
	return EXIT_OK;
}

int cmd_ladder(int argc, char **argv)
{
	const char *format = "table", *anchor = NULL;
	struct ladder_options check = {.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN)};
	unsigned char key[32];
	int rc;

	if (cli_wants_help(argc, argv)) {
		puts("usage: referee ladder PATH... [--format table|csv|json|pgn|crosstable|folders] "
		     "[--anchor BOT=ELO]\n"
		     "                      [--key PUBLIC_KEY_FILE] [--verify]\n"
		     "                      [--provisional]\n\n"
		     "Rates the bots from the games in each PATH: a tournament's "
		     "output folder\n(give every shard's folder to rate a sharded "
		     "run), its manifest.jsonl, a\nfolder of logs from 'play --out', "
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
		     "played) from the\nlogs' headers, with the games of each.");
		return EXIT_OK;
	}
	if ((rc = parse_args(argc, argv, &format, &anchor, &check, key)) != EXIT_OK)
		return rc;
	return ladder_report(argv + optind, argc - optind, format, anchor, &check);
}
