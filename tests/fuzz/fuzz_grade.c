/*
 * Fuzzing `referee grade` (cmd_grade.c, grade/grade.h): the input is
 * written as a log and graded, the grade printed as text and as JSON; then
 * resealed (fuzz_reseal, so that mutated records get past the chain to
 * the play and the values) and graded again.  A log that is no log, that
 * does not verify gets a status and a message, never a crash; a game
 * without exact values is graded with estimated ones, as `referee grade`
 * grades it.  One grader serves every input, as it serves a
 * folder's logs, so that the tables of a target are solved once; its
 * cache is a folder of its own, removed at exit, never the user's.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/logread.h"
#include "base/util.h"
#include "fuzz.h"
#include "grade/grade.h"

/* The largest target whose tables the fuzzer solves: the corpus's.  One of
 * 2000 takes 14 s under the sanitizers, and what is past it is the same
 * solver (check_values), not more of the grader; such an input is left. */
#define FUZZ_GRADE_MAX_TARGET 1000

/* Estimated values cost playouts at every decision (a second or more a
 * game): logs of more lines than the corpus's are left. */
#define FUZZ_GRADE_MAX_LINES 60

/* Whether the log may ask for what the fuzzer cannot afford: tables of a
 * bolo game whose target (10000 by default) is past the bound, or
 * estimates of a long game. */
static bool too_costly(const struct game_log *log)
{
	const cJSON *header = log->count ? log->lines[0].json : NULL;
	const char *game = cJSON_GetStringValue(json_member(header, "game"));
	const cJSON *target =
		json_member(json_member(header, "options"), "target");

	if (log->count > FUZZ_GRADE_MAX_LINES)
		return true;
	if (!game || (strcmp(game, "bolo") && strcmp(game, "bolo5")))
		return false;
	return !cJSON_IsNumber(target) ||
	       !(target->valuedouble <= FUZZ_GRADE_MAX_TARGET);
}

static char *cache;

static void remove_cache(void)
{
	fuzz_remove_folder(cache);
}

static void grade_file(struct grade *g, const char *path)
{
	static FILE *out;
	struct game_log log;
	char err[ERR_LEN];
	cJSON *doc;

	if (!out && !(out = fopen("/dev/null", "w")))
		abort();
	if (logread_load(path, &log, err))
		fuzz_fail("a log file written just now cannot be read");
	unlink(path);
	if (!too_costly(&log) && grade_log(g, NULL, &log, &doc, err) == GRADE_OK) {
		grade_text_print(out, doc);
		free(json_print_line(doc));
		cJSON_Delete(doc);
	}
	logread_free(&log);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct grade *g;
	const char *sealed;

	if (sodium_init() < 0)
		abort();
	if (!g) {
		char err[ERR_LEN];

		if (!(cache = files_temp_dir("fuzz-grade-cache", err)))
			fuzz_fail(err);
		atexit(remove_cache);
		g = grade_new(cache, GRADE_ESTIMATES);
	}
	grade_file(g, fuzz_write_temp("grade", data, size));
	sealed = fuzz_reseal(data, size);
	if (sealed)
		grade_file(g, sealed);
	return 0;
}
