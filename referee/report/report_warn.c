/*
 * A line the report tells its verb; see report_warn.h.
 */
#include "report_warn.h"

#include <stdarg.h>
#include <stdlib.h>

#include "base/util.h"

void report_warn(report_warn_fn *warn, const char *fmt, ...)
{
	va_list ap;
	char *line;

	if (!warn)
		return;
	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	warn(line);
	free(line);
}
