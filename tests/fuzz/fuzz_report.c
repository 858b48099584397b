/*
 * Fuzzing `referee report` (cmd_report.c): the input is made a folder
 * (fuzz_write_folder), a tournament's or a play folder, whose site
 * report_build writes into the folder's report/ as the verb does; a log
 * that does not verify is listed as such, a folder that cannot be
 * reported is an error, and nothing may crash.
 */
#include <cjson/cJSON.h>
#include <stdlib.h>

#include "base/util.h"
#include "fuzz.h"
#include "report/report.h"

static void ignore(const char *line)
{
	(void)line;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *dir = fuzz_write_folder("report", data, size), err[ERR_LEN];
	int run_problems = 0;
	const struct report_options options = {.warn = ignore,
					       .run_problems = &run_problems};
	cJSON *keys = NULL;

	if (report_build(dir, &options, &keys, err) >= 0)
		cJSON_Delete(keys);
	fuzz_remove_folder(dir);
	return 0;
}
