/*
 * Reporting problems; see problems.h.
 */
#include "problems.h"

#include <stdarg.h>
#include <stdio.h>

#include "util.h"

void problems_add(struct problems *problems, const char *where,
		  const char *fmt, ...)
{
	char what[ERR_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	problems->count++;
	problems->report(problems->ctx, where, what);
}

void problems_keep_first(void *ctx, const char *where, const char *what)
{
	char *first = ctx;

	if (!*first)
		snprintf(first, ERR_LEN, "%s: %s", where, what);
}
