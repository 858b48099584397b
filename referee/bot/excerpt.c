/*
 * The first and last lines of a bot's stderr; see excerpt.h.
 */
#include "excerpt.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "base/visible.h"
#include "stderr_read.h"

void excerpt_read(const char *path, bool sandboxed, struct excerpt *x)
{
	struct stderr_reader *r = path ? stderr_read_open(path, 0, -1, false) : NULL;
	struct stderr_line line;

	memset(x, 0, sizeof *x);
	stderr_kept_init(&x->lines, EXCERPT_HEAD, EXCERPT_TAIL);
	while (r && stderr_read_next(r, &line)) {
		if (line.kind == STDERR_GAME) {
			stderr_kept_clear(&x->lines);
			free(x->hint);
			x->hint = NULL;
		} else if (line.kind == STDERR_BOT) {
			if (sandboxed && !x->hint)
				x->hint = excerpt_hint(line.text);
			stderr_kept_add(&x->lines, 0, line.text);
		}
	}
	stderr_read_close(r);
}

const char *excerpt_first(const struct excerpt *x)
{
	return x->lines.heads ? x->lines.head[0].text : NULL;
}

bool excerpt_sandbox_failed(const struct excerpt *x)
{
	return x->lines.heads && !strncmp(x->lines.head[0].text, "bwrap: ", 7);
}

void excerpt_print(FILE *out, const struct excerpt *x, const char *indent)
{
	const struct stderr_kept *k = &x->lines;

	if (!k->heads)
		fprintf(out, "%s(it wrote nothing to stderr)\n", indent);
	for (int i = 0; i < k->heads; i++)
		visible_line(out, "%s| %s", indent, k->head[i].text);
	if (stderr_kept_left_out(k))
		fprintf(out, "%s| ... (%ld more lines)\n", indent, stderr_kept_left_out(k));
	for (int i = 0; i < stderr_kept_tail_count(k); i++)
		visible_line(out, "%s| %s", indent, stderr_kept_tail(k, i)->text);
	if (x->hint)
		visible_line(out, "%s%s", indent, x->hint);
}

void excerpt_free(struct excerpt *x)
{
	stderr_kept_free(&x->lines);
	free(x->hint);
	memset(x, 0, sizeof *x);
}
