/*
 * Fuzzing `referee replay` in each of its formats (cmd_replay.c): the
 * input is written as a log and replayed as text (with the boards, all
 * of it and one move), as the HTML page and as the turn message of a
 * move, the move chosen by the input's size; then resealed (fuzz_reseal,
 * so that mutated records get past the chain to the play) and replayed
 * again.  A log that does not verify still gives a document
 * (replay.h): every format must show it without crashing.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/util.h"
#include "fuzz.h"
#include "report/html.h"
#include "report/replay.h"
#include "report/replay_text.h"
#include "report/replay_words.h"

enum format { TEXT, HTML, MESSAGE, FORMATS };

/* Shows the replay of `log` in `format`, at `move` where it takes one. */
static void show(const struct game_log *log, enum format format, int move,
		 FILE *out)
{
	const struct replay_options options = {
		.boards = format == TEXT, .message_move = format == MESSAGE ? move : 0};
	char err[ERR_LEN], page[128];
	struct replay r;

	if (replay_build(log, &options, &r, err))
		return;
	replay_words_near(r.doc, log->path);
	if (format == TEXT) {
		replay_print_text(out, r.doc);
		replay_print_move(out, r.doc, move);
	} else if (format == HTML) {
		snprintf(page, sizeof page, "/tmp/fuzz-replay.%ld.html", (long)getpid());
		html_write_replay(page, r.doc, err);
		unlink(page);
	} else if (r.message) {
		free(json_print_line(r.message));
	}
	replay_free(&r);
}

static void replay_file(const char *path, int move)
{
	static FILE *out;
	struct game_log log;
	char err[ERR_LEN];

	if (!out && !(out = fopen("/dev/null", "w")))
		abort();
	if (logread_load(path, &log, err))
		fuzz_fail("a log file written just now cannot be read");
	unlink(path);
	for (int format = 0; format < FORMATS; format++)
		show(&log, format, move, out);
	logread_free(&log);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int move = 1 + (int)(size % 40);
	const char *sealed;

	if (sodium_init() < 0)
		abort();
	replay_file(fuzz_write_temp("replay", data, size), move);
	sealed = fuzz_reseal(data, size);
	if (sealed)
		replay_file(sealed, move);
	return 0;
}
