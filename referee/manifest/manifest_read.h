/*
 * Reading a run's records, the one reader of them: a tournament's manifest
 * (docs/TOURNAMENTS.md), to check its folder, to rate its games, to report
 * on a run and to resume a stopped one, and any other run's run.jsonl,
 * record by record, for verify (manifest_read_each()).  The hash chain, the signature and every record
 * are checked (a run grown after it finished has a signature for each
 * time it finished, all by one key), and what the manifest says of each
 * finished game is kept
 * (its seats, its ranks and its log's SHA-256), and of each bot's reply
 * times.  Its records are built by manifest_records.h.  A manifest lists
 * a million games in a few hundred thousand lines, so the reader streams
 * the file and reads the records the referee writes in their usual layout
 * without a general JSON parser (any other layout still goes through the
 * strict one): a million games' manifest is read in a fraction of a
 * second.
 */
#ifndef ARENA_MANIFEST_READ_H
#define ARENA_MANIFEST_READ_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/chain.h"
#include "base/game_figures.h"
#include "base/problems.h"
#include "games/fair.h"
#include "plan/swiss.h"

enum manifest_game_state {
	MANIFEST_UNLISTED, MANIFEST_STARTED, MANIFEST_FINISHED,
	MANIFEST_SKIPPED,  /* a run left out a bot of it (--skip-broken) */
};

/* What resuming a stopped run needs beside the games (MANIFEST_RESUME). */
struct manifest_resume {
	size_t bytes;                 /* of its whole lines: a line cut
				       * short after them is dropped */
	struct chain_end chain;       /* of its whole lines: the next
				       * one's "seq" and "prev" */
	cJSON *header;                /* the first record */
	cJSON *file;                  /* the header's tournament file, each
				       * bot at its last version ("bot"
				       * records) and those "grown" records
				       * added, or NULL when it holds none */
	int *set_aside;               /* [g]: logs set aside ("aborted") */
	long *unreplied;              /* games finished after the last
				       * "replies" record, in order */
	size_t unreplied_count;
	int *skipped;                 /* the bots "skipped" records left
				       * out (--skip-broken), in order, a
				       * bot once a record */
	int skipped_count;
};

struct manifest_view {
	char *path;                   /* the manifest file */
	char *dir;                    /* the output folder holding it */
	unsigned char id[FAIR_GAME_ID_BYTES];
	char key_hex[65];             /* the key that signed it */
	bool signed_;                 /* its last signature holds, and no
				       * "grown" record came after it */
	bool has_complete_record;     /* the run wrote its "complete" record */
	char *name;                   /* the tournament's, or NULL */
	char shard[24];               /* "I/N" */
	int revision;                 /* its header's "fairness" (0: none,
				       * a run begun before arena 0.6.0) */
	char file_sha256[65];         /* the tournament file's, or "" */
	long aborted;                 /* logs set aside ("aborted" records), */
	long *aborted_games;          /* the game of each, in their order */
	/* Each one's log, as its record names it (a path in the folder),
	 * and the commitment C its "started" game or set had (revision 5:
	 * "" in a manifest of revision 4, which did not record it). */
	char **aborted_logs;          /* NULL: a game started that left
				       * no log (its C alone) */
	char (*aborted_commitments)[65];
	/* Each game of a "started" record that names its commitment C
	 * (revision 5), in the order of the records: a game dealt again
	 * is in it once a deal. */
	long started;
	long *started_games;
	char (*started_commitments)[65];
	char game[32];
	int players;
	bool duplicate;               /* its file says "duplicate": true */
	struct swiss_field swiss;     /* a Swiss's field; rounds 0: none;
				       * a shard's pairings are checked
				       * only over every shard's manifest
				       * (manifest_swiss_union.h) */
	bool *left_out;               /* a Swiss's, by bot: its "skipped"
				       * records' bots, never paired
				       * (swiss.absent) */
	char book_sha256[65];         /* its opening book's, or "" */
	long game_count;              /* games in the whole schedule, as
				       * "grown" records grew it */
	bool whole;                   /* not a shard: it must play them all */
	char **names;                 /* the header's "bots", then those
				       * of "grown" records */
	int name_count;
	/* By game number g, 1..game_count (compact: a million games take
	 * 40 MB): */
	unsigned short *seats;        /* [g * players + s], once finished: */
	unsigned char *ranks;         /* index into names, and rank */
	/* What a finished record says of each seat: its forfeit's number in
	 * `reasons` (0: none); and when the game ended, from the "replies"
	 * record after it (0 when none says). */
	unsigned char *forfeit;       /* [g * players + s] */
	uint32_t *ended;              /* [g] */
	struct reply_clocks *replies; /* by bot, as the "replies" records add up */
	struct forfeit_reasons reasons;
	unsigned char *state;         /* enum manifest_game_state */
	unsigned char (*sha256)[32];  /* of each finished game's log, or NULL */
	long finished;
	struct manifest_resume resume; /* zero unless MANIFEST_RESUME */
};

enum manifest_read_flags {
	/* Keep the logs' SHA-256 in view->sha256 (else it is NULL: a
	 * million of them are 32 MB). */
	MANIFEST_KEEP_HASHES = 1,
	/* The run may still be going on, or was stopped: no signature yet,
	 * a last line being written and games started but not finished are
	 * no problems (a signed manifest is still checked as a finished
	 * run's). */
	MANIFEST_RUNNING = 2,
	/* Read to continue the run (manifest_reopen()): MANIFEST_RUNNING
	 * too, and what that needs is kept in view->resume.  A "bot" record
	 * must then also apply to the header's tournament file
	 * (manifest_file.h), and the first record must be whole. */
	MANIFEST_RESUME = 4,
};

/* Reads and checks the manifest at `path`: every line's chain link, its
 * one signature (made with `trusted_key` unless NULL) and every record.
 * Each problem found is reported to `problems`.  0 when the manifest can
 * be used (a problem with one game may still have been reported), -1
 * when it cannot (unreadable, broken chain, unsigned, wrong key). */
int manifest_read(const char *path, const unsigned char *trusted_key,
		  unsigned flags, struct manifest_view *view,
		  struct problems *problems);
/* Another run's records (a play's, sprt's or league run's run.jsonl),
 * for verify's check of its folder, streamed by the same reader: the
 * chain of every line, every signature by one key (`trusted_key` unless
 * NULL), a started record of revision 7 sealed by the next, nothing
 * after the signature that closes the run.  The first record goes to
 * `header`, which sets view->id (0), or says why the run is not one it
 * checks (-1); every record after it but the signatures goes to
 * `record` (`line` 0-based; -1 stops the reading).  view->key_hex and
 * view->revision are the run's; view->signed_ says whether its last
 * whole line closes it, the caller saying so when not.  0, or -1 when a
 * problem stopped the reading. */
struct manifest_hooks {
	int (*header)(void *ctx, const cJSON *record, struct manifest_view *view);
	int (*record)(void *ctx, size_t line, const cJSON *record);
	void *ctx;
};
int manifest_read_each(const char *path, const unsigned char *trusted_key,
		       const struct manifest_hooks *hooks, struct manifest_view *view,
		       struct problems *problems);

/* The games of the schedule a skipped record left out (--skip-broken)
 * and no back record put back. */
long manifest_left_out(const struct manifest_view *view);

void manifest_view_free(struct manifest_view *view);

/* The pairings of a Swiss run `view` (view->swiss.rounds > 0) from its
 * finished games. */
void manifest_view_swiss_plan(const struct manifest_view *view, struct swiss_plan *plan);
/* Reports each finished game of Swiss run `view` whose seats are not its
 * pairing's (manifest_swiss.c). */
void manifest_view_swiss_check(const struct manifest_view *view, struct problems *problems);

#endif
