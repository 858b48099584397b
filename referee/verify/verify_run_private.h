/*
 * The inside of a folder's check against its run.jsonl (verify_run.h's
 * struct verify_run), for verify_run.c, which checks the folder, and
 * verify_run_records.c, which takes a run's records into it; the
 * rest of the referee sees only verify_run.h.
 */
#ifndef ARENA_VERIFY_RUN_PRIVATE_H
#define ARENA_VERIFY_RUN_PRIVATE_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/problems.h"
#include "manifest/manifest_read.h"
#include "verify_book.h"
#include "verify_place.h"
#include "verify_run_types.h"

/* What the manifest says of one game. */
struct run_game {
	char commitment[65];   /* its started record's C ("": not started) */
	char sha256[65];       /* its finished record's ("": not finished) */
	bool dropped;          /* stopped uncounted, its log removed */
	long lines;            /* its cut log's whole lines, as listed */
	signed char cut;       /* listed cut by a stop: 1 with its log kept
				* in aborted/, 2 without a log */
	bool checked;          /* its log was given to verify_run_log() */
	/* A league set's: its started record's "seats", its finished
	 * record's (NULL: none given). */
	const cJSON *started_seats, *finished_seats;
	signed char points;    /* an sprt run's: A's points in it, doubled
				* (-1: not the log listed, or none) */
};

struct verify_run {
	char *dir, *path;             /* the folder, its run.jsonl */
	struct problems *problems;
	/* Its records as manifest_read.h read them: a tournament's whole,
	 * another run's chain, key and revision, the rest taken below. */
	struct manifest_view view;
	bool usable;                  /* whole, signed and read: its games listed */
	cJSON *kept;                  /* what is kept of another run's records: */
	const cJSON *header;          /* its first record, */
	const char *verb;             /* its verb ("" when none), */
	const cJSON *book;            /* the header's book, or NULL */
	struct verify_place_want place; /* where its logs belong, but their number */
	struct run_game *games;       /* by number, 1..count */
	long count;
	/* An sprt run's test and verdict records (NULL: none), and its bots
	 * A and B as the header names them; what its pairs are given to. */
	const cJSON *test, *verdict;
	const char *bots[2];
	verify_run_pairs_check *pairs_check;
	long cut_sets;                /* "cut" records that list a log */
	/* A tournament's folder: its logs verified by its own check on
	 * `jobs` processes (verify_run_tournament()). */
	bool tournament, cut_there;
	struct verify_book *openings;
	int jobs;
};

/* The records of another run than a tournament's read into `rc`, signed
 * with `trusted_key` (NULL: any): false when they cannot be used (named). */
bool verify_run_read(struct verify_run *rc, const unsigned char *trusted_key);

#endif
