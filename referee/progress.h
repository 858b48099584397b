/*
 * A tournament's progress on stderr: games done of the run's total
 * (counting those an earlier, resumed run finished), games a second, the
 * time left, the forfeits so far and the top three bots by score.  On a
 * terminal it is one status line rewritten in place; otherwise a line
 * every few seconds and one at the end; nothing when quiet.
 */
#ifndef ARENA_PROGRESS_H
#define ARENA_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

struct progress {
	char *const *names;    /* by bot number */
	int bots;
	long total;            /* games of the run, finished or not */
	long done;             /* of them, finished (earlier runs included) */
	long done_here;        /* finished by this process */
	long forfeits;
	double *points;        /* per bot: sum of (players - rank) / (players - 1) */
	long *played;
	int64_t started_ns, printed_ns;
	bool tty, quiet;
};

/* `names` (bots of them) must outlive the progress. */
void progress_init(struct progress *p, char **names, int bots, bool tty,
		   bool quiet);

/* Starts the clock: `done` of the run's `total` games are finished. */
void progress_start(struct progress *p, long total, long done);

/* Counts a finished game: bot[s] at seat s ranked rank[s]; `forfeits`
 * seats forfeited.  `earlier`: a game a run before this one finished,
 * already in progress_start's `done`: only its standings and forfeits
 * count. */
void progress_game(struct progress *p, const int *bot, const int *rank,
		   int players, int forfeits, bool earlier);

/* Ends the display: the last line, complete. */
void progress_finish(struct progress *p);
void progress_free(struct progress *p);

#endif
