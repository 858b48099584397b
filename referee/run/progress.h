/*
 * A tournament's progress on stderr: games done of the run's total
 * (counting those an earlier, resumed run finished), games a second, the
 * time left, the forfeits so far, the top three bots by score, the
 * leader by rating (progress_leader.h) and each bot that failed to start
 * a number of times in a row, with the first line of its stderr, drawn
 * from the run's events (tournament.h).  On a terminal it is one status
 * line rewritten in place; otherwise a line every few seconds and one at
 * the end; nothing when quiet.
 */
#ifndef ARENA_PROGRESS_H
#define ARENA_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "progress_leader.h"
#include "tournament.h"

struct progress {
	char **names;          /* by bot number: the tournament file's */
	int bots;
	long total;            /* games of the run, finished or not */
	long done;             /* of them, finished (earlier runs included) */
	long left_out;         /* of the others, not played (--skip-broken) */
	long done_here;        /* finished by this process */
	long forfeits;
	double *points;        /* per bot: sum of (players - rank) / (players - 1) */
	long *played;
	int64_t started_ns, printed_ns;
	bool tty, quiet;
	struct progress_leader leader;
	int start_failures;    /* in a row, to name a bot that fails them
				* (set after progress_init()) */
	const char *out_dir;   /* the run's, named in messages (set after
				* progress_init()) */
	int *failed;           /* per bot: failed starts in a row */
	char **failed_line;    /* ... and the last one's first stderr line */
};

/* The progress of a run of `spec`, which must outlive it. */
void progress_init(struct progress *p, const struct tournament_spec *spec,
		   bool tty, bool quiet);

/* The events of a run (tournament.h) that `p` shows: the status line, and
 * a message naming the new version of a bot (unless quiet). */
struct tournament_events progress_events(struct progress *p);

void progress_free(struct progress *p);

#endif
