/*
 * A long run's status on stderr, as `tournament` and `sprt` show it: on a
 * terminal one line rewritten in place (cut to the terminal's width, as a
 * line that wrapped could not be rewritten), otherwise a plain line at
 * most every STATUS_LINE_EVERY_NS, so that a log file gets a few lines a
 * minute, not one a game.
 */
#ifndef ARENA_STATUS_LINE_H
#define ARENA_STATUS_LINE_H

#include <stdbool.h>

/* A line every this many nanoseconds when stderr is not a terminal. */
#define STATUS_LINE_EVERY_NS (5 * 1000000000LL)

/* Writes `line` (made visible: it may hold bots' names) as the status. */
void status_line_show(const char *line, bool tty);

/* Erases the status on a terminal, before other output takes its line. */
void status_line_erase(bool tty);

#endif
