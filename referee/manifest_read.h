/*
 * Reading a tournament's manifest (docs/TOURNAMENTS.md) to check its
 * folder, to rate its games and to report on a run: the hash chain and
 * the signature are checked, and what the manifest says of each finished
 * game is kept (its seats, its ranks and its log's SHA-256), and of each
 * bot's reply times.  A manifest lists a million games in a few hundred
 * thousand lines, so the reader streams the file and reads the records
 * the referee writes in their usual layout without a general JSON parser
 * (any other layout still goes through the strict one): a million games'
 * manifest is read in a fraction of a second.
 */
#ifndef ARENA_MANIFEST_READ_H
#define ARENA_MANIFEST_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "fair.h"
#include "ladder_stats.h"
#include "problems.h"
#include "ratings.h"

enum manifest_game_state {
	MANIFEST_UNLISTED, MANIFEST_STARTED, MANIFEST_FINISHED,
};

struct manifest_view {
	char *path;                   /* the manifest file */
	char *dir;                    /* the output folder holding it */
	unsigned char id[FAIR_GAME_ID_BYTES];
	char key_hex[65];             /* the key that signed it */
	bool signed_;                 /* its signature holds */
	bool complete;                /* it has its "complete" record */
	char *name;                   /* the tournament's, or NULL */
	char shard[24];               /* "I/N" */
	long aborted;                 /* logs set aside ("aborted" records) */
	char game[32];
	int players;
	long game_count;              /* games in the whole schedule */
	bool whole;                   /* not a shard: it must play them all */
	char **names;                 /* the header's "bots" */
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
	struct reply_times *replies;  /* by bot, as the "replies" records add up */
	struct ladder_reasons reasons;
	unsigned char *state;         /* enum manifest_game_state */
	unsigned char (*sha256)[32];  /* of each finished game's log, or NULL */
	long finished;
};

enum manifest_read_flags {
	/* Keep the logs' SHA-256 in view->sha256 (else it is NULL: a
	 * million of them are 32 MB). */
	MANIFEST_KEEP_HASHES = 1,
	/* The run may still be going on, or was stopped: no signature yet,
	 * a last line being written and games started but not finished are
	 * no problems. */
	MANIFEST_RUNNING = 2,
};

/* Reads and checks the manifest at `path`: every line's chain link, its
 * one signature (made with `trusted_key` unless NULL) and every record.
 * Each problem found is reported to `problems`.  0 when the manifest can
 * be used (a problem with one game may still have been reported), -1
 * when it cannot (unreadable, broken chain, unsigned, wrong key). */
int manifest_read(const char *path, const unsigned char *trusted_key,
		  unsigned flags, struct manifest_view *view,
		  struct problems *problems);
void manifest_view_free(struct manifest_view *view);

/* The game whose log is named `name` ("000042.jsonl", as worker.c names
 * them), or 0. */
long manifest_log_game(const char *name, size_t len);

#endif
