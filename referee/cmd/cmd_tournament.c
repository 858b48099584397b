/*
 * `referee tournament FILE [--concurrency N] [--out DIR] [--resume]
 * [--shard I/N] [--key FILE] [--report]`: reads its options, runs the
 * tournament (tournament_run.h: a file's schedule on all cores, a signed
 * log per game and a manifest), says under its name what the run tells,
 * then prints the ladder (ladder_print.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "base/visible.h"
#include "bot/excerpt.h"
#include "cli.h"
#include "report/report.h"
#include "run/tournament_run.h"

static const char usage[] =
"usage: referee tournament FILE [options]\n"
"\n"
"Plays every game of the tournament FILE (docs/TOURNAMENTS.md), several at\n"
"once, and prints the ladder. Each game's signed log goes to DIR/games/ as\n"
"it ends; DIR/run.jsonl lists every game started and finished, with\n"
"its log's hash.\n"
"\n"
"  --out DIR          output folder (default: out/NAME next to FILE)\n"
"  --concurrency N    games at once (default: the file's, else the cores)\n"
"  --resume           continue a stopped run in DIR: finished games are\n"
"                     kept, unfinished ones played again; FILE may have\n"
"                     changed how a bot is run (command, workdir, readable,\n"
"                     env, pass_env), nothing else; the run's book,\n"
"                     --compress, --skip-broken and --shard are taken\n"
"                     again from DIR\n"
"  --shard I/N        play only the I-th of N slices of the schedule; \n"
"                     'referee ladder' over all the shards' folders gives the\n"
"                     ladder of the whole tournament (a Swiss's shards read\n"
"                     each other's results: --out ending in I, as shard-I)\n"
"  --key FILE         sign with this secret key (default:\n"
"                     ~/.local/share/arena/referee.key, created when missing;\n"
"                     the public key is copied to DIR)\n"
"  --no-sandbox       run the bots without the sandbox, with all your rights\n"
"                     (as \"sandbox\": false; --sandbox overrides that)\n"
"  --no-limits        run the bots uncontained, for trusted bots only: no\n"
"                     control group nor the fallback without one (no memory\n"
"                     limit, no freezing while others move, wall-clock time)\n"
"                     (as \"containment\": false; --limits overrides that)\n"
"  --report           keep the report site DIR/report/index.html current as\n"
"                     games finish (it reloads itself), as `referee report`\n"
"  --skip-broken      run without a bot that does not start before the first\n"
"                     game (its games are not played; the manifest says so)\n"
"                     instead of stopping there; once it is fixed, --resume\n"
"                     plays them, even after the run finished (a Swiss\n"
"                     pairs it in no round, and keeps it out)\n"
"  --start-failures N name a bot on the status line once it failed to start\n"
"                     N times in a row during the run (default 3)\n"
"  --openings-book FILE  open the games from the opening book FILE, each\n"
"                     line for every rotation of a table's seating, in the\n"
"                     book's order (as \"openings\": {\"book\": FILE})\n"
"  --compress         write each game's log gzip-compressed (as \"compress\":\n"
"                     true); every verb reads both kinds\n"
"  --quiet            print only the final ladder (and any error)\n"
"\n"
"Before the first game, every bot is started once as its games start it and\n"
"must answer hello; one that does not is named with the first and last\n"
"lines of its stderr, and no game is played (see --skip-broken).\n"
"\n"
"Progress goes to stderr: on a terminal one status line (games done of the\n"
"run's total, games a second, time left, forfeits, the top three by score,\n"
"the leader by rating), else a line every 5 seconds. 'referee ladder\n"
"--provisional DIR' rates the games finished so far.\n"
"\n"
"One run at a time holds DIR: another run or --resume of it is refused.\n"
"\n"
"Exit status: 0 when every game of the run is finished, 2 on a bad file or\n"
"usage, when a bot does not start, or when the run stops (run it again\n"
"with --resume).\n";

static bool parse_shard(const char *text, int *index, int *count)
{
	char extra;

	return sscanf(text, "%d/%d%c", index, count, &extra) == 2 &&
	       *count >= 1 && *count <= 100000 && *index >= 1 && *index <= *count;
}

/* The run's hooks (tournament_run.h), as the verb shows them. */
static int ready(void *ctx, struct tournament_spec *spec,
		 const char *const *hidden, int count)
{
	(void)ctx;
	if (cli_containment_ready("tournament", &spec->time, &spec->limits) ||
	    cli_sandbox_ready("tournament", &spec->limits, hidden, count))
		return EXIT_USAGE;
	return EXIT_OK;
}

static void unready(void *ctx, struct tournament_spec *spec)
{
	(void)ctx;
	cli_limits_free(&spec->limits);
}

static int signing_key(void *ctx, const char *key_file, const char *out_dir,
		       struct referee_key *key)
{
	(void)ctx;
	return cli_signing_key("tournament", key_file, out_dir, key) ? EXIT_OK
	       : EXIT_USAGE;
}

static void say(void *ctx, const char *line)
{
	(void)ctx;
	visible_line(stderr, "referee tournament: %s", line);
}

static void bot_silent(void *ctx, const char *name, long ms)
{
	(void)ctx;
	visible_line(stderr, "referee tournament: bot '%s' is running but did not "
		     "answer hello alone within %ld ms; it plays (it may wait for "
		     "its game's opening; if not, %s)", name, ms, EXCERPT_FLUSH_HINT);
}

static void bot_no_start(void *ctx, const char *name, const char *why,
			 const char *stderr_path, bool sandboxed)
{
	(void)ctx;
	cli_no_start("tournament", name, why, stderr_path, true, sandboxed);
}

/* What the report tells, live or at the end. */
static void report_say(const char *line)
{
	say(NULL, line);
}

/* With --report, the live report's folder: the run's. */
static void report_start(void *ctx, const char *out_dir)
{
	struct report_live *live = ctx;

	if (live)
		live->dir = out_dir;
}

/* With --report, the report as the run left it, no longer reloading. */
static void report_final(void *ctx, const char *out_dir)
{
	static const struct report_options options = {.warn = report_say};
	char err[ERR_LEN], *index;

	if (!ctx)
		return;
	if (report_build(out_dir, &options, NULL, err) < 0) {
		visible_line(stderr, "referee tournament: the report cannot be written: %s",
			     err);
		return;
	}
	index = report_index(out_dir, &options);
	fprintf(stderr, "report: %s\n", index);
	free(index);
}

static const struct cli_opt tournament_options[] = {
	CLI_TEXT("out", struct tournament_request, out_dir),
	CLI_LONG("concurrency", struct tournament_request, concurrency, 1, 4096),
	CLI_FLAG("resume", struct tournament_request, resume),
	CLI_OPT("shard", required_argument, 's'),
	CLI_TEXT("key", struct tournament_request, key_file),
	CLI_OPT("report", no_argument, 'R'),
	CLI_FLAG("quiet", struct tournament_request, quiet),
	CLI_FLAG("compress", struct tournament_request, compress),
	CLI_TEXT("openings-book", struct tournament_request, book),
	CLI_FLAG("skip-broken", struct tournament_request, skip_broken),
	CLI_LONG("start-failures", struct tournament_request, start_failures, 1, 1000000),
	CLI_SWITCH_LONGOPTS,
	CLI_END,
};

/* One option of tournament's that it does not take whole, into `q`:
 * EXIT_OK, or EXIT_USAGE after a message. */
static int tournament_option(int opt, struct tournament_request *q,
			     struct report_live *live)
{
	switch (opt) {
	case 's':
		if (!parse_shard(optarg, &q->shard_index, &q->shard_count))
			return cli_fail("tournament", "--shard takes I/N with "
					"1 <= I <= N, not '%s'", optarg);
		break;
	case 'R': q->on_finished = report_live_update; q->hook_ctx = live; break;
	default:   /* '?' */
		return cli_switch(opt, &q->sandbox, &q->contain) ? EXIT_OK : EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Reads the options into `q`; the file is argv[optind].  EXIT_OK, or
 * EXIT_USAGE after a message. */
static int parse_args(int argc, char **argv, struct tournament_request *q,
		      struct report_live *live)
{
	int opt, rc = EXIT_OK;

	while (rc == EXIT_OK &&
	       (opt = cli_option(&cmd_tournament_entry, argc, argv, NULL, q)) != -1)
		rc = tournament_option(opt, q, live);
	if (rc != EXIT_OK)
		return rc;
	if (optind != argc - 1)
		return cli_fail("tournament", "give one tournament file");
	q->file = argv[optind];
	return EXIT_OK;
}

static int cmd_tournament(int argc, char **argv)
{
	struct tournament_request q = {
		.shard_index = 1, .shard_count = 1, .sandbox = -1, .contain = -1,
		.start_failures = 3,
	};
	struct report_live live = {.warn = report_say};
	struct tournament_hooks hooks = {
		.ready = ready, .unready = unready, .signing_key = signing_key,
		.say = say, .games_start = report_start, .games_ended = report_final,
		.silent = bot_silent, .no_start = bot_no_start,
	};
	struct tournament_outcome outcome;
	char err[ERR_LEN];
	int rc;

	if ((rc = parse_args(argc, argv, &q, &live)) != EXIT_OK)
		return rc;
	hooks.ctx = q.on_finished ? &live : NULL;
	switch (tournament_run(&q, &hooks, &outcome, err)) {
	case TOURNAMENT_REFUSED:
		return cli_fail("tournament", "%s", err);
	case TOURNAMENT_FAILED:
		visible_line(stderr, "referee tournament: %s", err);
		return EXIT_USAGE;
	case TOURNAMENT_SAID:
		return outcome.status;
	case TOURNAMENT_PLAYED:
		break;
	}
	/* The run signed with the user's own key (keys_trust_signing()), so
	 * its ladder is trusted as every later verb on the folder trusts it,
	 * and says so in the same words. */
	rc = cli_ladder(&outcome.out_dir, 1, LADDER_TABLE, NULL,
			&(struct ladder_options){.jobs = 1});
	free(outcome.out_dir);
	return rc;
}

const struct cmd_entry cmd_tournament_entry = {
	.name = "tournament",
	.summary = "play a tournament file on all cores",
	.options = tournament_options,
	.usage = usage,
	.exec = cmd_tournament,
};
