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

/* The length of the NAME of a "NAME=COMMAND" argument, or 0. */
size_t names_given_length(const char *bot);

/* Makes names unique: the second "random" becomes "random-2" (names[i]
 * are replaced, new strings). */
void names_make_unique(char **names, int count);

/* The names to show for the bots of the BOT arguments `bots`, whose
 * names from the command line are `names`: the one given on the command
 * line (NAME=COMMAND), else the one the bot said in hello (said[i], NULL:
 * none), else names[i]; made unique.  New strings in shown[i]. */
void names_shown(char *const *bots, int count, char *const *names,
		 const char *const *said, char **shown);

#endif
