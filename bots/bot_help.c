/*
 * The bundled C bots' --help (bot_help.h).
 */
#include "bot_help.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool bot_help(int argc, char **argv, const char *usage, ...)
{
	va_list ap;
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			break;
	if (i == argc)
		return false;
	fputs("usage: ", stdout);
	va_start(ap, usage);
	vprintf(usage, ap);
	va_end(ap);
	puts("\n\nA bot: the referee runs it and sends it the game on standard input, one\n"
	     "JSON message a line, and it answers each on standard output (docs/PROTOCOL.md).\n"
	     "Give its command to the referee, e.g.\n"
	     "  referee play bolo \"bots/random-bot\" \"bots/threshold-bot 400\"");
	return true;
}
