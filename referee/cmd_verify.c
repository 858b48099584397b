/*
 * `referee verify LOG... [--key PUBLIC_KEY_FILE] [-j N]`: checks game logs
 * as docs/FAIRNESS.md says and names the first failure of each, on N
 * processes, printing one line per log in the order of the arguments.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "keys.h"
#include "util.h"
#include "verify_pool.h"

struct tally {
	char **paths;
	int failed, unreadable;
};

static void print_outcome(void *ctx, size_t index,
			  const struct verify_outcome *o)
{
	struct tally *t = ctx;

	switch (o->status) {
	case VERIFY_OK:
		printf("%s: ok: %s\n", t->paths[index], o->text);
		break;
	case VERIFY_FAILED:
		printf("%s: FAILED: %s\n", t->paths[index], o->text);
		t->failed++;
		break;
	case VERIFY_UNREADABLE:
		fflush(stdout);
		fprintf(stderr, "%s: %s\n", t->paths[index], o->text);
		t->unreadable++;
		break;
	}
}

/* Reads the options; the logs are the other arguments.  EXIT_OK, or
 * EXIT_USAGE after a message. */
static int parse_options(int argc, char **argv, const char **key_file,
			 long *jobs, size_t *logs)
{
	for (int i = 1; i < argc; i++) {
		bool is_jobs = !strcmp(argv[i], "-j") || !strcmp(argv[i], "--jobs");

		if (!strcmp(argv[i], "--key") || is_jobs) {
			if (i + 1 == argc)
				return cli_fail("verify", "%s needs %s", argv[i],
						is_jobs ? "a number of processes"
							: "a file");
			if (is_jobs && !cli_number("verify", argv[i], argv[i + 1],
						   1, 1024, jobs))
				return EXIT_USAGE;
			if (!is_jobs)
				*key_file = argv[i + 1];
			i++;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_fail("verify", "unknown option '%s'", argv[i]);
		} else {
			argv[(*logs)++] = argv[i];  /* the logs, moved to the front */
		}
	}
	return *logs ? EXIT_OK : cli_fail("verify", "no log given");
}

int cmd_verify(int argc, char **argv)
{
	unsigned char key[32];
	const char *key_file = NULL;
	char err[ERR_LEN];
	struct tally tally = { .paths = argv };
	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	size_t logs = 0;
	int rc;

	if (cli_wants_help(argc, argv)) {
		puts("usage: referee verify LOG... [--key PUBLIC_KEY_FILE] [-j N]\n\n"
		     "Checks each game log: JSON, the hash chain, the signature "
		     "(made with the\ngiven public key, if any), the commitments, "
		     "every draw, and every action\nreplayed through the rules. "
		     "-j N checks N logs at once (default: one per\ncore); the "
		     "lines come out in the order of the logs given.\nExit "
		     "status 0 when every log holds, 1 when one does not, 2 when "
		     "a log cannot\nbe read.");
		return EXIT_OK;
	}
	if ((rc = parse_options(argc, argv, &key_file, &jobs, &logs)) != EXIT_OK)
		return rc;
	if (key_file && keys_load_public(key_file, key, err))
		return cli_fail("verify", "%s", err);
	if (verify_pool_run(argv, logs, key_file ? key : NULL, (int)jobs,
			    print_outcome, &tally, err) < 0) {
		fprintf(stderr, "referee verify: %s\n", err);
		return EXIT_USAGE;
	}
	return tally.unreadable ? EXIT_USAGE
	       : tally.failed ? EXIT_CHECK_FAILED : EXIT_OK;
}
