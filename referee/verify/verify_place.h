/*
 * A log's place against its folder's records (docs/FAIRNESS-LEAGUE.md, item
 * 18): the run, game, and in a league the league and the run's number
 * that its header's "place" names (base/log_place.h) must be those the
 * records that list it give, so that a log copied from another league or
 * run, or two logs of a run swapped (renamed into each other's places,
 * the records' hashes mended and signed again), are refused.  And the
 * rest of what a folder's check holds each log to, the same for every
 * run (a tournament's, play's, sprt's, a league's): the SHA-256 and the
 * commitment C its records list, and no file there that they do not.
 */
#ifndef ARENA_VERIFY_PLACE_H
#define ARENA_VERIFY_PLACE_H

#include <stdbool.h>

#include "base/logread.h"
#include "base/problems.h"

/* Where a folder's records put a log. */
struct verify_place_want {
	const char *records;    /* what lists it, in words: "run.jsonl" */
	const char *run;        /* the run's id, hex */
	long game;              /* the number they list it as */
	/* A league's run: the league's id as run.jsonl names it ("" for a
	 * league made without one), and the run's number; NULL and 0 for a
	 * run that is not a league's. */
	const char *league;
	long run_number;
	/* The records are of revision 6 or later: the log must name its
	 * place (a log that says it is of revision 6 must anyway). */
	bool required;
};

/* What a folder's records list of a finished game, whose log must match. */
struct verify_listed {
	const char *sha256;       /* its log's, in hex */
	const char *commitment;   /* in hex, the C its last started record
				   * named; NULL when none did (revision 4) */
	struct verify_place_want place;
};

/* The place of `log` (a log the records list, its header read) against
 * `want`, the first difference added to `problems`: a finished log's
 * (verify_place_listed()) or a cut one's, whose SHA-256 nothing lists.
 * A place that does not read is said only when the log is `alone`: a
 * cut log, which no check of a whole log reads. */
void verify_place_check(const struct game_log *log, const struct verify_place_want *want,
			bool alone, struct problems *problems);

/* Checks `log` against `want`: its SHA-256 (else "altered", and false:
 * not the log listed, nothing more is said of it), its C and its place,
 * each problem added to `problems`. */
bool verify_place_listed(const struct game_log *log, const struct verify_listed *want,
			 struct problems *problems);

/* The `count` files of a folder that its records (`records`, in words)
 * do not list, each a problem, in name order; the strings are freed. */
void verify_place_unlisted(char **paths, size_t count, const char *records,
			   struct problems *problems);

/* The game logs of a folder without a manifest, sorted by name: those of
 * its games/ subfolder when it has one, else its own *.jsonl files
 * ("*.aborted-N.jsonl" ones, set aside, are not results).  New strings in
 * a new array (NULL-terminated); NULL with a message when the folder
 * cannot be read. */
char **verify_place_logs(const char *dir, size_t *count, char *err);

/* The files of the folder `aside` (a run's aborted/) that `listed` does
 * not find in the records (`ctx`, its name), added to `planted` after its
 * `count`: the new count. */
typedef bool verify_place_is_listed(const void *ctx, const char *name);
size_t verify_place_aside(const char *aside, verify_place_is_listed *listed, const void *ctx,
			  char ***planted, size_t count, struct problems *problems);

#endif
