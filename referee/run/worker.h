/*
 * Tournament workers: child processes that each play whole tables (the
 * games of one set of bots, with the same bot processes) and report each
 * game to the parent over a pipe, one line per event:
 *
 *   parent -> worker   "T table game game ...\n" play these games, with
 *                      " S first second" at its end for a Swiss table,
 *                      seated as the parent paired it (schedule_seat_pair:
 *                      the worker's schedule was copied before), and then
 *                      " K hex" the key its games' secrets derive from
 *                      (match_types.h's deal_key); the pipe's end: quit
 *   worker -> parent   "F game sha256 rank... reason... clocks...\n"
 *                      finished, seat by seat: its rank, its forfeit's
 *                      reason or "-", and its reply times as
 *                      reply_clocks_to_text writes them (the wall clock's
 *                      "max,bucket:count,...", then "/" and the CPU's if
 *                      it was read; reply_times.h); "D table\n" table done;
 *                      "E game message\n" the referee itself failed (e.g.
 *                      the disk is full); "B game bot line\n" (before
 *                      its "F") bot number `bot` did not start for the
 *                      game: its first stderr line (else why)
 *
 * A worker dies with its parent (parent-death signal), and its bots die
 * with it, so killing a tournament leaves nothing behind.  A job of its
 * own (`referee sprt`'s pairs, the league's tasks) plays each "T" message
 * its own way and may add lines of its own, as long as it ends each with
 * "D".
 */
#ifndef ARENA_WORKER_H
#define ARENA_WORKER_H

#include <stdbool.h>

#include "base/keys.h"
#include "match/match.h"
#include "plan/schedule.h"
#include "plan/tournament_file.h"

struct worker_job;

/* Plays the games of one "T" message in the worker, their secrets from
 * `deal_key` (FAIR_HASH_BYTES, or NULL: fresh random bytes): reports
 * each with worker_finished() and the message with "D table"; after an
 * "E" line it ends the worker with worker_leave(). */
typedef void worker_play_fn(const struct worker_job *job, int table,
			    const long *games, int count,
			    const unsigned char *deal_key, int out);

struct worker_job {
	worker_play_fn *play;    /* NULL: the games of a tournament's table */
	void (*quit)(const struct worker_job *job); /* before the pipe's end ends the
						     * worker; may be NULL */
	const void *ctx;         /* play's and quit's own */
	int number;              /* the worker's own, from 1: set in it by the
				  * pool, so that a worker's bots write stderr
				  * files of their own */
	/* A tournament's table: */
	const struct tournament_spec *spec;
	struct schedule *schedule; /* the worker's own copy, seated as told */
	const char *out_dir;
	const struct referee_key *key;
	const unsigned char *run_id; /* the manifest's id, which each log names */
	int lock_fd;             /* the output folder's lock, kept open */
	/* A table's games are played as duplicate sets: the run's, decided
	 * once (a tournament file's "duplicate"; every league set) and
	 * handed to the round (match_play_round()). */
	bool duplicate;
};

/* A finished game's line holds each seat's reply-time histogram: a few
 * kilobytes at the very most. */
#define WORKER_LINE_MAX 65536

/* For a job's play function, in the worker: writes a line to the parent
 * (the worker ends when the parent is gone); the "F" line of a finished
 * game; ends the worker and its bots' process groups. */
void worker_say(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void worker_finished(int out, long game, const char *sha256,
		     const struct game_outcome *outcome, int players);
void worker_leave(int code) __attribute__((noreturn));

/* For the run, the start of an "F" line that every job writes alike:
 * its game, its log's hash (or what the job writes there, as "-": at most
 * FILES_SHA256_HEX - 1 characters), each seat's rank (1 to `players`),
 * and where the rest begins (the forfeits).  0, or -1 when the line is
 * not that. */
int worker_read_finished(const char *line, int players, long *game,
			 char *sha256, int *ranks, const char **rest);

/* In the worker (the pool's child, base/pool.h): plays what it is given
 * on `in` until that ends, its lines written to `out`; what a stop signal
 * does there. */
void worker_main(const struct worker_job *job, int in, int out)
	__attribute__((noreturn));
void worker_stop(int sig) __attribute__((noreturn));
/* Sends a table's games down a worker's pipe `to`, with the pair of a
 * Swiss table (NULL: none) and the key their secrets derive from (NULL:
 * none).  0, or -1 when the worker is gone. */
int worker_assign(int to, int table, const long *games, int count,
		  const int *pair, const unsigned char *deal_key);

#endif
