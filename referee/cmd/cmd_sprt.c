/*
 * `referee sprt GAME --elo0 E0 --elo1 E1 [options] A B`: is bot A at least
 * elo1 stronger than B, or at most elo0?  Plays seat-swapped pairs of
 * games (with --duplicate, duplicate sets), several at once (sprt_play.h),
 * and stops as soon as the
 * generalized SPRT on the pairs' pentanomial outcomes decides
 * (docs/LADDER.md), printing each pair's line, the log-likelihood ratio
 * and its bounds as it goes, and a status line on stderr.  With
 * --luck-adjusted, each pair's logs are graded as it is counted and the
 * test runs on A's luck-adjusted scores (docs/ANALYSIS.md).
 */
#include <getopt.h>
#include <math.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/openings.h"
#include "base/util.h"
#include "base/visible.h"
#include "cli.h"
#include "ladder/sprt.h"
#include "ladder/sprt_scores.h"
#include "plan/book.h"
#include "plan/names.h"
#include "ladder/sprt_check.h"
#include "run/progress.h"
#include "run/sprt_play.h"

static const char usage[] =
"usage: referee sprt GAME --elo0 E0 --elo1 E1 [options] A B\n"
"\n"
"Plays GAME between bots A and B in pairs of games with the seats swapped,\n"
"and stops when the sequential probability ratio test accepts H1 (A is at\n"
"least E1 Elo stronger) or H0 (at most E0). A and B are bot command lines,\n"
"or NAME=COMMAND.\n"
"\n"
"  --elo0 E, --elo1 E  the hypotheses, E0 < E1 (Elo)\n"
"  --alpha P, --beta P error rates (default 0.05 each)\n"
"  --normalized        E0 and E1 are normalized Elo (default: logistic)\n"
"  --luck-adjusted     reach the verdict on A's luck-adjusted scores, each\n"
"                      game graded against the exact values (two-player bolo\n"
"                      and bolo5; logistic bounds only)\n"
"  --max-pairs N       give up without a verdict after N pairs (default 10000)\n"
"  --quiet             no line per pair: the hypotheses and the result only\n"
"  --concurrency N     pairs at once (default: the cores)\n"
"  --duplicate         play each pair as a duplicate set: both games deal\n"
"                      each seat the same dice, each game with bot processes\n"
"                      of its own\n"
"  --trusted-bots      allow --duplicate with --no-sandbox: you trust the\n"
"                      bots not to read the logs of a set's other games\n"
"  -o KEY=VALUE        a game option; repeatable\n"
"  --openings N        start each game from N moves drawn at random (rolit;\n"
"                      0 to 32, default 0)\n"
"  --openings-book FILE  start each pair's two games from the next line of\n"
"                      the opening book FILE, in its order (rolit)\n"
"  --out DIR           keep each game's signed log in DIR\n"
"  --compress          write the logs --out keeps gzip-compressed (every\n"
"                      verb reads both)\n"
"  --key FILE          sign logs with this key (default:\n"
"                      ~/.local/share/arena/referee.key)\n";

static const char usage_end[] =
"\n"
"Exit status: 0 with a verdict or after --max-pairs, 3 when --luck-adjusted\n"
"finds no exact values for the game, 2 on bad usage,\n"
"when a bot does not start (the first and last lines of its stderr are\n"
"shown) or when Ctrl-C or SIGTERM stops the test (the pairs counted so\n"
"far are shown; --out's run.jsonl is left unsigned).\n";

struct sprt_args {
	struct sprt test;
	double elo0, elo1, alpha, beta;
	bool normalized, duplicate, trusted_bots, quiet;
	bool luck;              /* --luck-adjusted */
	struct grade *grade;    /* its grader */
	bool compress_set;      /* --compress from the settings */
	long max_pairs;
	int concurrency;
	const char *out, *key_file, *book_file;
	char *scratch;          /* the bots' stderr without --out */
	struct book book;       /* --openings-book; count 0: none */
	struct cli_pairs pairs;
	struct match_config config;
	struct bot_limits limits;
};

static const struct cli_opt sprt_options[] = {
	CLI_REAL("elo0", struct sprt_args, elo0),
	CLI_REAL("elo1", struct sprt_args, elo1),
	CLI_REAL("alpha", struct sprt_args, alpha),
	CLI_REAL("beta", struct sprt_args, beta),
	CLI_FLAG("normalized", struct sprt_args, normalized),
	CLI_FLAG("luck-adjusted", struct sprt_args, luck),
	CLI_LONG("max-pairs", struct sprt_args, max_pairs, 1, 100000000),
	CLI_INT("concurrency", struct sprt_args, concurrency, 1, 4096),
	CLI_FLAG("duplicate", struct sprt_args, duplicate),
	CLI_FLAG("trusted-bots", struct sprt_args, trusted_bots),
	CLI_FLAG("quiet", struct sprt_args, quiet),
	CLI_TEXT("out", struct sprt_args, out),
	CLI_TEXT("key", struct sprt_args, key_file),
	CLI_INT("openings", struct sprt_args, config.openings, 0, OPENINGS_MAX_PLIES),
	CLI_TEXT("openings-book", struct sprt_args, book_file),
	CLI_OPT("compress", no_argument, 'z'),
	CLI_MATCH_LONGOPTS,
	CLI_END,
};

/* One option of sprt's that it does not take whole: EXIT_OK, or
 * EXIT_USAGE after a message. */
static int sprt_option(struct sprt_args *a, int opt)
{
	switch (opt) {
	case 'z':
		a->config.compress = true;
		a->compress_set = cli_option_from_settings();
		return EXIT_OK;
	case 'o': return cli_pair("sprt", &a->pairs, optarg);
	case '?': return EXIT_USAGE;
	}
	return cli_match_option("sprt", opt, optarg, &a->config.time, &a->limits);
}

static int parse_args(struct sprt_args *a, int argc, char **argv)
{
	int opt, rc = EXIT_OK;

	while (rc == EXIT_OK && (opt = cli_option(&cmd_sprt_entry, argc, argv, NULL, a)) != -1)
		rc = sprt_option(a, opt);
	if (rc != EXIT_OK)
		return rc;
	if (isnan(a->elo0) || isnan(a->elo1))   /* NAN: not given */
		return cli_fail("sprt", "give both --elo0 and --elo1");
	if (a->luck && a->normalized)
		return cli_fail("sprt", "--luck-adjusted takes logistic bounds, not "
				"--normalized: a normalized Elo of luck-adjusted scores "
				"would be in units of their own spread, not the games'");
	/* A setting for every run that keeps logs: here none are kept. */
	if (a->config.compress && !a->out && a->compress_set)
		a->config.compress = false;
	if (a->config.compress && !a->out)
		return cli_fail("sprt", "--compress compresses the logs that --out keeps: give --out DIR too");
	if (a->duplicate)
		return cli_duplicate_allowed("sprt", "--duplicate", &a->limits, a->trusted_bots);
	return EXIT_OK;
}

/* "+12.3 +/- 4.5"; a part that is undefined (no spread in the results, or
 * an interval reaching a score of 0 or 1) is "n/a". */
static void plus_minus(char *buf, size_t len, double value, double margin)
{
	if (!isfinite(value))
		snprintf(buf, len, "n/a");
	else if (!isfinite(margin))
		snprintf(buf, len, "%+.1f +/- n/a", value);
	else if (margin < 0.05)   /* no spread yet: not a certainty */
		snprintf(buf, len, "%+.1f +/- n/a (too few games)", value);
	else
		snprintf(buf, len, "%+.1f +/- %.1f", value, margin);
}

/* What the pairs counted so far say, for the status line, the pair
 * lines and the result. */
struct tally {
	const struct sprt_args *a;
	char **bots, *names[2], *shown[2];
	struct sprt_tally run;   /* the pairs counted (sprt.h) */
	struct sprt_scores luck; /* ... by their luck-adjusted scores */
	const char *logs;        /* the folder of the logs graded */
	int failed;              /* a grade's status when one failed */
	char why[ERR_LEN];       /* ... and why */
	bool tty;
	int64_t printed_ns;
};

/* The pairs counted, in a line: by their luck-adjusted scores with
 * --luck-adjusted. */
static void tally_text(const struct tally *t, char *line, size_t len)
{
	if (t->a->luck)
		sprt_scores_text(&t->luck, &t->run, &t->a->test, line, len);
	else
		sprt_tally_text(&t->run, &t->a->test, line, len);
}

/* The status line: on a terminal after every pair, else at the first and
 * then every STATUS_LINE_EVERY_NS. */
static void show_status(struct tally *t)
{
	char line[512];

	/* --quiet: the line kept up to date on a terminal, none in a file. */
	if (!t->tty && (t->a->quiet ||
			(t->printed_ns && now_ns() - t->printed_ns < STATUS_LINE_EVERY_NS)))
		return;
	tally_text(t, line, sizeof line);
	status_line_show(line, t->tty);
	t->printed_ns = now_ns();
}

/* The hypotheses, with the bots by the names they gave in hello; two
 * that gave the same name (two versions of one bot) are A and B, with
 * the names of their commands. */
static void announce(struct tally *t, const char *const *said)
{
	const struct sprt_args *a = t->a;
	char text[1024];

	names_shown(t->bots, 2, t->names, said, t->shown);
	if (said[0] && said[1] && !strcmp(said[0], said[1]) &&
	    !strcmp(t->shown[0], said[0]))
		for (int i = 0; i < 2; i++) {
			free(t->shown[i]);
			t->shown[i] = xasprintf("%c (%s)", 'A' + i, t->names[i]);
		}
	sprt_hypotheses_text(text, sizeof text, t->shown[0], t->shown[1], a->elo0,
			     a->elo1);
	visible_line(stdout, "%s (%s%s); LLR bounds [%.3f, %.3f]", text,
		     a->normalized ? "normalized" : "logistic",
		     a->luck ? ", luck-adjusted" : "", a->test.lower, a->test.upper);
}

/* A pair's line: A's scores, with the pentanomial counts or A's
 * luck-adjusted scores, and the LLR. */
static void print_pair(const struct tally *t, long pair, const double *score,
		       const double *adjusted)
{
	char penta[SPRT_PENTANOMIAL_LEN];

	if (t->a->luck) {
		printf("pair %ld: %.1f + %.1f, luck-adjusted %.4f + %.4f  LLR %.3f\n",
		       pair, score[0], score[1], adjusted[0], adjusted[1], t->luck.llr);
	} else {
		sprt_pentanomial_text(t->run.counts, penta, sizeof penta);
		printf("pair %ld: %.1f + %.1f  %s  LLR %.3f\n", pair, score[0],
		       score[1], penta, t->run.llr);
	}
	fflush(stdout);
}

/* A pair is counted (sprt_play.h): its line; the verdict so far.  With
 * --luck-adjusted its two logs are graded first. */
static enum sprt_verdict count_pair(void *ctx, long pair, const double *score,
				    const char *const *said)
{
	struct tally *t = ctx;
	double adjusted[2];

	status_line_erase(t->tty);
	if (pair == 1)
		announce(t, said);
	sprt_tally_add(&t->run, &t->a->test, pair, score);
	if (t->a->luck) {
		t->failed = (int)grade_sprt_pair(t->a->grade, t->logs, pair, score,
						 adjusted, t->why);
		if (t->failed)
			return SPRT_FAILED;
		sprt_scores_add(&t->luck, &t->a->test, adjusted);
	}
	if (!t->a->quiet)
		print_pair(t, pair, score, adjusted);
	show_status(t);
	return t->a->luck ? t->luck.verdict : t->run.verdict;
}

/* No test of a bot that does not even start. */
static void no_start(void *ctx, int bot, const char *why, const char *stderr_path)
{
	struct tally *t = ctx;

	status_line_erase(t->tty);
	cli_no_start("sprt", t->names[bot], why, stderr_path, t->a->out != NULL,
			 t->a->limits.sandbox);
}

/* The verdict, the estimate and the counts; with --luck-adjusted, of
 * the luck-adjusted scores (no normalized Elo), and the variance the
 * grades took out. */
static void print_result(struct tally *t)
{
	enum sprt_verdict verdict = t->a->luck ? t->luck.verdict : t->run.verdict;
	struct sprt_estimate est;
	char elo[64], margin[64], nelo[96] = "", los[32] = "n/a", line[512];

	status_line_erase(t->tty);
	if (t->a->luck)
		sprt_scores_estimate(&t->luck, &est);
	else
		sprt_estimate(t->run.counts, 5, &est);
	plus_minus(elo, sizeof elo, est.elo, est.elo_margin);
	if (!t->a->luck) {
		plus_minus(margin, sizeof margin, est.nelo, est.nelo_margin);
		snprintf(nelo, sizeof nelo, ", normalized Elo %s", margin);
	}
	if (isfinite(est.los))
		snprintf(los, sizeof los, "%.1f%%", 100 * est.los);
	visible_line(stdout, "%s after %ld pairs: %s scores %.1f%%%s, Elo %s%s, LOS %s",
		     verdict == SPRT_H1 ? "H1 accepted" :
		     verdict == SPRT_H0 ? "H0 accepted" : "no verdict",
		     t->run.pairs, t->shown[0], 100 * est.score,
		     t->a->luck ? " luck-adjusted" : "", elo, nelo, los);
	tally_text(t, line, sizeof line);
	puts(line);
	if (t->a->luck) {
		sprt_scores_variance_text(&t->luck, &t->run, line, sizeof line);
		puts(line);
	}
	sprt_between_text(line, sizeof line, t->a->normalized ? est.nelo : est.elo,
			  t->a->elo0, t->a->elo1);
	if (verdict != SPRT_CONTINUE && line[0])
		printf("note: %s\n", line);
}

static int run_test(struct sprt_args *a, char **bots)
{
	struct tally t = {.a = a, .bots = bots, .tty = isatty(STDERR_FILENO)};
	struct sprt_play play = {
		.config = a->config, .duplicate = a->duplicate,
		.luck_adjusted = a->luck,
		/* the logs graded are kept in the scratch folder without --out */
		.out = a->out ? a->out : a->luck ? a->scratch : NULL,
		.stderr_dir = a->out ? a->out : a->scratch, .concurrency = a->concurrency,
		.max_pairs = a->max_pairs, .test = &a->test, .ctx = &t, .pair = count_pair,
		.no_start = no_start,
	};
	char err[ERR_LEN];
	int rc;

	t.logs = play.out;
	if (!cli_entrants("sprt", bots, 2, play.entrants, t.names))
		return EXIT_USAGE;
	for (int i = 0; i < 2; i++)
		play.entrants[i].spec.limits = a->limits;
	rc = sprt_play(&play, err);
	/* Stopped: what the pairs counted say, as far as they go. */
	if (!t.failed && (rc == 0 || (rc == SPRT_PLAY_STOPPED && t.run.pairs > 0)))
		print_result(&t);
	if (t.failed)
		visible_line(stderr, "referee sprt: --luck-adjusted: %s", t.why);
	else if (rc < 0)
		cli_fail("sprt", "%s", err);
	else if (rc == SPRT_PLAY_STOPPED)  /* no mistake of usage: no hint */
		visible_line(stderr, "referee sprt: %s", err);
	for (int i = 0; i < 2; i++) {
		free(t.names[i]);
		free(t.shown[i]);
	}
	return t.failed ? t.failed : rc ? EXIT_USAGE : EXIT_OK;
}

/* --luck-adjusted: the game's values, before any game is played (its
 * tables solved now if they are not built in): 0, or GRADE_NO_VALUES
 * after a message. */
static int luck_ready(struct sprt_args *a, const struct game_rules *rules)
{
	char err[ERR_LEN];

	a->grade = grade_new(NULL, 0);
	if (grade_ready(a->grade, rules->name, a->config.options, 2, err) == GRADE_OK)
		return EXIT_OK;
	visible_line(stderr, "referee sprt: --luck-adjusted: %s", err);
	return GRADE_NO_VALUES;
}

/* The verb once its options are parsed into `a`. */
static int sprt_main(struct sprt_args *args, int argc, char **argv)
{
	struct sprt_args a = *args;
	const struct game_rules *rules;
	struct referee_key key;
	char err[ERR_LEN];
	int rc;

	if (argc - optind != 3)
		return cli_fail("sprt", "give a game and two bots");
	if (!(rules = cli_game_find("sprt", argv[optind])))
		return EXIT_USAGE;
	if (sprt_init(&a.test, a.elo0, a.elo1, a.alpha, a.beta,
		      a.normalized ? SPRT_NORMALIZED : SPRT_LOGISTIC, err))
		return cli_fail("sprt", "%s", err);
	/* first=seat0: the pairs swap seats themselves; a book's line opens a
	 * pair's two games. */
	a.config.rules = rules;
	a.config.options = cli_game_options("sprt", rules, &a.pairs, "seat0", 2);
	if (!a.config.options)
		return EXIT_USAGE;
	if ((rc = cli_openings("sprt", rules, a.config.options, 2, a.book_file, &a.book,
			       &a.config)))
		goto out;
	if (a.luck && (rc = luck_ready(&a, rules)))
		goto out;
	if ((rc = cli_containment_ready("sprt", &a.config.time, &a.limits)))
		goto out;
	if (a.out && files_mkdirs(a.out, err)) {
		rc = cli_fail("sprt", "%s", err);
		goto out;
	}
	if ((a.out && !cli_signing_key("sprt", a.key_file, a.out, &key)) ||
	    (!a.out && !(a.scratch = cli_scratch("sprt")))) {
		rc = EXIT_USAGE;
		goto out;
	}
	/* The logs graded in the scratch folder: signed by a key of their
	 * own, thrown away with them. */
	if (a.luck && !a.out)
		crypto_sign_keypair(key.public_key, key.secret_key);
	rc = cli_sandbox_ready("sprt", &a.limits,
			       (const char *const[]){ a.out, a.key_file, a.scratch }, 3);
	*args = a;
	if (rc == EXIT_OK) {
		a.config.key = &key;
		rc = run_test(&a, argv + optind + 1);
	}
out:
	cli_scratch_free("sprt", a.scratch);
	grade_free(a.grade);
	book_free(&a.book);
	cJSON_Delete((cJSON *)a.config.options);
	sodium_memzero(&key, sizeof key);
	return rc;
}

static int cmd_sprt(int argc, char **argv)
{
	struct sprt_args a = {
		.elo0 = NAN, .elo1 = NAN, .alpha = 0.05, .beta = 0.05, .max_pairs = 10000,
		.concurrency = (int)sysconf(_SC_NPROCESSORS_ONLN),
		.config.time = cli_default_time, .config.grace_ms = 200,
		.limits = cli_default_limits,
	};
	int rc = parse_args(&a, argc, argv);

	if (rc == EXIT_OK)
		rc = sprt_main(&a, argc, argv);
	cli_limits_free(&a.limits);
	return rc;
}

const struct cmd_entry cmd_sprt_entry = {
	.name = "sprt",
	.summary = "A/B test of two bots with early stopping",
	.shortopts = "o:",
	.options = sprt_options,
	.usage = usage,
	.usage_end = usage_end,
	.exec = cmd_sprt,
};
