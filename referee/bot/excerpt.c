/*
 * The first and last lines of a bot's stderr; see excerpt.h.
 */
#include "excerpt.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "base/visible.h"
#include "stderr_marks.h"


static void clear(struct excerpt *x)
{
	for (int i = 0; i < EXCERPT_HEAD; i++)
		free(x->head[i]);
	for (int i = 0; i < EXCERPT_TAIL; i++)
		free(x->tail[i]);
	free(x->hint);
	memset(x, 0, sizeof *x);
}

static void add_line(struct excerpt *x, char *line, bool sandboxed)
{
	line[strcspn(line, "\n")] = '\0';
	if (sandboxed && !x->hint)
		x->hint = excerpt_hint(line);
	if (x->heads < EXCERPT_HEAD) {
		x->head[x->heads++] = xstrdup(line);
		return;
	}
	free(x->tail[x->tails % EXCERPT_TAIL]);
	x->tail[x->tails++ % EXCERPT_TAIL] = xstrdup(line);
}

void excerpt_read(const char *path, bool sandboxed, struct excerpt *x)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	char *line = NULL;
	size_t cap = 0;

	memset(x, 0, sizeof *x);
	while (f && getline(&line, &cap, f) > 0) {
		if (!strncmp(line, STDERR_MARK_GAME, strlen(STDERR_MARK_GAME)))
			clear(x);
		else if (strncmp(line, STDERR_MARK_MOVE, strlen(STDERR_MARK_MOVE)) &&
			 strcmp(line, STDERR_MARK_END "\n"))
			add_line(x, line, sandboxed);
	}
	if (f)
		fclose(f);
	free(line);
}

const char *excerpt_first(const struct excerpt *x)
{
	return x->heads ? x->head[0] : NULL;
}

bool excerpt_sandbox_failed(const struct excerpt *x)
{
	return x->heads && !strncmp(x->head[0], "bwrap: ", 7);
}

void excerpt_print(FILE *out, const struct excerpt *x, const char *indent)
{
	long shown = x->tails < EXCERPT_TAIL ? x->tails : EXCERPT_TAIL;

	if (!x->heads)
		fprintf(out, "%s(it wrote nothing to stderr)\n", indent);
	for (int i = 0; i < x->heads; i++)
		visible_line(out, "%s| %s", indent, x->head[i]);
	if (x->tails > shown)
		fprintf(out, "%s| ... (%ld more lines)\n", indent, x->tails - shown);
	for (long i = x->tails - shown; i < x->tails; i++)
		visible_line(out, "%s| %s", indent, x->tail[i % EXCERPT_TAIL]);
	if (x->hint)
		visible_line(out, "%s%s", indent, x->hint);
}

void excerpt_free(struct excerpt *x)
{
	clear(x);
}
