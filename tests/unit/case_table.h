/*
 * Reading a rule-case table of tests/cases/ (its format is described at
 * the top of each table), shared by the rules suites' interpreters
 * (check_rolit.c, dice_cases.c): a table's cases are counted, one is
 * found by its index, and its lines are read numbered, so that a failing
 * check names the case and the line.
 */
#ifndef ARENA_CASE_TABLE_H
#define ARENA_CASE_TABLE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#define CASE_LINE_LEN 4096

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

/* The arguments of `line` if it is the directive `word`, else NULL. */
const char *case_directive(const char *line, const char *word);

/* The JSON value at the start of `text`; *rest points at what follows. */
cJSON *case_table_json(const struct case_table *t, const char *text,
		       const char **rest);

#endif
