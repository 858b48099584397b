/*
 * Reading rule-case tables; see case_table.h.
 */
#include "case_table.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "run_suite.h"

static FILE *table_open(const char *table)
{
	const char *top = getenv("top_srcdir");
	char path[CASE_LINE_LEN];

	snprintf(path, sizeof path, "%s%stests/cases/%s", top ? top : "",
		 top ? "/" : "", table);
	return fopen(path, "r");
}

bool case_table_read(struct case_table *t, char *line)
{
	if (!fgets(line, CASE_LINE_LEN, t->file))
		return false;
	t->line_no++;
	line[strcspn(line, "\n")] = '\0';
	return true;
}

const char *case_directive(const char *line, const char *word)
{
	size_t len = strlen(word);

	if (strncmp(line, word, len) != 0 || (line[len] && line[len] != ' '))
		return NULL;
	return line + len + strspn(line + len, " ");
}

int case_table_count(const char *table)
{
	struct case_table t = {.file = table_open(table)};
	char line[CASE_LINE_LEN];
	int count = 0;

	if (!t.file)
		return 1;
	while (case_table_read(&t, line))
		count += case_directive(line, "case") != NULL;
	fclose(t.file);
	return count;
}

void case_table_open(struct case_table *t, const char *table, int index)
{
	char line[CASE_LINE_LEN];
	const char *name;
	int seen = -1;

	memset(t, 0, sizeof *t);
	t->file = table_open(table);
	ck_assert_msg(t->file != NULL, "cannot open tests/cases/%s (set top_srcdir)",
		      table);
	while (seen < index && case_table_read(t, line))
		if ((name = case_directive(line, "case")) && ++seen == index)
			snprintf(t->name, sizeof t->name, "%s", name);
	ck_assert_msg(seen == index, "case %d is missing", index);
}

bool case_table_step(struct case_table *t, char *line)
{
	while (case_table_read(t, line) && !case_directive(line, "case"))
		if (line[0] && line[0] != '#')
			return true;
	return false;
}

int case_table_block(struct case_table *t, char (**lines)[CASE_LINE_LEN])
{
	int n = 0;

	*lines = xmalloc(CASE_BLOCK_LINES * sizeof **lines);
	for (;;) {
		ck_assert_msg(n < CASE_BLOCK_LINES,
			      "%s (line %d): a block holds at most %d lines",
			      t->name, t->line_no, CASE_BLOCK_LINES);
		ck_assert_msg(case_table_read(t, (*lines)[n]),
			      "%s: the table ends inside a block (no \"end\")",
			      t->name);
		if (strcmp((*lines)[n], "end") == 0)
			return n;
		n++;
	}
}

void case_table_repeat(struct case_table *t, int times,
		       void (*step)(void *ctx, const char *line), void *ctx)
{
	char (*lines)[CASE_LINE_LEN];
	int n = case_table_block(t, &lines);

	for (int i = 0; i < times; i++)
		for (int k = 0; k < n; k++)
			if (lines[k][0] && lines[k][0] != '#')
				step(ctx, lines[k]);
	free(lines);
}

void case_table_close(struct case_table *t)
{
	fclose(t->file);
	t->file = NULL;
}

cJSON *case_table_json(const struct case_table *t, const char *text,
		       const char **rest)
{
	cJSON *json = cJSON_ParseWithOpts(text, rest, false);

	ck_assert_msg(json != NULL, "%s (line %d): bad JSON in the table",
		      t->name, t->line_no);
	*rest += strspn(*rest, " ");
	return json;
}
