/*
 * The main() of every Check program: runs test_suite() and prints TAP on
 * stdout, one line per test case, which automake's TAP driver turns into
 * per-test results and totals.  Check still forks each test, so a crash
 * is one failed test, not a dead suite.
 */
#include <stdio.h>
#include <stdlib.h>

#include "run_suite.h"

int main(void)
{
	const char *top = getenv("top_builddir");
	SRunner *runner;
	int failed;

	/* A sandboxed bot starts through bot-exec, looked for beside the
	 * running program (base/helper.h): a suite is not the referee,
	 * so it names the one built. */
	if (top && !getenv("ARENA_BOT_EXEC")) {
		char path[4096];

		snprintf(path, sizeof path, "%s/referee/bot-exec", top);
		setenv("ARENA_BOT_EXEC", path, 0);
	}
	runner = srunner_create(test_suite());

	srunner_set_tap(runner, "-");
	srunner_run_all(runner, CK_SILENT);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
