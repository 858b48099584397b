/*
 * `referee league run` and `referee league play-task` (docs/LEAGUE.md,
 * "A run"): the options of a run, its progress on a terminal, runs one
 * after another until a stop, on this machine's cores or on Slurm, whose
 * array elements run play-task.
 */
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/options.h"
#include "base/paths.h"
#include "base/util.h"
#include "cli.h"
#include "cmd_league.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "league/league_pace.h"
#include "league/league_register.h"
#include "league/league_run.h"
#include "league/league_slurm.h"
#include "league/league_sync.h"
#include "run/run_lock.h"
#include "run/run_loop.h"

#define fail(...) cli_fail("league", __VA_ARGS__)

/* "30s", "10m", "2h", "1d" or seconds, into ns; false after a message. */
static bool parse_duration(const char *text, int64_t *ns)
{
	char *end;
	double x = strtod(text, &end), unit = 1;

	if (*end == 's' || *end == 'm' || *end == 'h' || *end == 'd')
		unit = *end == 's' ? 1 : *end == 'm' ? 60 : *end == 'h' ? 3600 : 86400, end++;
	if (end == text || *end || !(x > 0) || x * unit > 1e7) {
		fail("--for takes a duration (30s, 10m, 2h, 1d), not '%s'", text);
		return false;
	}
	*ns = (int64_t)(x * unit * 1e9);
	return true;
}

struct run_args {
	struct league_run run;
	const char *key_file;
	int64_t for_ns;
	bool trusted_bots;
	bool slurm;                  /* --engine slurm */
	long run_games;              /* --run-games: a run's games at most */
	const char *slurm_words;     /* --slurm-args */
	char **words;                /* the options as given, for play-task */
	int word_count;
	int64_t shown;               /* now_ns() of the last progress line */
	bool accept_loss;            /* --accept-loss (league_sync.h) */
};

/* How often a run on a terminal says how far it is. */
#define PROGRESS_NS (5 * (int64_t)1000000000)

/* The options of run (and of play-task, which takes the run's). */
static const struct cmd_entry run_options_entry = {
	.name = "league",
	.options = (const struct cli_opt[]){
		CLI_LONG("games", struct run_args, run.max_games, 1, 1000000000L),
		CLI_OPT("for", required_argument, 'f'),
		CLI_INT("concurrency", struct run_args, run.concurrency, 1, 4096),
		CLI_INT("batch", struct run_args, run.batch, 1, 10000),
		CLI_TEXT("key", struct run_args, key_file),
		CLI_FLAG("trusted-bots", struct run_args, trusted_bots),
		CLI_OPT("engine", required_argument, 'e'),
		CLI_TEXT("slurm-args", struct run_args, slurm_words),
		CLI_OPT("no-compress", no_argument, 'Z'),
		CLI_LONG("run-games", struct run_args, run_games, 1, 1000000),
		CLI_LONG("rest-interval", struct run_args, run.rest_interval, 0, 100000),
		CLI_LONG("trickle", struct run_args, run.trickle, 0, 100000),
		CLI_FLAG("accept-loss", struct run_args, accept_loss),
		CLI_MATCH_LONGOPTS,
		CLI_END,
	},
};

/* The options of run (and of play-task, which takes the run's), then
 * `operands` operands. */
static int run_options(struct run_args *a, int argc, char **argv, int operands)
{
	int opt, rc;

	while ((opt = cli_option(&run_options_entry, argc, argv, NULL, a)) != -1) {
		if (opt == 'f' && !parse_duration(optarg, &a->for_ns))
			return EXIT_USAGE;
		if (opt == 'e' && strcmp(optarg, "local") && strcmp(optarg, "slurm"))
			return fail("--engine takes local or slurm, not '%s'", optarg);
		if (opt == 'e')
			a->slurm = !strcmp(optarg, "slurm");
		if (opt == 'Z')
			a->run.config.compress = false;
		if (opt == '?')
			return EXIT_USAGE;
		if (opt > OPT_MATCH_FIRST && (rc = cli_match_option("league", opt, optarg,
							   &a->run.config.time, &a->run.limits)))
			return rc;
	}
	if (a->run.max_games && a->for_ns)
		return fail("give --games N or --for DURATION, not both");
	if (argc - optind != operands)
		return fail(operands == 1 ? "run takes a league's folder"
			    : "play-task takes a league's folder, a batch file and a task's index");
	return EXIT_OK;
}

/* A line on the terminal at most every PROGRESS_NS of the run (a set
 * ends more often), the first PROGRESS_NS after it began: the games of
 * the run under way, whether it rests, and the time left of --for. */
static void show_progress(void *ctx, long games, long sets, int versions, bool resting)
{
	struct run_args *a = ctx;
	int64_t now = now_ns();

	if (now - a->shown < PROGRESS_NS)
		return;
	a->shown = now;
	fprintf(stderr, "referee league: this run has played %ld games in %ld sets, %d "
		"versions playing", games, sets, versions);
	if (resting) {
		char *trickle = league_pace_trickle_text(a->run.trickle);

		fprintf(stderr, ", resting (every interval under +/- %ld: %s)",
			a->run.rest_interval, trickle);
		free(trickle);
	}
	if (a->run.until_ns)
		fprintf(stderr, ", %lld s left",
			(long long)((a->run.until_ns > now ? a->run.until_ns - now : 0) / 1000000000));
	fputc('\n', stderr);
}

/* The run on Slurm: its elements run this referee's play-task with the
 * run's options and its key. */
static int run_slurm(struct run_args *a, struct league_run_end *end, char *err)
{
	char *referee = files_readlink("/proc/self/exe"), *key_dir = NULL, *key = NULL;
	char **words = xcalloc((size_t)a->word_count + 3, sizeof *words);
	struct league_slurm s = {.referee = referee, .words = words,
				 .word_count = a->word_count,
				 .sbatch_words = a->slurm_words};
	int rc;

	memcpy(words, a->words, (size_t)a->word_count * sizeof *words);
	if (!a->key_file && (key_dir = keys_default_dir(err)))
		key = path_join(key_dir, KEYS_SECRET_FILE);
	if (key || a->key_file) {
		words[s.word_count++] = "--key";
		words[s.word_count++] = key ? key : (char *)a->key_file;
	}
	rc = !referee ? errorf(err, "cannot find the referee's own program: %s",
			       strerror(errno))
	     : !key_dir && !a->key_file ? -1 : league_slurm_play(&a->run, &s, end, err);
	free(referee);
	free(key_dir);
	free(key);
	free(words);
	return rc;
}

/* The runs cut before their end (kill -9, a crash, a full disk) closed
 * and their finished games entered, what an array of a Slurm run played
 * checked first: 0, or -1 with err. */
static int close_cut(struct run_args *a, const char *dir, const struct league_info *info,
		     const struct referee_key *key, char *err)
{
	const struct league_closer closer = {.key = key, .accept_loss = a->accept_loss};

	return league_slurm_settle(dir, a->run.db, info->rules->name, info->options,
				   key->public_key, err) ||
	       league_sync(dir, a->run.db, info->rules->name, info->players, &closer, err)
	       ? -1 : 0;
}

/* After a run's error (a full disk): the run closed at once as the next
 * would close it, if the folder lets it; said either way. */
static void close_after_error(struct run_args *a, const char *dir,
			      const struct league_info *info, const struct referee_key *key)
{
	char err[ERR_LEN];

	/* An error before the run began left nothing to close. */
	if (league_db_open_runs(a->run.db) <= 0)
		return;
	if (close_cut(a, dir, info, key, err))
		fprintf(stderr, "referee league: the run could not be closed after that "
			"(%s): every finished game is kept in its logs, and the next "
			"'referee league run' closes it and counts them\n", err);
	else
		fprintf(stderr, "referee league: the run was closed after that: every "
			"finished game is kept and counted, and the next run goes on\n");
}

/* Runs one after another until a stop by count, time or signal: a run
 * ended by a change of the roster (a version added, a bot retired, a
 * season begun) is followed at once by the next, which seats the league
 * as it is now, with what is left of --games, and so is a run that has
 * played --run-games, in a folder of its own.  As league_run_play()
 * returns; the games entered and the runs in *games and *runs. */
static int play_runs(struct run_args *a, long *games, int *runs, char *err)
{
	struct league_run *run = &a->run;
	long max_games = run->max_games;
	struct league_run_end end;
	/* What each version's sets take, known to the runs that follow. */
	struct league_walls walls = {0};
	int sig;

	run->walls = &walls;
	for (*games = 0, *runs = 0;; ) {
		long left = max_games ? max_games - *games : 0;
		bool capped = !left || a->run_games < left;

		run->max_games = capped ? a->run_games : left;
		end = (struct league_run_end){0};
		sig = a->slurm ? run_slurm(a, &end, err) : league_run_play(run, &end, err);
		*games += end.games;
		*runs += sig >= 0;
		run->after_roster_change = end.roster_changed;
		if (sig || !(end.roster_changed || (capped && end.full)))
			break;
		if (max_games && *games >= max_games)
			break;
		if (end.roster_changed)
			fprintf(stderr, "referee league: the league's bots changed: a new "
				"run seats them\n");
	}
	run->max_games = max_games;
	run->walls = NULL;
	league_walls_free(&walls);
	return sig;
}

/* Whether `key` is the league's, the one that signs its register: a
 * folder's every signature is made with one key (docs/FAIRNESS-LEAGUE.md,
 * item 23), so a run signed with another would leave a folder that
 * `verify` refuses.  False after saying so. */
static bool is_league_key(const char *dir, const struct league_info *info,
			  const struct referee_key *key)
{
	char league[65], given[65];

	league_register_key(dir, info, league);
	hex_encode(given, key->public_key, sizeof key->public_key);
	if (!*league || !strcmp(league, given))
		return true;
	fail("the key given signs as %s, not as the league's key %s, which signs its "
	     "register: a league's folder is signed with one key, so run it with that key's "
	     "--key FILE", given, league);
	return false;
}

/* The run once the league is open and locked. */
static int run_league(struct run_args *a, const char *dir, struct league_info *info)
{
	struct referee_key key;
	char err[ERR_LEN];
	int rc;

	if (!cli_signing_key("league", a->key_file, dir, &key))
		return EXIT_USAGE;
	if (!is_league_key(dir, info, &key)) {
		sodium_memzero(&key, sizeof key);
		return EXIT_USAGE;
	}
	rc = cli_sandbox_ready("league", &a->run.limits,
			       (const char *const[]){dir, a->key_file}, 2);
	if (rc == EXIT_OK)
		rc = cli_duplicate_allowed("league", "a league (its games are duplicate sets)", &a->run.limits, a->trusted_bots);
	a->run.config.key = &key;
	if (rc == EXIT_OK && close_cut(a, dir, info, &key, err))
		rc = fail("%s", err);
	if (rc == EXIT_OK) {
		a->run.until_ns = a->for_ns ? now_ns() + a->for_ns : 0;
		a->shown = now_ns();
		long games = 0;
		int runs = 0;
		int sig = play_runs(a, &games, &runs, err);

		/* What a run did, said when it ends (its progress goes to a
		 * terminal only). */
		if (sig >= 0 && !a->slurm)
			printf("%ld games in %ld sets played and rated, in %d run%s\n", games,
			       games / a->run.players, runs, runs == 1 ? "" : "s");

		if (sig < 0) {
			/* Not the usage's hint: a full disk is no mistake of usage. */
			fprintf(stderr, "referee league: %s\n", err);
			rc = EXIT_USAGE;
			close_after_error(a, dir, info, &key);
		} else if (sig > 0) {
			char name[32];

			run_loop_signal_text(sig, name, sizeof name);
			fprintf(stderr, "referee league: stopped by %s; every finished "
				"game is kept, and the next run goes on\n", name);
			rc = EXIT_CHECK_FAILED;
		}
	}
	sodium_memzero(&key, sizeof key);
	return rc;
}

int league_run(int argc, char **argv)
{
	struct run_args a = {.run = {.batch = LEAGUE_BATCH,
				     .rest_interval = LEAGUE_REST_INTERVAL,
				     .trickle = LEAGUE_TRICKLE,
				     .config.time = cli_default_time,
				     .config.compress = true,
				     .limits = cli_default_limits},
			     .run_games = LEAGUE_RUN_GAMES};
	struct league_info info;
	char err[ERR_LEN];
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int rc = run_options(&a, argc, argv, 1);
	const char *dir = argv[optind];

	a.words = argv + 1;
	a.word_count = optind - 1;
	if (rc == EXIT_OK && a.slurm && league_slurm_script((char *[]){"here", NULL}, NULL, err))
		rc = fail("%s", err);
	if (rc != EXIT_OK)
		return rc;
	if ((rc = cli_containment_ready("league", &a.run.config.time, &a.run.limits)))
		return rc;
	if (league_open(dir, &info, &a.run.db, err))
		return fail("%s", err);
	a.run.dir = dir;
	if (a.run.max_games)
		a.run.rest_interval = 0;  /* the count asked for, at full speed */
	if (isatty(STDERR_FILENO)) {
		a.run.progress = show_progress;
		a.run.ctx = &a;
	}
	a.run.players = info.players;
	a.run.league_id = *info.id ? info.id : NULL;
	a.run.config.rules = info.rules;
	a.run.config.options = info.options;
	if (!a.run.concurrency)
		a.run.concurrency = cores > 0 ? (int)cores : 1;
	if ((a.run.lock_fd = run_lock(dir, err)) < 0)
		rc = fail("one run at a time on a league: %s", err);
	else {
		rc = run_league(&a, dir, &info);
		close(a.run.lock_fd);
	}
	cli_limits_free(&a.run.limits);
	league_db_close(a.run.db);
	league_info_free(&info);
	return rc;
}

/* An element of a Slurm run's array: plays task INDEX of batch file
 * BATCH, with the run's options. */
int league_play_task(int argc, char **argv)
{
	struct run_args a = {.run = {.config.time = cli_default_time,
				     .config.compress = true,
				     .limits = cli_default_limits}};
	struct league_info info = {0};
	struct referee_key key;
	char err[ERR_LEN];
	long index;
	int rc = run_options(&a, argc, argv, 3);
	const char *dir = argv[optind];

	if (rc == EXIT_OK && !cli_number("league", "INDEX", argv[optind + 2], 0, 1000000, &index))
		rc = EXIT_USAGE;
	rc = rc ? rc : cli_containment_ready("league", &a.run.config.time, &a.run.limits);
	if (rc == EXIT_OK && league_folder_read(dir, &info, err))
		rc = fail("%s", err);
	if (rc == EXIT_OK && !cli_signing_key("league", a.key_file, NULL, &key))
		rc = EXIT_USAGE;
	rc = rc ? rc : cli_sandbox_ready("league", &a.run.limits,
					 (const char *const[]){dir, a.key_file}, 2);
	rc = rc ? rc : cli_duplicate_allowed("league", "a league (its games are duplicate sets)",
					     &a.run.limits, a.trusted_bots);
	if (rc == EXIT_OK) {
		a.run.config.rules = info.rules;
		a.run.config.options = info.options;
		a.run.config.key = &key;
		if (league_slurm_task(dir, argv[optind + 1], (int)index, &a.run.config,
				      &a.run.limits, err))
			rc = fail("%s", err);
	}
	sodium_memzero(&key, sizeof key);
	cli_limits_free(&a.run.limits);
	league_info_free(&info);
	return rc;
}
