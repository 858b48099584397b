/*
 * `referee verify PATH... [--key PUBLIC_KEY_FILE] [--unsigned] [-j N] [-v]`: checks game
 * logs as docs/FAIRNESS.md says and names the first failure of each, on N
 * processes, printing one line per log in the order of the arguments; a
 * tournament's output folder (or its run.jsonl) is checked as a
 * whole, naming every problem (docs/LOGS.md), and so is a play or sprt
 * folder against its run.jsonl; another folder, log by log.
 * Over several logs or a folder, the logs of each duplicate set are also
 * checked together (verify_sets.h).  Of a tournament, it also says how
 * many games and sets a stop cut and a resumed run dealt again
 * (manifest_cut.h).
 */
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "base/keys.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "cli.h"
#include "ladder/sprt_check.h"
#include "league/league_check.h"
#include "league/league_folder.h"
#include "league/league_register.h"
#include "manifest/manifest_read.h"
#include "verify/verify_paths.h"

/* A league's folder given: what its runs' logs and its index gave,
 * said in one line at the end (docs/LEAGUE.md, "Checking a league"),
 * each log's line only with -v; its failures always. */
struct league_sum {
	const char *dir;
	int runs;
	long live;       /* its run going on, left out (league_check_live()) */
	long logs, sets, failed;
	char *signers;   /* its ok lines' distinct "signed by ..." clauses */
};

/* What the check found, for the exit status, and the leagues' sums. */
struct tally {
	int failed, unreadable;
	bool verbose;                 /* -v: every log's line of a league too */
	const unsigned char *key;     /* --key's, or NULL */
	struct league_sum *leagues;
	int league_count;
};

/* The league given whose folder is or holds `path`, or NULL. */
static struct league_sum *league_of(struct tally *t, const char *path)
{
	for (int i = 0; i < t->league_count; i++)
		if (path_within(path, t->leagues[i].dir))
			return &t->leagues[i];
	return NULL;
}

/* Counts an ok log of league `l`: its set when it is its set's first
 * game (or a game of no set), the key that signed it when not met yet. */
static void league_log_ok(struct league_sum *l, const struct verify_outcome *o)
{
	const cJSON *set = json_member(o->digest->count ? o->digest->lines[0].json : NULL,
				       "set");
	const char *signer = strstr(o->text, "signed by "), *end;
	char *clause;
	long game = 0;

	l->sets += !set || (json_whole(json_member(set, "game"), 0, LONG_MAX, &game) &&
			    game == 0);
	if (!signer)
		return;
	end = strstr(signer, "; game ");
	clause = xasprintf("%.*s", end ? (int)(end - signer) : (int)strlen(signer), signer);
	if (!l->signers)
		l->signers = clause;
	else if (!strstr(l->signers, clause)) {
		char *both = xasprintf("%s; %s", l->signers, clause);

		free(l->signers);
		free(clause);
		l->signers = both;
	} else
		free(clause);
}

static void print_log(void *ctx, const char *path, const struct verify_outcome *o)
{
	struct tally *t = ctx;
	struct league_sum *l = league_of(t, path);

	if (l)
		l->logs++;
	if (l && o->status != VERIFY_OK)
		l->failed++;
	switch (o->status) {
	case VERIFY_OK:
		if (l)
			league_log_ok(l, o);
		if (!l || t->verbose)
			visible_line(stdout, "%s: ok: %s", path, o->text);
		break;
	case VERIFY_FAILED:
		visible_line(stdout, "%s: FAILED: %s", path, o->text);
		t->failed++;
		break;
	case VERIFY_UNREADABLE:
		fflush(stdout);
		visible_line(stderr, "%s: %s", path, o->text);
		t->unreadable++;
		break;
	}
}

static void print_problem(void *ctx, const char *where, const char *what)
{
	struct tally *t = ctx;
	struct league_sum *l = league_of(t, where);

	visible_line(stdout, "%s: FAILED: %s", where, what);
	t->failed++;
	if (l)
		l->failed++;
	/* A duplicate set's ("set ID: ...") is told after the logs it was
	 * checked with: it counts against every league, which then is not
	 * said ok. */
	for (int i = 0; !l && !strncmp(where, "set ", 4) && i < t->league_count; i++)
		t->leagues[i].failed++;
}

/* The games of the schedule that --skip-broken left out, said: a run
 * signed without them is not the whole schedule. */
static void left_out_text(const struct manifest_view *view, char *buf, size_t len)
{
	long count = manifest_left_out(view);

	buf[0] = '\0';
	/* A Swiss's boards left empty are never played (swiss.h). */
	if (count && view->swiss.rounds)
		snprintf(buf, len, " (%ld left out by --skip-broken: boards of "
			 "the Swiss left empty, never played)", count);
	else if (count)
		snprintf(buf, len, " (%ld left out by --skip-broken: fix the bot and "
			 "--resume the run to play them)", count);
}

static void print_tournament(void *ctx, const struct manifest_view *view, bool trusted)
{
	char signer[KEYS_SIGNED_BY_LEN], out[128];

	(void)ctx;
	left_out_text(view, out, sizeof out);
	visible_line(stdout, "%s: ok: a tournament of %s, %ld games finished%s, "
		     "every log there and verified, nothing else; %s", view->dir,
		     view->game, view->finished, out,
		     keys_signed_by(signer, view->key_hex, trusted));
}

static void print_notice(void *ctx, const char *where, const char *what)
{
	(void)ctx;
	visible_line(stdout, "%s: %s", where, what);
}

static void print_unusable(void *ctx, const char *path, const char *why)
{
	struct tally *t = ctx;
	struct league_sum *l = league_of(t, path);

	fflush(stdout);
	visible_line(stderr, "%s: %s", path, why);
	t->unreadable++;
	if (l)
		l->failed++;
}

/* The paths with each league's folder (league_folder.h) in place of its
 * runs' folders, NULL-terminated; the count in *count.  Each league is
 * added to the tally's. */
static char **league_runs(char *const *paths, int given, int *count, struct tally *t)
{
	char **out = NULL;

	*count = 0;
	t->leagues = xcalloc((size_t)given, sizeof *t->leagues);
	for (int i = 0; i < given; i++) {
		int n = 1;
		char **runs = league_folder_is(paths[i]) ? league_check_runs(paths[i], &n)
			      : NULL;

		if (runs) {
			long live = league_check_live(paths[i]);

			/* Its records are being written: the last run, left out. */
			if (live && n)
				free(runs[--n]);
			t->leagues[t->league_count++] = (struct league_sum){.dir = paths[i],
									    .runs = n, .live = live};
		}
		out = xrealloc(out, (size_t)(*count + n + 1) * sizeof *out);
		for (int k = 0; k < n; k++)
			out[(*count)++] = runs ? runs[k] : xstrdup(paths[i]);
		free(runs);
	}
	if (out)
		out[*count] = NULL;
	return out;
}

/* A league's run going on: its register and closed runs were checked,
 * not its index, which that run is writing. */
static void print_live(const struct league_sum *l)
{
	char *run = league_run_dir(l->dir, l->live);

	visible_line(stdout, "%s: a run is going on (run %ld of the league): it and the "
		     "index league.db are checked once it ends", run, l->live);
	free(run);
}

/* Each league's index against its logs (league_check.h), then its line:
 * what was checked, and ok or how many failures the lines above name. */
static void check_leagues(struct tally *tally)
{
	for (int i = 0; i < tally->league_count; i++) {
		struct league_sum *l = &tally->leagues[i];
		struct problems problems = {.report = print_problem, .ctx = tally};
		struct league_info info = {0};
		char err[ERR_LEN], what[256], *cut = NULL;
		char said[LEAGUE_REGISTER_KEYS_LEN + 128];

		/* The index is compared with a register found whole only. */
		if (league_register_verify(l->dir, tally->key, &problems, said, sizeof said) && !l->live)
			cut = league_check(l->dir, &problems);
		snprintf(what, sizeof what, "a league of %s, %d run%s, %ld log%s in %ld set%s",
			 league_folder_read(l->dir, &info, err) ? "?" : info.rules->name,
			 l->runs, l->runs == 1 ? "" : "s", l->logs, l->logs == 1 ? "" : "s",
			 l->sets, l->sets == 1 ? "" : "s");
		/* The sets cut are said either way: a count, not a failure. */
		if (l->live)
			print_live(l);
		if (!l->failed)
			visible_line(stdout, "%s: ok: %s, every log %s%s%s%s%s; %s", l->dir, what,
				     l->live ? "of its closed runs verified" : "verified, and its "
				     "index league.db as its register and its runs' logs give it",
				     l->signers ? "; " : "", l->signers ? l->signers : "",
				     cut ? "; " : "", cut ? cut : "", said);
		else
			visible_line(stdout, "%s: FAILED: %s: %ld failure%s, each on a line "
				     "above%s%s", l->dir, what, l->failed, l->failed == 1 ? "" : "s",
				     cut ? "; " : "", cut ? cut : "");
		free(cut);
		league_info_free(&info);
		free(l->signers);
	}
	free(tally->leagues);
}

/* What the options ask for. */
struct verify_args {
	const char *key_file;
	bool unsigned_ok;
	long jobs;
};

static const struct cli_opt verify_options[] = {
	CLI_TEXT("key", struct verify_args, key_file),
	CLI_FLAG("unsigned", struct verify_args, unsigned_ok),
	CLI_LONG("jobs", struct verify_args, jobs, 1, 1024),
	CLI_OPT("verbose", no_argument, 'v'),
	CLI_END,
};

/* Reads the options (-j N and -v as --jobs N and --verbose); the paths
 * are argv[optind] onwards.  EXIT_OK, or EXIT_USAGE after a message. */
static int parse_options(int argc, char **argv, struct verify_args *a, bool *verbose)
{
	int opt;

	while ((opt = cli_option(&cmd_verify_entry, argc, argv, NULL, a)) != -1) {
		if (opt == '?' || (opt == 'j' && !cli_number("verify", "-j", optarg, 1, 1024,
							   &a->jobs)))
			return EXIT_USAGE;
		*verbose |= opt == 'v';
	}
	return optind < argc ? EXIT_OK : cli_fail("verify", "no log given");
}

static int cmd_verify(int argc, char **argv)
{
	unsigned char key[32];
	struct verify_args a = {.jobs = sysconf(_SC_NPROCESSORS_ONLN)};
	char err[ERR_LEN];
	struct tally tally = {0};
	struct verify_paths_events events = {
		.ctx = &tally, .log = print_log, .problem = print_problem,
		.tournament = print_tournament,
		.unusable = print_unusable, .notice = print_notice,
		.pairs_check = grade_sprt_check,
	};
	char **paths;
	int rc, count;

	if ((rc = parse_options(argc, argv, &a, &tally.verbose)) != EXIT_OK)
		return rc;
	if (a.key_file && keys_load_public(a.key_file, key, err))
		return cli_fail("verify", "%s", err);
	tally.key = a.key_file ? key : NULL;
	paths = league_runs(argv + optind, argc - optind, &count, &tally);
	/* A league whose one run is going on leaves no path. */
	rc = count ? verify_paths(paths, count, tally.key, a.unsigned_ok, (int)a.jobs,
				  &events, err) : 0;
	strings_free_count(paths, count);
	if (rc) {
		visible_line(stderr, "referee verify: %s", err);
		return EXIT_USAGE;
	}
	check_leagues(&tally);
	return tally.unreadable ? EXIT_USAGE
	       : tally.failed ? EXIT_CHECK_FAILED : EXIT_OK;
}

const struct cmd_entry cmd_verify_entry = {
	.name = "verify",
	.summary = "check game logs: chain, signature, draws, rules",
	.shortopts = "j:v",
	.options = verify_options,
	.usage = "usage: referee verify PATH... [--key PUBLIC_KEY_FILE] [--unsigned] [-j N] [-v]\n"
		"\nChecks each game log: JSON, the hash chain, the signature "
		"(made with the\ngiven public key, if any), the commitments, "
		"every draw, and every action\nreplayed through the rules.  A "
		"tournament's output folder, or its\nrun.jsonl, is checked "
		"as a whole: the manifest's chain and signature,\nevery "
		"finished game's log there with the SHA-256 the manifest "
		"recorded and\nverified, every log a resumed run set aside "
		"there, listed with its\ncommitment, and no log the manifest "
		"does not list; every problem is named,\nand a last line says "
		"how many games and sets a stop cut and a resumed run\ndealt "
		"again.  Each game must have the commitment C its started "
		"record named,\nand every C a started record named must be "
		"a log's of the folder.  A folder of\nplay --out or sprt "
		"--out is checked against its run.jsonl likewise: every game\n"
		"started there with its C, finished with its log's SHA-256, "
		"and no log it does\nnot list.  Each log of a run names its "
		"place (its run, game, and a league's\nleague and run), "
		"which must be the one the folder's records give it.\n"
		"Another folder: each of its "
		"logs.  Over several logs or a folder,\nthe logs of each "
		"duplicate set are checked together: one commitment, every\n"
		"game there, each seated in a rotation of its own, the draws "
		"dealt in step.\nA league's folder: each of its runs as a "
		"folder of play, and its index,\nleague.db, against what its "
		"register and logs give, said in one line (its\nruns, logs "
		"and sets, ok or its failures' count, then the sets a stop\n"
		"cut, by run and by version: each cut log kept in its run's "
		"aborted/, listed\nwith its commitment, nothing unlisted "
		"there); a run going on (the folder's\nlock held) is named "
		"and left out with the index, checked once it ends.\nEvery "
		"signature of a folder must be made with one key.  -v "
		"(--verbose) prints\n"
		"each of its logs' lines too, and a failure is always printed.  "
		"Of an sprt\nfolder, a line counts the pairs listed dropped "
		"after its verdict.\n"
		"Each ok names "
		"the key that signed and, without "
		"--key, says it\nwas not checked against a key you trust "
		"(anyone can sign a log with a key\nof their own) unless it is "
		"your own key, the one you sign with (the\nsettings' --key, else "
		"the default pair play and tournament make), which\nis trusted "
		"by default; --key given a secret key file (NAME.key) checks\n"
		"against its public key.  --unsigned also "
		"checks the logs of games no referee ran (a game of the "
		"Python\nenvironment saved with save_log(), its header's "
		"\"refereed\": false), which\ncarry no signature: their "
		"chain, commitments,\ndraws and actions through the rules; "
		"without it such a log fails.  -j N\nchecks N logs "
		"at once (default: one per core); the lines come out in\n"
		"the order of the paths given.\nExit status 0 when everything "
		"holds, 1 when something does not, 2 when a\nlog cannot be read.\n",
	.exec = cmd_verify,
};
