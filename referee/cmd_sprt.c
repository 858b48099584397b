/*
 * `referee sprt GAME --elo0 E0 --elo1 E1 [options] A B`: is bot A at least
 * elo1 stronger than B, or at most elo0?  Plays seat-swapped pairs of
 * games with the same two processes and stops as soon as the generalized
 * SPRT on the pairs' pentanomial outcomes decides (docs/LADDER.md),
 * printing the log-likelihood ratio and its bounds as it goes.
 */
#include <getopt.h>
#include <math.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "excerpt.h"
#include "files.h"
#include "games/registry.h"
#include "options.h"
#include "paths.h"
#include "sprt.h"
#include "game_play.h"
#include "util.h"
#include "visible.h"

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
"  --max-pairs N       give up without a verdict after N pairs (default 10000)\n"
"  -o KEY=VALUE        a game option; repeatable\n"
"  --out DIR           keep each game's signed log in DIR\n"
"  --key FILE          sign logs with this key (default:\n"
"                      ~/.local/share/arena/referee.key)\n"
"%s"
"\n"
"Exit status: 0 with a verdict or after --max-pairs, 2 on bad usage or\n"
"when a bot does not start (the first and last lines of its stderr are\n"
"shown).\n";

struct sprt_args {
	struct sprt test;
	double elo0, elo1, alpha, beta;
	bool normalized, have0, have1;
	long max_pairs;
	const char *out, *key_file;
	char *scratch;          /* the bots' stderr without --out */
	const char *pairs[64];
	int npairs;
	struct match_config config;
	struct bot_limits limits;
};

static bool parse_real(const char *flag, const char *text, double *out)
{
	char *end;

	*out = strtod(text, &end);
	if (end == text || *end || !isfinite(*out)) {
		cli_fail("sprt", "%s takes a number, not '%s'", flag, text);
		return false;
	}
	return true;
}

static int parse_args(struct sprt_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"elo0", required_argument, NULL, '0'},
		{"elo1", required_argument, NULL, '1'},
		{"alpha", required_argument, NULL, 'a'},
		{"beta", required_argument, NULL, 'b'},
		{"normalized", no_argument, NULL, 'n'},
		{"max-pairs", required_argument, NULL, 'p'},
		{"out", required_argument, NULL, 'O'},
		{"key", required_argument, NULL, 'k'},
		CLI_MATCH_LONGOPTS,
		{NULL, 0, NULL, 0},
	};
	int opt, rc;

	while ((opt = cli_option("sprt", argc, argv, "o:", longopts, NULL)) != -1) {
		bool ok = true;

		switch (opt) {
		case '0': ok = parse_real("--elo0", optarg, &a->elo0); a->have0 = true; break;
		case '1': ok = parse_real("--elo1", optarg, &a->elo1); a->have1 = true; break;
		case 'a': ok = parse_real("--alpha", optarg, &a->alpha); break;
		case 'b': ok = parse_real("--beta", optarg, &a->beta); break;
		case 'n': a->normalized = true; break;
		case 'p':
			ok = cli_number("sprt", "--max-pairs", optarg, 1, 100000000, &a->max_pairs);
			break;
		case 'O': a->out = optarg; break;
		case 'k': a->key_file = optarg; break;
		case 'o':
			if (a->npairs == 64)
				return cli_fail("sprt", "too many -o options");
			a->pairs[a->npairs++] = optarg;
			break;
		case '?': return EXIT_USAGE;
		default:
			rc = cli_match_option("sprt", opt, optarg, &a->config.time, &a->limits);
			if (rc != EXIT_OK)
				return rc;
		}
		if (!ok)
			return EXIT_USAGE;
	}
	if (!a->have0 || !a->have1)
		return cli_fail("sprt", "give both --elo0 and --elo1");
	return EXIT_OK;
}

/* The game's options with first=seat0 (the pairs swap seats themselves). */
static cJSON *game_options(const struct sprt_args *a, const struct game_rules *rules)
{
	char err[ERR_LEN];
	cJSON *given = options_from_pairs(a->pairs, a->npairs, err), *options;

	if (!given) {
		cli_fail("sprt", "%s", err);
		return NULL;
	}
	if (!cJSON_GetObjectItemCaseSensitive(given, "first"))
		cJSON_AddStringToObject(given, "first", "seat0");
	options = options_resolve(rules, given, err);
	cJSON_Delete(given);
	if (!options || game_play_check_setup(rules, options, 2, err)) {
		cJSON_Delete(options);
		cli_fail("sprt", "%s", err);
		return NULL;
	}
	return options;
}

/* "+12.3 +/- 4.5"; a part that is undefined (no spread in the results, or
 * an interval reaching a score of 0 or 1) is "n/a". */
static void plus_minus(char *buf, size_t len, double value, double margin)
{
	if (!isfinite(value))
		snprintf(buf, len, "n/a");
	else if (!isfinite(margin))
		snprintf(buf, len, "%+.1f +/- n/a", value);
	else
		snprintf(buf, len, "%+.1f +/- %.1f", value, margin);
}

/* A's score in one game: 1, 1/2 or 0. */
static double score_of_a(const struct game_outcome *o, int seat_of_a)
{
	int mine = o->result.rank[seat_of_a], theirs = o->result.rank[1 - seat_of_a];

	return mine < theirs ? 1 : mine > theirs ? 0 : 0.5;
}

/* The hypotheses, with the bots by the names they gave in hello. */
static void announce(const struct sprt_args *a, const struct match *match,
		     char **bots, char **names, char **shown)
{
	cli_hello_names(match, bots, 2, names, shown);
	visible_line(stdout, "H0: %s is at most %+g Elo against %s; H1: at least %+g "
		     "(%s); LLR bounds [%.3f, %.3f]", shown[0], a->elo0, shown[1],
		     a->elo1, a->normalized ? "normalized" : "logistic",
		     a->test.lower, a->test.upper);
}

static int run_test(struct sprt_args *a, char **bots)
{
	struct match_entrant entrants[2];
	char *names[2], *shown[2] = {NULL, NULL}, *stderr_paths[2], err[ERR_LEN];
	long counts[5] = {0};
	struct match *match;
	int rc = EXIT_OK;

	if (!cli_entrants("sprt", bots, 2, entrants, names))
		return EXIT_USAGE;
	for (int i = 0; i < 2; i++) {
		stderr_paths[i] = path_joinf(a->out ? a->out : a->scratch, "%s.stderr",
					     names[i]);
		entrants[i].spec.stderr_path = stderr_paths[i];
		entrants[i].spec.limits = a->limits;
	}
	match = match_start(&a->config, entrants, 2, err);
	if (!match) {
		rc = cli_fail("sprt", "%s", err);
		goto names;
	}
	for (long pair = 1; pair <= a->max_pairs; pair++) {
		static const int seatings[2][2] = {{0, 1}, {1, 0}};
		struct game_outcome outcome;
		double score[2];
		double llr;
		enum sprt_verdict verdict;

		for (int g = 0; g < 2; g++) {
			char *log = a->out ? path_joinf(a->out, "game-%06ld.jsonl",
							2 * pair - 1 + g) : NULL;

			rc = match_play(match, (unsigned long)(2 * pair - 1 + g),
					seatings[g], 2, log, &outcome, err);
			free(log);
			if (rc) {
				rc = cli_fail("sprt", "%s", err);
				goto out;
			}
			/* No test of a bot that does not even start. */
			for (int s = 0; s < 2; s++)
				if (outcome.no_start[s]) {
					int i = seatings[g][s];

					excerpt_no_start("sprt", names[i], outcome.detail[s],
							 stderr_paths[i], a->out != NULL,
							 a->limits.sandbox);
					rc = EXIT_USAGE;
				}
			if (rc)
				goto out;
			/* The bots are named once they have said hello. */
			if (pair == 1 && g == 0)
				announce(a, match, bots, names, shown);
			/* Game g seats A at seatings[g]'s place of entrant 0. */
			score[g] = score_of_a(&outcome, g == 0 ? 0 : 1);
		}
		counts[sprt_pair_outcome(score[0], score[1])]++;
		llr = sprt_llr(&a->test, counts, 5);
		verdict = sprt_verdict(&a->test, llr);
		printf("pair %ld: %.1f + %.1f  pentanomial [%ld %ld %ld %ld %ld]  LLR %.3f\n",
		       pair, score[0], score[1], counts[0], counts[1], counts[2],
		       counts[3], counts[4], llr);
		fflush(stdout);
		if (verdict != SPRT_CONTINUE || pair == a->max_pairs) {
			struct sprt_estimate est;
			char elo[64], nelo[64], los[32] = "n/a";

			sprt_estimate(counts, 5, &est);
			plus_minus(elo, sizeof elo, est.elo, est.elo_margin);
			plus_minus(nelo, sizeof nelo, est.nelo, est.nelo_margin);
			if (isfinite(est.los))
				snprintf(los, sizeof los, "%.1f%%", 100 * est.los);
			visible_line(stdout, "%s after %ld pairs: %s scores %.1f%%, "
				     "Elo %s, normalized Elo %s, LOS %s",
				     verdict == SPRT_H1 ? "H1 accepted" :
				     verdict == SPRT_H0 ? "H0 accepted" : "no verdict",
				     pair, shown[0], 100 * est.score, elo, nelo, los);
			break;
		}
	}
out:
	match_finish(match, NULL);
names:
	for (int i = 0; i < 2; i++) {
		free(names[i]);
		free(shown[i]);
		free(stderr_paths[i]);
	}
	return rc;
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
	rules = arena_game_find(argv[optind]);
	if (!rules)
		return cli_fail("sprt", "unknown game '%s' (see 'referee games')",
				argv[optind]);
	if (sprt_init(&a.test, a.elo0, a.elo1, a.alpha, a.beta,
		      a.normalized ? SPRT_NORMALIZED : SPRT_LOGISTIC, err))
		return cli_fail("sprt", "%s", err);
	a.config.rules = rules;
	a.config.options = game_options(&a, rules);
	if (!a.config.options)
		return EXIT_USAGE;
	if ((rc = cli_containment_ready("sprt", &a.config.time, &a.limits))) {
		cJSON_Delete((cJSON *)a.config.options);
		return rc;
	}
	if ((a.out && (files_mkdirs(a.out, err) ||
		       !cli_signing_key("sprt", a.key_file, a.out, &key))) ||
	    (!a.out && !(a.scratch = cli_scratch("sprt")))) {
		cJSON_Delete((cJSON *)a.config.options);
		return EXIT_USAGE;
	}
	rc = cli_sandbox_ready("sprt", &a.limits,
			       (const char *const[]){ a.out, a.key_file, a.scratch }, 3);
	*args = a;
	if (rc == EXIT_OK) {
		a.config.key = &key;
		rc = run_test(&a, argv + optind + 1);
	}
	cli_scratch_free("sprt", a.scratch);
	cJSON_Delete((cJSON *)a.config.options);
	sodium_memzero(&key, sizeof key);
	return rc;
}

int cmd_sprt(int argc, char **argv)
{
	struct sprt_args a = {
		.alpha = 0.05, .beta = 0.05, .max_pairs = 10000,
		.config.time = cli_default_time, .config.grace_ms = 200,
		.limits = cli_default_limits,
	};
	int rc;

	if (cli_wants_help(argc, argv)) {
		printf(usage, cli_match_usage);
		return EXIT_OK;
	}
	rc = parse_args(&a, argc, argv);
	if (rc == EXIT_OK)
		rc = sprt_main(&a, argc, argv);
	cli_limits_free(&a.limits);
	return rc;
}
