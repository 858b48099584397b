/*
 * Opening books (docs/FAIRNESS.md, "Opening books"): a plain text file of
 * openings, one a line, each the moves of the game's first plies in the
 * referee's notation (what an action is in a log or a turn's `legal`:
 * `F4 C3 E3` in Rolit), `#` starting a comment, blank lines skipped.
 * Reading a book checks every line against the game's rules from the
 * start with the given options (which must say who starts: `first` is
 * `seat0`), and refuses a bad line by its number.  Game after game, a run
 * takes the book's openings in turn, each for a whole unit of games (a
 * table's seating cycle: every rotation of the seating, or one duplicate
 * set), in the file's order or in an order shuffled from a seed, and no
 * opening comes twice before every one has come once.
 */
#ifndef ARENA_BOOK_H
#define ARENA_BOOK_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/files.h"
#include "games/game.h"

/* A book's largest file, and its most lines. */
#define BOOK_MAX_BYTES (1L << 20)
#define BOOK_MAX_LINES 100000

struct book_line {
	int line;      /* its line number in the file, from 1 */
	cJSON *moves;  /* the actions, in order: an array of 1 to
			* OPENINGS_MAX_PLIES */
};

struct book {
	char sha256[FILES_SHA256_HEX]; /* of the file's bytes */
	char *path;                    /* the file, as an absolute path
					* when it can be had */
	struct book_line *lines;
	int count;
	bool random;                   /* "order": "random" */
	unsigned char seed[32];        /* shuffles a random order */
};

/* Reads and checks the book at `path` for games of `rules` with these
 * (resolved) options and players.  0, or -1 with err naming the file and
 * the line. */
int book_read(const char *path, const struct game_rules *rules,
	      const cJSON *options, int players, struct book *book, char *err);
void book_free(struct book *book);

/* One move as a person writes it, in a book's line or on the command
 * line: a JSON value when it reads as one ("D3" quoted, a number, an
 * object), else the word as a string (D3). */
cJSON *book_move(const char *word);

/* "sequential" or "random" into book->random: 0, or -1 with err. */
int book_order(struct book *book, const char *order, char *err);

/* The opening of unit `unit` (from 0) of a run: in a sequential book,
 * line unit mod count; in a random one, place unit mod count of pass
 * unit / count's own shuffle of the lines, drawn from the seed. */
const struct book_line *book_pick(const struct book *book, long unit);

/* The header's "book" of a game that opens with `line`: {"sha256",
 * "line", "moves"}, and what gave it that line, so that verify can give
 * it again from the log alone (verify_book.h): the book's "path" and
 * "order", and the schedule, game number `first` of the run opening unit
 * 0 and `unit` games a unit. */
cJSON *book_describe(const struct book *book, const struct book_line *line,
		     long first, long unit);

#endif
