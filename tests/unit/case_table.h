/*
 * Reading a rule-case table of tests/cases/ (its format is described at
 * the top of each table), shared by the rules suites' interpreters
 * (check_rolit.c, dice_cases.c, black_pot_cases.c): a table's cases are
 * counted, one is found by its index, and its lines are read numbered, so
 * that a failing check names the case and the line.  Two constructs span
 * lines: a block (the lines up to "end", e.g. a rendering) and "repeat N"
 * (a block run N times).
 */
#ifndef ARENA_CASE_TABLE_H
#define ARENA_CASE_TABLE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#define CASE_LINE_LEN 4096
/* The most lines a block may hold. */
#define CASE_BLOCK_LINES 64

struct case_table {
	FILE *file;
	int line_no;
	char name[CASE_LINE_LEN];  /* the case being run */
};

/* How many cases tests/cases/TABLE holds (under $top_srcdir when make
 * check sets it); 1 when it cannot be read, so that the one test says
 * why. */
int case_table_count(const char *table);

/* Opens TABLE at its index-th case (from 0), failing the current Check
 * test when it cannot. */
void case_table_open(struct case_table *t, const char *table, int index);

/* The case's next line to act on (blank lines and # comments skipped);
 * false at the next case or the end of the table. */
bool case_table_step(struct case_table *t, char *line);

/* The next line as it is, without its newline; false at the end. */
bool case_table_read(struct case_table *t, char *line);

void case_table_close(struct case_table *t);

/* The lines up to the next "end" line, as they are, into *lines (a new
 * array of CASE_BLOCK_LINES lines: free it); their count.  Fails the
 * current test when the table ends first or the block is longer. */
int case_table_block(struct case_table *t, char (**lines)[CASE_LINE_LEN]);

/* "repeat N": runs the block that follows (blank and # lines skipped)
 * `times` times, a line at a time through step(ctx, line). */
void case_table_repeat(struct case_table *t, int times,
		       void (*step)(void *ctx, const char *line), void *ctx);

/* The arguments of `line` if it is the directive `word`, else NULL. */
const char *case_directive(const char *line, const char *word);

/* The JSON value at the start of `text`; *rest points at what follows. */
cJSON *case_table_json(const struct case_table *t, const char *text,
		       const char **rest);

#endif
