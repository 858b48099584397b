/*
 * Fuzzing the log reader and verifier.  The input is written as a log
 * file and checked with logread_load and verify_log (any signing key), as
 * `referee verify` would.  A changed byte breaks the hash chain, so on
 * its own that would never get past check_chain; the input is therefore
 * also resealed (fuzz_reseal) and checked again: that way mutated
 * actions, draws, forfeits and results reach the commitments check and
 * the replay through the rules.  Both checks render
 * the game in progress after every record, as `referee replay` does.
 */
#include <cjson/cJSON.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/logread.h"
#include "base/util.h"
#include "base/verify.h"
#include "fuzz.h"

static void render(void *ctx, size_t line, const cJSON *record,
		   const struct game_play *play)
{
	(void)ctx;
	(void)line;
	(void)record;
	if (play->state)
		free(play->rules->render(play->state));
}

static void verify_file(const char *path)
{
	const struct verify_hooks hooks = {.on_record = render};
	struct verify_summary summary;
	struct game_log log;
	char err[ERR_LEN];

	if (logread_load(path, &log, err))
		fuzz_fail("a log file written just now cannot be read");
	unlink(path);
	verify_log(&log, NULL, &hooks, &summary, err);
	logread_free(&log);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *sealed;

	if (sodium_init() < 0)
		abort();
	verify_file(fuzz_write_temp("log", data, size));
	sealed = fuzz_reseal(data, size);
	if (sealed)
		verify_file(sealed);
	return 0;
}
