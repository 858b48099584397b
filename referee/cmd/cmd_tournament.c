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
#include "outdir.h"
#include "paths.h"
#include "preflight.h"
#include "progress.h"
#include "report/report.h"
#include "run_lock.h"
#include "schedule.h"
#include "tournament.h"
#include "tournament_file.h"
#include "tournament_duplicate.h"
#include "util.h"
#include "visible.h"

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
"  --out DIR          output folder (default: out/NAME next to FILE)\n"
"  --concurrency N    games at once (default: the file's, else the cores)\n"
"  --resume           continue a stopped run in DIR: finished games are\n"
"                     kept, unfinished ones played again; FILE may have\n"
"                     changed how a bot is run (command, workdir, readable,\n"
"                     env, pass_env), nothing else\n"
"  --shard I/N        play only the I-th of N slices of the schedule; \n"
"                     'referee ladder' over all the shards' folders gives the\n"
"                     ladder of the whole tournament\n"
"  --key FILE         sign with this secret key (default:\n"
"                     ~/.local/share/arena/referee.key, created when missing;\n"
"                     the public key is copied to DIR)\n"
"  --no-sandbox       run the bots without the sandbox, with all your rights\n"
"                     (as \"sandbox\": false; --sandbox overrides that)\n"
"  --no-limits        run the bots without a control group each: no memory\n"
"                     limit, no freezing while others move, wall-clock time\n"
"                     (as \"containment\": false; --limits overrides that)\n"
"  --report           keep the report site DIR/report/index.html current as\n"
"                     games finish (it reloads itself), as `referee report`\n"
"  --skip-broken      run without a bot that does not start before the first\n"
"                     game (its games are not played; the manifest says so)\n"
"                     instead of stopping there\n"
"  --start-failures N name a bot on the status line once it failed to start\n"
"                     N times in a row during the run (default 3)\n"
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

/* FILE's folder/out/NAME: next to the file, as its bots' folders are,
 * wherever the referee is started. */
static char *default_out(const char *file, const char *name)
{
	char *folder = path_parent(file), *out = path_join(folder, "out"),
	     *dir = path_join(out, name);

	free(folder);
	free(out);
	return dir;
}

/* With --report, the report as the run left it, no longer reloading. */
static void report_final(const struct tournament_run *run)
{
	static const struct report_options options = {0};
	char err[ERR_LEN], *index;

	if (!run->on_finished)
		return;
	if (report_build(run->out_dir, &options, NULL, err) < 0) {
		visible_line(stderr, "referee tournament: the report cannot be written: %s",
			     err);
		return;
	}
	index = report_index(run->out_dir, &options);
	fprintf(stderr, "report: %s\n", index);
	free(index);
}

/* Starts every bot once (preflight.h); when one does not start, stops
 * before any game (-1), or with --skip-broken leaves it out of the run. */
static int preflight(const struct tournament_spec *spec,
		     const struct schedule *schedule, struct tournament_run *run,
		     bool skip_broken, bool *broken, char **why)
{
	char err[ERR_LEN], *stderr_dir = outdir_stderr(run->out_dir);
	int count = files_mkdirs(stderr_dir, err) ? -1
		    : preflight_run(spec, schedule, run->shard_index, run->shard_count,
				    run->out_dir, broken, why);

	free(stderr_dir);
	if (count < 0) {
		cli_fail("tournament", "%s", err);
		return -1;
	}
	if (count && !skip_broken) {
		fprintf(stderr, "referee tournament: %d bot%s did not start (above), so "
			"no game was played: fix %s in %s, or pass --skip-broken to "
			"run without %s\n", count, count == 1 ? "" : "s",
			count == 1 ? "its entry" : "their entries", run->file,
			count == 1 ? "it" : "them");
		return -1;
	}
	for (int b = 0; b < spec->bot_count; b++)
		if (broken[b])
			visible_line(stderr, "referee tournament: --skip-broken: the run "
				     "goes on without '%s': its games are not played",
				     spec->bots[b].name);
	run->skipped = broken;
	run->skip_why = why;
	return 0;
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
		{"limits", no_argument, NULL, 'L'},
		{"no-limits", no_argument, NULL, 'n'},
		{"report", no_argument, NULL, 'R'},
		{"quiet", no_argument, NULL, 'q'},
		{"skip-broken", no_argument, NULL, 'b'},
		{"start-failures", required_argument, NULL, 'f'},
		{NULL, 0, NULL, 0},
	};
	struct tournament_run run = {.shard_index = 1, .shard_count = 1, .lock_fd = -1};
	struct tournament_events events;
	struct progress progress;
	bool skip_broken = false, quiet = false, *broken = NULL;
	char **why = NULL;
	long start_failures = 3;
	struct report_live live = {0};
	struct tournament_spec spec;
	struct schedule schedule = {0};
	struct referee_key key;
	const char *key_file = NULL;
	char err[ERR_LEN], *out = NULL, *manifest = NULL;
	long concurrency = 0;
	int sandbox = -1;   /* from the file unless a flag says */
	int contain = -1;
	int opt, played, first_bots, rc = EXIT_USAGE;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	while ((opt = cli_option("tournament", argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'o': run.out_dir = optarg; break;
		case 'c':
			if (!cli_number("tournament", "--concurrency", optarg, 1, 4096, &concurrency))
				return EXIT_USAGE;
			break;
		case 'r': run.resume = true; break;
		case 'q': quiet = true; break;
		case 'b': skip_broken = true; break;
		case 'f':
			if (!cli_number("tournament", "--start-failures", optarg, 1,
					1000000, &start_failures))
				return EXIT_USAGE;
			break;
		case 's':
			if (!parse_shard(optarg, &run.shard_index, &run.shard_count))
				return cli_fail("tournament", "--shard takes I/N with "
						"1 <= I <= N, not '%s'", optarg);
			break;
		case 'k': key_file = optarg; break;
		case 'S': sandbox = 1; break;
		case 'N': sandbox = 0; break;
		case 'L': contain = 1; break;
		case 'n': contain = 0; break;
		case 'R': run.on_finished = report_live_update; run.hook_ctx = &live; break;
		default:   /* '?' */
			return EXIT_USAGE;
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
	if (contain >= 0)
		spec.limits.contain = contain;
	if (tournament_duplicate_check(&spec, err)) {
		tournament_file_free(&spec);
		return cli_fail("tournament", "%s: %s", run.file, err);
	}
	if (!run.out_dir)
		run.out_dir = out = default_out(run.file, spec.name);
	run.concurrency = (int)(concurrency ? concurrency
			       : spec.concurrency ? spec.concurrency
			       : sysconf(_SC_NPROCESSORS_ONLN));
	manifest = outdir_manifest(run.out_dir);
	if (run.resume && access(manifest, F_OK)) {
		cli_fail("tournament", "nothing to resume: %s has no %s",
			 run.out_dir, OUTDIR_MANIFEST);
		goto out;
	}
	/* The bots a resumed run started with make the first generation of
	 * its schedule; those the file added since, the next ones.  One it
	 * removed is refused when the manifest is read again. */
	first_bots = run.resume ? manifest_first_bots(run.out_dir) : -1;
	if (first_bots < 0 || first_bots > spec.bot_count)
		first_bots = spec.bot_count;
	if (schedule_build(&spec, first_bots, MAX_GAMES, &schedule, err)) {
		cli_fail("tournament", "%s", err);
		goto out;
	}
	if (cli_containment_ready("tournament", &spec.time, &spec.limits) ||
	    cli_sandbox_ready("tournament", &spec.limits,
			      (const char *const[]){ run.out_dir, key_file }, 2))
		goto out;
	/* Locked before the manifest is looked at: a run going on there is
	 * named, whichever of the two was asked for. */
	if (files_mkdirs(run.out_dir, err) ||
	    (run.lock_fd = run_lock(run.out_dir, err)) < 0) {
		cli_fail("tournament", "%s", err);
		goto out;
	}
	if (!run.resume && access(manifest, F_OK) == 0) {
		cli_fail("tournament", "%s already holds a tournament: add --resume "
			 "to continue it, or choose another --out", run.out_dir);
		goto out;
	}
	if (!cli_signing_key("tournament", key_file, run.out_dir, &key))
		goto out;
	run.key = &key;
	if (!quiet)
		visible_line(stderr, "%s: %s, %ld game%s in %d table%s, shard %d/%d, "
			     "%d at once, output in %s/", spec.name, spec.rules->name,
			     schedule.game_count, schedule.game_count == 1 ? "" : "s",
			     schedule.table_count, schedule.table_count == 1 ? "" : "s",
			     run.shard_index, run.shard_count, run.concurrency, run.out_dir);
	live.dir = run.out_dir;
	broken = xcalloc((size_t)spec.bot_count, sizeof *broken);
	why = xcalloc((size_t)spec.bot_count, sizeof *why);
	if (preflight(&spec, &schedule, &run, skip_broken, broken, why))
		goto out;
	/* The run tells its progress; the status line shows it. */
	progress_init(&progress, &spec, isatty(STDERR_FILENO), quiet);
	progress.start_failures = (int)start_failures;
	progress.out_dir = run.out_dir;
	events = progress_events(&progress);
	run.events = &events;
	played = tournament_play(&spec, &schedule, &run, err);
	progress_free(&progress);
	if (played < 0) {
		visible_line(stderr, "referee tournament: %s", err);
		report_final(&run);
		goto out;
	}
	if (played == 1) {
		char *signed_manifest = outdir_manifest(run.out_dir);

		fprintf(stderr, "referee tournament: %s is signed: nothing left "
			"to play\n", signed_manifest);
		free(signed_manifest);
	}
	report_final(&run);
	/* Its own key: what this run signed is what the ladder rates. */
	rc = cli_ladder((char *const *)&run.out_dir, 1, LADDER_TABLE, NULL,
			&(struct ladder_options){.jobs = 1, .key = key.public_key});
out:
	for (int b = 0; why && b < spec.bot_count; b++)
		free(why[b]);
	free(why);
	free(broken);
	sodium_memzero(&key, sizeof key);
	free(manifest);
	free(out);
	schedule_free(&schedule);
	cli_limits_free(&spec.limits);
	tournament_file_free(&spec);
	return rc;
}
