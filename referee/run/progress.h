/*
 * A tournament's progress on stderr: games done of the run's total
 * (counting those an earlier, resumed run finished), games a second, the
 * time left, the forfeits so far, the top three bots by score, the
 * leader by rating (progress_leader.h) and each bot that failed to start
 * a number of times in a row, with the first line of its stderr, as the
 * run (tournament.h) tells them.  On a terminal it is one status
 * line rewritten in place; otherwise a line every few seconds and one at
 * the end; nothing when quiet.
 */
#ifndef ARENA_PROGRESS_H
#define ARENA_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "plan/tournament_file.h"
#include "progress_leader.h"

/* A long run's status on stderr, as `tournament` and `sprt` show it: on a
 * terminal one line rewritten in place (cut to the terminal's width, as a
 * line that wrapped could not be rewritten), otherwise a plain line at
 * most every STATUS_LINE_EVERY_NS, so that a log file gets a few lines a
 * minute, not one a game. */
#define STATUS_LINE_EVERY_NS (5 * 1000000000LL)

/* Writes `line` (made visible: it may hold bots' names) as the status. */
void status_line_show(const char *line, bool tty);

/* Erases the status on a terminal, before other output takes its line. */
void status_line_erase(bool tty);

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

/* What a run (tournament.c) tells as it goes, shown by the status line
 * and, unless quiet, a line of each change: */
/* The games start: `done` of the run's `total` are finished, and
 * `left_out` of the others are not played (--skip-broken). */
void progress_start(struct progress *p, long total, long done, long left_out);
/* A game finished: bot[s] at seat s ranked rank[s], `forfeits` seats
 * forfeited.  `earlier`: one the stopped run that this one resumes
 * finished, told before progress_start() and counted in its `done`: only
 * its standings and forfeits count. */
void progress_game(struct progress *p, const int *bot, const int *rank,
		   int players, int forfeits, bool earlier);
/* A resumed run set aside the `count` logs, as names[], that games
 * `first` to `last` left unfinished: a game alone (first == last) is
 * played again, a duplicate set dealt again whole.  One line, naming
 * each log. */
void progress_set_aside(struct progress *p, long first, long last,
			char *const *names, int count);
/* Bot `bot` did not start for a game, saying `line` first on stderr: at
 * p->start_failures in a row, the status line names it (at once). */
void progress_no_start(struct progress *p, int bot, const char *line);
/* Bot `bot` started for a game: its row of failures ends. */
void progress_started(struct progress *p, int bot);
/* The tournament file changed bot `bot`'s entry since the run was
 * stopped: the new version plays its games from here on. */
void progress_new_version(struct progress *p, int bot);
/* The tournament file added bot `bot` at the end of its list since the
 * run was stopped or finished: its tables, games `first` to `last` of the
 * schedule, are added. */
void progress_added(struct progress *p, int bot, long first, long last);
/* Bot `bot`, which the run this one resumes left out (--skip-broken),
 * passed its pre-flight and plays here: `games` of the games left out
 * are to play. */
void progress_back(struct progress *p, int bot, long games);
/* The workers have stopped: the last line, complete. */
void progress_finish(struct progress *p);

void progress_free(struct progress *p);

#endif
