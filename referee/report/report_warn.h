/*
 * What the report tells its verb as it goes (a replay or a page it goes
 * on without, a live build that failed): one line, without the verb's
 * name, which the verb says (report.h's report_options and report_live).
 */
#ifndef ARENA_REPORT_WARN_H
#define ARENA_REPORT_WARN_H

typedef void report_warn_fn(const char *line);

/* Formats a line and hands it to `warn` (NULL: nobody). */
void report_warn(report_warn_fn *warn, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
