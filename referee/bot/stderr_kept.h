/*
 * The first and the last lines of many, kept as they come and the middle
 * only counted, so that what is kept of a bot's stderr is bounded however
 * much it wrote: a forfeit's excerpt (excerpt.h) and a replay's lines of
 * a game (report/replay_words.h).  Each line comes with a number of its
 * reader's (the move it was written during).
 */
#ifndef ARENA_STDERR_KEPT_H
#define ARENA_STDERR_KEPT_H

#include <stddef.h>

struct stderr_kept_line {
	int move;
	char *text;
	size_t cap;        /* text's room, reused by the tail's ring */
};

struct stderr_kept {
	int head_max, tail_max;
	struct stderr_kept_line *head, *tail;  /* tail: a ring */
	int heads;
	long tails;        /* lines after the head, kept or not */
	int gap_move;      /* the first line's after the head */
};

void stderr_kept_init(struct stderr_kept *k, int head_max, int tail_max);

/* Adds a line (its text copied). */
void stderr_kept_add(struct stderr_kept *k, int move, const char *text);

/* The lines between head and tail that were not kept. */
long stderr_kept_left_out(const struct stderr_kept *k);

/* How many of the tail's lines are kept, and the i-th of them, in order. */
int stderr_kept_tail_count(const struct stderr_kept *k);
const struct stderr_kept_line *stderr_kept_tail(const struct stderr_kept *k, int i);

/* Forgets every line (the room kept). */
void stderr_kept_clear(struct stderr_kept *k);

void stderr_kept_free(struct stderr_kept *k);

#endif
