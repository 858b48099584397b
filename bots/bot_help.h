/*
 * The bundled C bots' --help.  A bot reads the referee's messages on its
 * standard input, so a person who runs one to see what it is would find
 * it waiting there: -h or --help prints its usage and what a bot is
 * instead.
 */
#ifndef BOTS_BOT_HELP_H
#define BOTS_BOT_HELP_H

#include <stdbool.h>

/* Whether the arguments ask for help (-h or --help, anywhere): then
 * prints "usage: " and `usage` (a printf format), and how a bot is run,
 * on standard output. */
bool bot_help(int argc, char **argv, const char *usage, ...)
	__attribute__((format(printf, 3, 4)));

#endif
