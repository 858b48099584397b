/*
 * The fixture run copied for a test; see fixture_run.h.
 */
#include "fixture_run.h"

#include <stdlib.h>

#include "base/util.h"
#include "run_suite.h"

char *fixture_run_copy(void)
{
	const char *top = getenv("top_srcdir");
	char *dir = xstrdup("/tmp/arena_fixture_run_XXXXXX"), *copy;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	copy = xasprintf("cp -R '%s/tests/fixtures/report-run/.' '%s'", top ? top : ".", dir);
	ck_assert_int_eq(system(copy), 0);
	free(copy);
	return dir;
}

void fixture_run_remove(char *dir)
{
	char *remove = xasprintf("rm -rf '%s'", dir);

	ck_assert_int_eq(system(remove), 0);
	free(remove);
	free(dir);
}
