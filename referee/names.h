/*
 * The names of bots and tournaments, given in a tournament file or on the
 * command line (NAME=COMMAND), or made by the referee from a bot's
 * command: they end up in file names (output folders, stderr files), so
 * one rule holds for all of them.
 */
#ifndef ARENA_NAMES_H
#define ARENA_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* The rule, as messages say it. */
#define NAME_RULE "1 to 40 letters, digits, '_', '.' or '-'"

/* Whether the `len` bytes at `name` make a name: NAME_RULE, and neither
 * "." nor "..", which name folders. */
bool name_ok(const char *name, size_t len);

#endif
