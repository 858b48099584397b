/*
 * The thinking time of the bundled search bots: the `--ms N` option (how
 * long a move may think, 100 ms by default) and a deadline for one turn
 * that never goes past what the referee allows (the turn's time_left_ms,
 * less a safety margin for the pipe and the referee's own work).  Time is
 * the process's CPU time, as the referee charges a move (its default
 * `--clock cpu`): on a loaded machine a bot gets the thought it was
 * given, not whatever share of the wall clock the load leaves it.  The
 * wall clock still stops a turn at eight times its thought and at what
 * the referee allows: a loaded machine slows a game at most eightfold,
 * and the referee also ends a move on the wall clock, at twice its time
 * plus a second.
 */
#ifndef BOTS_SEARCH_CLOCK_H
#define BOTS_SEARCH_CLOCK_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#define SEARCH_CLOCK_DEFAULT_MS 100

struct search_clock {
	double deadline;      /* seconds of the process's CPU time */
	double wall_deadline; /* seconds on the monotonic clock */
};

/* Reads the bot's arguments (`--ms N`, N from 1 to 60000) into *ms; 0, 1
 * after printing the usage that -h or --help asks for, or -1 after
 * printing a usage message that names `program`. */
int search_clock_args(int argc, char **argv, const char *program, long *ms);

/* Starts the clock of a turn: `ms` milliseconds from now, cut down so that
 * the reply leaves well within the turn's time_left_ms. */
void search_clock_start(struct search_clock *clock, const cJSON *turn,
			long ms);

/* Whether the turn's time is up: `clock` is a struct search_clock, and
 * void so that the values' Rolit search, which knows no clock of the
 * bots, can be handed this function. */
bool search_clock_expired(const void *clock);

#endif
