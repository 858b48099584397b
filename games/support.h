/*
 * The rules library's own small helpers, under names of its own (every
 * function libarena-games exports is arena_-prefixed, so that a bot may
 * define its own xmalloc or errorf): allocation that aborts on failure,
 * the error convention of game.h, one sentence written into an err
 * buffer of GAME_ERR_LEN bytes, and text cut on a character boundary.  Not installed: for the games, the
 * bundled bots built beside them and the referee's own util.c.
 */
#ifndef ARENA_GAMES_SUPPORT_H
#define ARENA_GAMES_SUPPORT_H

#include <stddef.h>

#include "game_err.h"

/* `p`, or a message and abort() when it is NULL (an allocation failed). */
void *arena_games_checked(void *p);
void *arena_games_xmalloc(size_t size);
void *arena_games_xcalloc(size_t count, size_t size);
void *arena_games_xrealloc(void *ptr, size_t size);

/* printf into an err buffer (GAME_ERR_LEN bytes, may be NULL); always
 * returns -1, so that callers can `return arena_games_errorf(err, ...)`. */
int arena_games_errorf(char *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* How many of the `len` bytes of `s`, valid UTF-8, a cut to at most `max`
 * keeps: all when they fit, else `max` less the bytes of the character
 * the cut would split (s[max] is read: the byte after the cut). */
size_t arena_games_utf8_cut(const char *s, size_t len, size_t max);

/* The name of the square or cell in row `row` and column `col`, from 0
 * (a board of at most 26 columns and 99 rows), as the games write it:
 * its column letter, then its row number from 1 ("F6"), into out (3
 * bytes for rows 1 to 9, 4 beyond). */
void arena_games_cell_name(char *out, int row, int col);
/* The row and column (from 0) of a name as arena_games_cell_name()
 * writes it, an uppercase column letter then a row number without a
 * leading zero ("F6": 5, 5): 0, or -1 when `name` (may be NULL) is not
 * such a name or lies off a board of `side` squares a side
 * (ARENA_GAMES_CELL_ROWS: any row a name can have). */
#define ARENA_GAMES_CELL_ROWS 99
int arena_games_cell_parse(const char *name, int *row, int *col, int side);

#endif
