/*
 * Tournament files (docs/TOURNAMENTS.md): JSON naming the game and its
 * options, the bots, the format and the time control.  Reading one checks
 * everything before any bot is started, and says precisely what is wrong.
 */
#ifndef ARENA_TOURNAMENT_FILE_H
#define ARENA_TOURNAMENT_FILE_H

#include "tournament_spec.h"

/* Reads and checks a tournament file.  Relative bot working folders are
 * taken from the file's folder.  0, or -1 with a message in err naming the
 * file and the field. */
int tournament_file_read(const char *path, struct tournament_spec *spec,
			 char *err);
void tournament_file_free(struct tournament_spec *spec);

/* Of a tournament file already read (a manifest's header keeps it), what
 * the picks of an opening book depend on: the game, its options, the
 * players, the format, the games of a table, the seed and "duplicate";
 * no bot, no book.  0, or -1 with err. */
int tournament_file_picks(const cJSON *root, struct tournament_spec *spec,
			  char *err);

/* Reads the opening book at `path` (order "sequential", "random" or NULL
 * for sequential) for the spec's games, as "openings": {"book"} does
 * (--openings-book).  0, or -1 with err. */
int tournament_file_book(struct tournament_spec *spec, const char *path,
			 const char *order, char *err);

/* The games of a table that play one opening of the book: a duplicate
 * set, else the table's seating cycle (every rotation of its seating). */
int tournament_book_unit(const struct tournament_spec *spec);

/* Checks that every bot can be started on this machine, as bot_spawn
 * would start it: its working folder exists, its program is found and
 * executable, and its readable paths exist.  Separate from reading so that a file can be checked, and
 * its schedule computed, anywhere.  0, or -1 with a message naming the
 * bot. */
int tournament_file_check_bots(const struct tournament_spec *spec,
			       char *err);

/* 0, or -1 with err when spec plays duplicate sets without the sandbox
 * and the file does not say the bots are trusted. */
int tournament_duplicate_check(const struct tournament_spec *spec, char *err);

#endif
