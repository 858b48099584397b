/*
 * Fuzzing `referee ladder` (cmd_ladder.c): the input is made a folder
 * (fuzz_write_folder): tournament and play folders, logs, or a folder
 * of them, which ladder_show rates in every format, with the logs of
 * manifests verified (--verify) for the table, as provisional
 * (--provisional) for the others, on one process.  Its output goes to
 * /dev/null; what must hold is that nothing crashes.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "fuzz.h"
#include "ladder/ladder_print.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *dir = fuzz_write_folder("ladder", data, size), err[ERR_LEN];
	static bool quiet;

	if (!quiet && !(quiet = freopen("/dev/null", "w", stdout) != NULL))
		abort();
	for (int format = 0; format < LADDER_FORMATS; format++) {
		const struct ladder_options check = {
			.jobs = 1, .verify = format == LADDER_TABLE,
			.provisional = format != LADDER_TABLE};
		struct problems problems = {.report = fuzz_ignore_problem};

		ladder_show(&dir, 1, format, NULL, &check, &problems, err);
	}
	fuzz_remove_folder(dir);
	return 0;
}
