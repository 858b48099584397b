/*
 * Each game of a tournament folder against the opening book's schedule
 * (docs/FAIRNESS.md, "Opening books"): verify reads the book again from
 * the path the manifest's header records (and the tournament file it
 * keeps: the game, its options, the games of a table, the seed), and
 * checks that the book line each log's header names is the one the run
 * gave that game (book_pick of its unit of its table, as worker.c asks)
 * and that its moves are that line's.  When the book cannot be read
 * there, or is no longer the run's (its SHA-256 differs), a one-line
 * notice says so and only the rest is checked: that each log plays the
 * line it names, from the manifest's book.  A run without a manifest
 * (play, sprt) is checked from what each log's header says of its book
 * and its schedule (verify_book_log()).
 */
#ifndef ARENA_VERIFY_BOOK_H
#define ARENA_VERIFY_BOOK_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "base/logread.h"
#include "base/problems.h"
#include "manifest/manifest_read.h"

struct verify_book;

/* The book of the run of `view`, read again; NULL when its manifest names
 * no book (notice "") or when its lines cannot be checked (`notice` says
 * why, in one line). */
struct verify_book *verify_book_open(const struct manifest_view *view,
				     char *notice, size_t size);
void verify_book_free(struct verify_book *vb);

/* That game `game`'s log (at `path`, its header `header`) opens with the
 * line the schedule gives it, and that line's moves. */
void verify_book_check(const struct verify_book *vb, long game, const cJSON *header,
		       const char *path, struct problems *problems);

/* The same for a log of a run without a manifest (`play`,
 * `sprt`), from what its header's "book" says: the book read again from
 * its "path" and "order", and the line of unit (game - "first") div
 * "unit", the game numbered by the log's name, game-NNNNNN.jsonl.  When
 * that cannot be done (the book gone or changed), `notice` (else "")
 * says so in one line; a log without "unit" (arena 0.5.0 and earlier) is
 * not checked. */
void verify_book_log(const struct game_log *log, struct problems *problems,
		     char *notice, size_t size);

#endif
