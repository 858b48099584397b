/*
 * Text from a bot or a log, printed for a person.  A bot's reply, its
 * stderr, its name, or any string of a log someone else wrote may hold
 * what a terminal acts on instead of showing: escape sequences that clear
 * the screen, retitle the window, write the clipboard (OSC 52) or move the
 * cursor to forge a line, a carriage return, a bell.  Every verb prints such
 * text through visible_text(), which shows each of these characters, and
 * every byte that is not part of valid UTF-8, as \xNN escapes of its bytes,
 * whether the output is a terminal or not.  Only what is printed changes:
 * logs keep the exact bytes they were given.
 */
#ifndef ARENA_VISIBLE_H
#define ARENA_VISIBLE_H

#include <stdbool.h>
#include <stdio.h>

enum visible_mode {
	VISIBLE_LINE,   /* one line: a newline in it is escaped too */
	VISIBLE_LINES,  /* a block of lines: newlines are kept */
	VISIBLE_JSON,   /* JSON text for a person's terminal: its layout is
			 * kept, the characters written as \u escapes */
};

/* A copy of `text` as a person may see it in `mode`; free it. */
char *visible_text(const char *text, enum visible_mode mode);

/* Prints one line on `out`: the formatted text, made visible as one line
 * (a newline in an argument shows as \x0a), then a newline. */
void visible_line(FILE *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Prints `text` made visible in `mode`, as it is (no newline added). */
void visible_puts(FILE *out, const char *text, enum visible_mode mode);

#endif
