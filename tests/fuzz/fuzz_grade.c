/*
 * Fuzzing `referee grade` (cmd_grade.c, report/grade.h): the input is
 * written as a log and graded, the grade printed as text and as JSON; then
 * resealed (fuzz_reseal, so that mutated records get past the chain to
 * the play and the values) and graded again.  A log that is no log, that
 * does not verify or whose game has no exact values gets a status and a
 * message, never a crash.  One grader serves every input, as it serves a
 * folder's logs, so that the tables of a target are solved once.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/util.h"
#include "fuzz.h"
#include "report/grade.h"

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
	if (grade_log(g, &log, &doc, err) == GRADE_OK) {
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
	if (!g)
		g = grade_new(NULL);
	grade_file(g, fuzz_write_temp("grade", data, size));
	sealed = fuzz_reseal(data, size);
	if (sealed)
		grade_file(g, sealed);
	return 0;
}
