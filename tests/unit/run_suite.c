/*
 * The main() of every Check program: runs test_suite() and prints TAP on
 * stdout, one line per test case, which automake's TAP driver turns into
 * per-test results and totals.  Check still forks each test, so a crash
 * is one failed test, not a dead suite.
 */
#include <stdlib.h>

#include "run_suite.h"

int main(void)
{
	SRunner *runner = srunner_create(test_suite());
	int failed;

	srunner_set_tap(runner, "-");
	srunner_run_all(runner, CK_SILENT);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
