/*
 * What a bot that did not start said: the first and the last lines it
 * wrote to stderr (after the referee's last "=== arena: game" mark in its
 * stderr file, so a restarted bot's own words; each cut at
 * STDERR_LINE_BYTES, stderr_read.h), and what those words say
 * of a path the sandbox hides from it, as advice on how to give it.  A
 * start-up error puts its one useful line near the top (Node's
 * ERR_MODULE_NOT_FOUND) or at the bottom (a Python traceback): both ends
 * are shown, the middle counted.  The lines are the bot's own bytes:
 * excerpt_print() makes them visible (visible.h).
 */
#ifndef ARENA_EXCERPT_H
#define ARENA_EXCERPT_H

#include <stdbool.h>
#include <stdio.h>

#include "stderr_kept.h"

#define EXCERPT_HEAD 6
#define EXCERPT_TAIL 6

/* Advice for a bot that runs but does not answer: the usual cause is a
 * reply left in its output buffer, never written to the pipe. */
#define EXCERPT_FLUSH_HINT "a bot that runs but does not answer is most " \
	"often holding its replies in its output buffer: flush standard " \
	"output after each line (Python: print(..., flush=True); Perl: " \
	"$| = 1; C: fflush(stdout); Java: System.out.flush())"

struct excerpt {
	struct stderr_kept lines;  /* EXCERPT_HEAD first, EXCERPT_TAIL last */
	/* What the lines say of a path the sandbox hides, as advice (the
	 * first one found); NULL when nothing. */
	char *hint;
};

/* Reads the excerpt of the stderr file at `path` (a missing file is
 * empty).  `sandboxed`: the bot ran in the sandbox, so a path it could
 * not find that is there for the referee is one the sandbox hides. */
void excerpt_read(const char *path, bool sandboxed, struct excerpt *x);

/* The first line, or NULL when the bot wrote nothing. */
const char *excerpt_first(const struct excerpt *x);

/* Whether the first line is bubblewrap's (the sandbox could not be set
 * up, so the bot never ran: the referee's failure, not the bot's).  A bot
 * writes to stderr only once bubblewrap has run it, and one that writes
 * such a line first only stops its own run. */
bool excerpt_sandbox_failed(const struct excerpt *x);

/* Prints the lines, each after `indent` and "| ", with a line counting
 * those left out between head and tail, or "(it wrote nothing to
 * stderr)"; then the hint, after `indent`. */
void excerpt_print(FILE *out, const struct excerpt *x, const char *indent);

void excerpt_free(struct excerpt *x);

/* What one line of a sandboxed bot's stderr says of a path the sandbox
 * hides: advice on how to give it, a new string, or NULL. */
char *excerpt_hint(const char *line);

#endif
