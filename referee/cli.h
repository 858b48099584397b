/*
 * What the command-line verbs share: exit codes, number parsing with
 * messages that say what was wrong, and turning BOT arguments
 * ("NAME=COMMAND" or "COMMAND") into match entrants.
 */
#ifndef ARENA_CLI_H
#define ARENA_CLI_H

#include <stdbool.h>

#include "match.h"

enum exit_code { EXIT_OK = 0, EXIT_CHECK_FAILED = 1, EXIT_USAGE = 2 };

int cmd_play(int argc, char **argv);
int cmd_games(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_keygen(int argc, char **argv);

/* Prints "referee VERB: message" and a hint to stderr; returns EXIT_USAGE. */
int cli_fail(const char *verb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Parses a whole decimal number in [min, max]; false with a message. */
bool cli_number(const char *verb, const char *flag, const char *text,
		long min, long max, long *out);

/* True when argv holds -h or --help before any "--". */
bool cli_wants_help(int argc, char **argv);

/* Fills entrants from BOT arguments: a name is the part before '=' when
 * it is a plain word, else made from the command (the script's base name
 * without extension); repeated names get "-2", "-3"...  Names are new
 * strings in names[i] (free them).  false with a message. */
bool cli_entrants(const char *verb, char **bots, int count,
		  struct match_entrant *entrants, char **names);

#endif
