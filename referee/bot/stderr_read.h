/*
 * A bot's stderr file read back line by line, each line told as the
 * bot's own or as one of the referee's marks (stderr_marks.h), in a
 * bounded memory whatever the file holds: a line's first
 * STDERR_LINE_BYTES bytes are kept and the rest only counted, so that a
 * bot's megabyte on one line, or its million empty lines, cost the reader
 * time in proportion to the bytes and no more memory than one line.
 * A file written before the referee marked its lines has its marks read
 * unmarked up to its first marked line (stderr_marks.h).
 */
#ifndef ARENA_STDERR_READ_H
#define ARENA_STDERR_READ_H

#include <stdbool.h>
#include <stddef.h>

/* Of a line, the bytes kept (the rest is counted in its length). */
#define STDERR_LINE_BYTES 500

enum stderr_kind {
	STDERR_BOT,      /* the bot's own line */
	STDERR_GAME,     /* a game's mark: text is the mark */
	STDERR_MOVE,     /* a move's mark: its number in move */
	STDERR_END,      /* the mark of a game's end */
	STDERR_REFEREE_NOTE, /* another line of the referee's, the file's first */
};

struct stderr_line {
	enum stderr_kind kind;
	int move;          /* STDERR_MOVE's */
	long at;           /* where it starts in the file */
	long next;         /* where the line after it starts */
	bool whole;        /* ended by a newline (not by the range's end) */
	size_t length;     /* its bytes, without the newline (and a mark's byte) */
	/* Its first bytes, NUL-terminated (a mark without the referee's byte). */
	char text[STDERR_LINE_BYTES + 1];
};

struct stderr_reader;

/* Reads the file at `path` from byte `from` up to byte `to` (-1: its
 * end); `marked`: whether a line of the referee's came before `from`
 * (stderr_read_marked() of a reader that stopped there), false from the
 * start.  NULL when the file cannot be opened. */
struct stderr_reader *stderr_read_open(const char *path, long from, long to, bool marked);

/* The next line into `line`; false at the range's end. */
bool stderr_read_next(struct stderr_reader *r, struct stderr_line *line);

/* Whether a line of the referee's was read so far (or came before). */
bool stderr_read_marked(const struct stderr_reader *r);

void stderr_read_close(struct stderr_reader *r);

#endif
