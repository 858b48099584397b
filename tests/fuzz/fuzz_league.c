/*
 * Fuzzing `referee league rebuild` (cmd_league.c): the input is made a
 * folder (fuzz_write_folder), a league's (league.json, register.jsonl,
 * runs/NNNNNN/ with their logs and run.jsonl), whose index league_rebuild
 * makes afresh from the register and the logs as the verb does, once
 * league_folder_read has read it; then league_check (`referee verify` of
 * a league) compares that index with the logs again.  Either may fail;
 * nothing may crash.
 */
#include <stdlib.h>

#include "base/util.h"
#include "fuzz.h"
#include "league/league_check.h"
#include "league/league_sync.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *dir = fuzz_write_folder("league", data, size), err[ERR_LEN];
	struct league_info info;

	if (!league_folder_read(dir, &info, err)) {
		struct problems problems = {.report = fuzz_ignore_problem};

		if (league_rebuild(dir, &info, err) >= 0)
			free(league_check(dir, &problems));
		league_info_free(&info);
	}
	fuzz_remove_folder(dir);
	return 0;
}
