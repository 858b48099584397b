/*
 * `referee verify LOG... [--key PUBLIC_KEY_FILE]`: checks game logs as
 * docs/FAIRNESS.md says and names the first failure of each.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "keys.h"
#include "logread.h"
#include "util.h"
#include "verify.h"

int cmd_verify(int argc, char **argv)
{
	unsigned char key[32];
	const char *key_file = NULL;
	char err[ERR_LEN];
	int logs = 0, failed = 0, unreadable = 0;

	if (cli_wants_help(argc, argv)) {
		puts("usage: referee verify LOG... [--key PUBLIC_KEY_FILE]\n\n"
		     "Checks each game log: JSON, the hash chain, the signature "
		     "(made with the\ngiven public key, if any), the commitments, "
		     "every draw, and every action\nreplayed through the rules. "
		     "Exit status 0 when every log holds, 1 when one\ndoes not, "
		     "2 when a log cannot be read.");
		return EXIT_OK;
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--key")) {
			if (++i == argc)
				return cli_fail("verify", "--key needs a file");
			key_file = argv[i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_fail("verify", "unknown option '%s'", argv[i]);
		} else {
			logs++;
		}
	}
	if (!logs)
		return cli_fail("verify", "no log given");
	if (key_file && keys_load_public(key_file, key, err))
		return cli_fail("verify", "%s", err);
	for (int i = 1; i < argc; i++) {
		struct verify_summary summary;
		struct game_log log;

		if (!strcmp(argv[i], "--key")) {
			i++;
			continue;
		}
		if (logread_load(argv[i], &log, err)) {
			fprintf(stderr, "%s: %s\n", argv[i], err);
			unreadable++;
			continue;
		}
		if (verify_log(&log, key_file ? key : NULL, NULL, &summary, err)) {
			printf("%s: FAILED: %s\n", argv[i], err);
			failed++;
		} else {
			printf("%s: ok: %s, %d players, %d actions, signed by %s\n",
			       argv[i], summary.game, summary.players,
			       summary.actions, summary.key_hex);
		}
		logread_free(&log);
	}
	return unreadable ? EXIT_USAGE : failed ? EXIT_CHECK_FAILED : EXIT_OK;
}
