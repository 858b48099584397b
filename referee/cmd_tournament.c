/*
 * `referee tournament FILE [--concurrency N] [--out DIR] [--resume]
 * [--shard I/N] [--key FILE] [--report]`: plays a tournament file's schedule on all
 * cores, writing a signed log per game and a manifest, then prints the
 * ladder.
 */
#include <errno.h>
#include <getopt.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "files.h"
#include "manifest.h"
#include "report.h"
#include "schedule.h"
#include "tournament.h"
#include "tournament_file.h"
#include "util.h"

/* The most games one schedule may hold. */
#define MAX_GAMES 10000000L

static const char usage[] =
"usage: referee tournament FILE [options]\n"
"\n"
"Plays every game of the tournament FILE (docs/TOURNAMENTS.md), several at\n"
"once, and prints the ladder. Each game's signed log goes to DIR/games/ as\n"
"it ends; DIR/manifest.jsonl lists every game started and finished, with\n"
"its log's hash.\n"
"\n"
"  --out DIR          output folder (default: out/NAME)\n"
"  --concurrency N    games at once (default: the file's, else the cores)\n"
"  --resume           continue a stopped run in DIR: finished games are\n"
"                     kept, unfinished ones played again\n"
"  --shard I/N        play only the I-th of N slices of the schedule; \n"
"                     'referee ladder' over all the shards' folders gives the\n"
"                     ladder of the whole tournament\n"
"  --key FILE         sign with this secret key (default:\n"
"                     ~/.local/share/arena/referee.key, created when missing;\n"
"                     the public key is copied to DIR)\n"
"  --no-sandbox       run the bots without the sandbox, with all your rights\n"
"                     (as \"sandbox\": false; --sandbox overrides that)\n"
"  --report           keep the report site DIR/report/index.html current as\n"
"                     games finish (it reloads itself), as `referee report`\n"
"  --quiet            print only the final ladder (and any error)\n"
"\n"
"Progress goes to stderr: on a terminal one status line (games done of the\n"
"run's total, games a second, time left, forfeits, the top three), else a\n"
"line every 5 seconds.\n"
"\n"
"Exit status: 0 when every game of the run is finished, 2 on a bad file or\n"
"usage, or when the run stops (run it again with --resume).\n";

static bool parse_shard(const char *text, int *index, int *count)
{
	char extra;

	return sscanf(text, "%d/%d%c", index, count, &extra) == 2 &&
	       *count >= 1 && *count <= 100000 && *index >= 1 && *index <= *count;
}

/* With --report, the report as the run left it, no longer reloading. */
static void report_final(const struct tournament_run *run)
{
	char err[ERR_LEN];

	if (run->on_finished && report_build(run->out_dir, NULL, false, err) < 0)
		fprintf(stderr, "referee tournament: the report cannot be written: %s\n", err);
	else if (run->on_finished)
		fprintf(stderr, "report: %s/report/index.html\n", run->out_dir);
}

int cmd_tournament(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"out", required_argument, NULL, 'o'},
		{"concurrency", required_argument, NULL, 'c'},
		{"resume", no_argument, NULL, 'r'},
		{"shard", required_argument, NULL, 's'},
		{"key", required_argument, NULL, 'k'},
		{"sandbox", no_argument, NULL, 'S'},
		{"no-sandbox", no_argument, NULL, 'N'},
		{"report", no_argument, NULL, 'R'},
		{"quiet", no_argument, NULL, 'q'},
		{NULL, 0, NULL, 0},
	};
	struct tournament_run run = {.shard_index = 1, .shard_count = 1};
	struct report_live live = {0};
	struct tournament_spec spec;
	struct schedule schedule;
	struct referee_key key;
	const char *key_file = NULL;
	char err[ERR_LEN], *out = NULL, *manifest = NULL;
	long concurrency = 0;
	int sandbox = -1;   /* from the file unless a flag says */
	int opt, rc = EXIT_USAGE;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'o': run.out_dir = optarg; break;
		case 'c':
			if (!cli_number("tournament", "--concurrency", optarg, 1, 4096, &concurrency))
				return EXIT_USAGE;
			break;
		case 'r': run.resume = true; break;
		case 'q': run.quiet = true; break;
		case 's':
			if (!parse_shard(optarg, &run.shard_index, &run.shard_count))
				return cli_fail("tournament", "--shard takes I/N with "
						"1 <= I <= N, not '%s'", optarg);
			break;
		case 'k': key_file = optarg; break;
		case 'S': sandbox = 1; break;
		case 'N': sandbox = 0; break;
		case 'R': run.on_finished = report_live_update; run.hook_ctx = &live; break;
		default:
			return cli_fail("tournament", "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return cli_fail("tournament", "give one tournament file");
	run.file = argv[optind];
	if (tournament_file_read(run.file, &spec, err))
		return cli_fail("tournament", "%s", err);
	if (tournament_file_check_bots(&spec, err)) {
		tournament_file_free(&spec);
		return cli_fail("tournament", "%s: %s", run.file, err);
	}
	if (sandbox >= 0)
		spec.limits.sandbox = sandbox;
	if (schedule_build(&spec, MAX_GAMES, &schedule, err)) {
		tournament_file_free(&spec);
		return cli_fail("tournament", "%s", err);
	}
	if (!run.out_dir) {
		size_t len = strlen(spec.name) + 8;

		out = xmalloc(len);
		snprintf(out, len, "out/%s", spec.name);
		run.out_dir = out;
	}
	run.concurrency = (int)(concurrency ? concurrency
			       : spec.concurrency ? spec.concurrency
			       : sysconf(_SC_NPROCESSORS_ONLN));
	manifest = xmalloc(strlen(run.out_dir) + sizeof MANIFEST_FILE + 2);
	sprintf(manifest, "%s/%s", run.out_dir, MANIFEST_FILE);
	if (!run.resume && access(manifest, F_OK) == 0) {
		cli_fail("tournament", "%s already holds a tournament: add --resume "
			 "to continue it, or choose another --out", run.out_dir);
		goto out;
	}
	if (run.resume && access(manifest, F_OK)) {
		cli_fail("tournament", "nothing to resume: %s has no %s",
			 run.out_dir, MANIFEST_FILE);
		goto out;
	}
	if (cli_sandbox_ready("tournament", &spec.limits,
			      (const char *const[]){ run.out_dir, key_file }, 2))
		goto out;
	if (files_mkdirs(run.out_dir, err)) {
		cli_fail("tournament", "%s", err);
		goto out;
	}
	if (!cli_signing_key("tournament", key_file, run.out_dir, &key))
		goto out;
	run.key = &key;
	if (!run.quiet)
		fprintf(stderr, "%s: %s, %ld games in %d tables, shard %d/%d, %d at once, "
			"output in %s/\n", spec.name, spec.rules->name,
			schedule.game_count, schedule.table_count, run.shard_index,
			run.shard_count, run.concurrency, run.out_dir);
	live.dir = run.out_dir;
	if (tournament_play(&spec, &schedule, &run, err)) {
		fprintf(stderr, "referee tournament: %s\n", err);
		report_final(&run);
		goto out;
	}
	report_final(&run);
	rc = cmd_ladder_dirs((char *const *)&run.out_dir, 1, NULL);
out:
	sodium_memzero(&key, sizeof key);
	free(manifest);
	free(out);
	schedule_free(&schedule);
	cli_limits_free(&spec.limits);
	tournament_file_free(&spec);
	return rc;
}
