/*
 * `referee verify PATH... [--key PUBLIC_KEY_FILE] [-j N]`: checks game
 * logs as docs/FAIRNESS.md says and names the first failure of each, on N
 * processes, printing one line per log in the order of the arguments; a
 * tournament's output folder (or its manifest.jsonl) is checked as a
 * whole, naming every problem (docs/LOGS.md); another folder, log by log.
 * Over several logs or a folder, the logs of each duplicate set are also
 * checked together (verify_sets.h).
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "keys.h"
#include "manifest_read.h"
#include "outdir.h"
#include "util.h"
#include "verify_folder.h"
#include "verify_pool.h"
#include "verify_sets.h"
#include "visible.h"

struct tally {
	char **paths;           /* the logs of the batch being verified */
	int failed, unreadable;
	struct verify_sets *sets; /* the logs that verified */
};

static void print_outcome(void *ctx, size_t index,
			  const struct verify_outcome *o)
{
	struct tally *t = ctx;

	switch (o->status) {
	case VERIFY_OK:
		visible_line(stdout, "%s: ok: %s", t->paths[index], o->text);
		verify_sets_add(t->sets, t->paths[index]);
		break;
	case VERIFY_FAILED:
		visible_line(stdout, "%s: FAILED: %s", t->paths[index], o->text);
		t->failed++;
		break;
	case VERIFY_UNREADABLE:
		fflush(stdout);
		visible_line(stderr, "%s: %s", t->paths[index], o->text);
		t->unreadable++;
		break;
	}
}

/* Reads the options; the paths are argv[optind] onwards.  EXIT_OK, or
 * EXIT_USAGE after a message. */
static int parse_options(int argc, char **argv, const char **key_file,
			 long *jobs)
{
	static const struct option longopts[] = {
		{"key", required_argument, NULL, 'k'},
		{"jobs", required_argument, NULL, 'j'},
		{NULL, 0, NULL, 0},
	};
	int opt, index;

	while ((opt = cli_option("verify", argc, argv, "j:", longopts, &index)) != -1) {
		if (opt == '?')
			return EXIT_USAGE;
		if (opt == 'k')
			*key_file = optarg;
		else if (!cli_number("verify", index < 0 ? "-j" : "--jobs", optarg,
				     1, 1024, jobs))
			return EXIT_USAGE;
	}
	return optind < argc ? EXIT_OK : cli_fail("verify", "no log given");
}

static void print_problem(void *ctx, const char *where, const char *what)
{
	(void)ctx;
	visible_line(stdout, "%s: FAILED: %s", where, what);
}

/* A tournament: its manifest, then its folder and every log. */
static void verify_tournament(const char *manifest, const unsigned char *key,
			      int jobs, struct tally *tally)
{
	struct problems problems = {.report = print_problem};
	struct manifest_view view;
	char signer[KEYS_SIGNED_BY_LEN];

	if (!manifest_read(manifest, key, MANIFEST_KEEP_HASHES, &view, &problems))
		verify_folder(&view, true, jobs, &problems);
	if (!problems.count)
		visible_line(stdout, "%s: ok: a tournament of %s, %ld games finished, "
			     "every log there and verified, nothing else; %s", view.dir,
			     view.game, view.finished,
			     keys_signed_by(signer, view.key_hex, key != NULL));
	tally->failed += problems.count > 0;
	manifest_view_free(&view);
}

/* The logs gathered so far, verified at once on `jobs` processes. */
struct batch {
	char **paths;
	size_t count;
};

static int flush_batch(struct batch *b, const unsigned char *key, int jobs,
		       struct tally *tally)
{
	char err[ERR_LEN];
	int rc = 0;

	tally->paths = b->paths;
	if (b->count && verify_pool_run(b->paths, b->count, key, jobs, false,
					print_outcome, tally, err) < 0) {
		visible_line(stderr, "referee verify: %s", err);
		rc = -1;
	}
	for (size_t i = 0; i < b->count; i++)
		free(b->paths[i]);
	b->count = 0;
	return rc;
}

static void add_log(struct batch *b, const char *path)
{
	b->paths = xrealloc(b->paths, (b->count + 1) * sizeof *b->paths);
	b->paths[b->count++] = xstrdup(path);
}

/* One path: a tournament checked now, or logs added to the batch.
 * -1 when the workers failed. */
static int verify_path(const char *path, const unsigned char *key, int jobs,
		       struct batch *batch, struct tally *tally)
{
	char *manifest = outdir_manifest(path), err[ERR_LEN], **logs;
	struct stat st;
	size_t count;
	int rc = 0;

	if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
		if (!outdir_is_manifest(path) || stat(path, &st)) {
			add_log(batch, path);
		} else if (!(rc = flush_batch(batch, key, jobs, tally))) {
			verify_tournament(path, key, jobs, tally);
		}
	} else if (!stat(manifest, &st)) {
		if (!(rc = flush_batch(batch, key, jobs, tally)))
			verify_tournament(manifest, key, jobs, tally);
	} else if (!(logs = verify_folder_logs(path, &count, err)) || !count) {
		fflush(stdout);
		visible_line(stderr, "%s: %s", path, logs ? "holds no game log "
			     "and no " OUTDIR_MANIFEST : err);
		tally->unreadable++;
		verify_folder_logs_free(logs);
	} else {
		for (size_t i = 0; i < count; i++)
			add_log(batch, logs[i]);
		verify_folder_logs_free(logs);
	}
	free(manifest);
	return rc;
}

int cmd_verify(int argc, char **argv)
{
	unsigned char key[32];
	const char *key_file = NULL;
	char err[ERR_LEN];
	struct tally tally = {0};
	struct batch batch = {0};
	struct stat st;
	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	int rc;

	if (cli_wants_help(argc, argv)) {
		puts("usage: referee verify PATH... [--key PUBLIC_KEY_FILE] [-j N]\n\n"
		     "Checks each game log: JSON, the hash chain, the signature "
		     "(made with the\ngiven public key, if any), the commitments, "
		     "every draw, and every action\nreplayed through the rules.  "
		     "A tournament's output folder, or its\nmanifest.jsonl, is "
		     "checked as a whole: the manifest's chain and signature,\n"
		     "every finished game's log there with the SHA-256 the manifest "
		     "recorded and\nverified, and no log the manifest does not list; "
		     "every problem is named.\nAnother folder: each of its logs.  "
		     "Each ok names the key that signed and,\nwithout --key, says it "
		     "was not checked against a key you trust: anyone can\nsign a "
		     "log with a key of their own.  -j N checks N logs at once "
		     "(default:\none per core); the lines come out in the order of "
		     "the paths given.\nExit status 0 when "
		     "everything holds, 1 when something does not, 2 when a\nlog "
		     "cannot be read.");
		return EXIT_OK;
	}
	if ((rc = parse_options(argc, argv, &key_file, &jobs)) != EXIT_OK)
		return rc;
	if (key_file && keys_load_public(key_file, key, err))
		return cli_fail("verify", "%s", err);
	tally.sets = verify_sets_new();
	for (int i = optind; i < argc && !rc; i++)
		rc = verify_path(argv[i], key_file ? key : NULL, (int)jobs, &batch,
				 &tally);
	rc = rc ? rc : flush_batch(&batch, key_file ? key : NULL, (int)jobs, &tally);
	/* A log given alone is checked alone. */
	if (!rc && (argc - optind > 1 || (!stat(argv[optind], &st) && S_ISDIR(st.st_mode))))
		tally.failed += (int)verify_sets_report(tally.sets, print_problem, NULL);
	verify_sets_free(tally.sets);
	for (size_t i = 0; i < batch.count; i++)   /* left after a failure */
		free(batch.paths[i]);
	free(batch.paths);
	if (rc)
		return EXIT_USAGE;
	return tally.unreadable ? EXIT_USAGE
	       : tally.failed ? EXIT_CHECK_FAILED : EXIT_OK;
}
