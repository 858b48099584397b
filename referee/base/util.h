/*
 * Small helpers shared by every referee module: allocation that aborts on
 * failure (so callers never test for NULL from these), the monotonic clock
 * used for all deadlines, and the error-buffer convention used by library
 * code: functions return a negative value or NULL and write one sentence
 * describing what went wrong into a caller-supplied buffer.
 */
#ifndef ARENA_UTIL_H
#define ARENA_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "games/support.h"

/* Size of the error buffers passed around the referee. */
#define ERR_LEN 512

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
/* Room for one more item after the `count` items of `size` bytes that
 * `list` holds room for *cap of: `list`, or a copy twice as large (16
 * items at first) with *cap grown, when it is full.  Inline: a list
 * grows in the loops of a scan. */
static inline void *xgrow(void *list, size_t count, size_t *cap, size_t size)
{
	if (count < *cap)
		return list;
	*cap = *cap ? 2 * *cap : 16;
	return xrealloc(list, *cap * size);
}
char *xstrdup(const char *s);
/* vasprintf into a new string. */
char *xvasprintf(const char *fmt, va_list ap)
    __attribute__((format(printf, 1, 0)));
/* asprintf into a new string. */
char *xasprintf(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* The index of `name` among the `count` names, or -1: the bots of a
 * ladder or a tally, told apart by name. */
int name_index(char *const *names, int count, const char *name);
/* The same, a copy of `name` added at the end of *names (*count one
 * more) when it is not there. */
int name_number(char ***names, int *count, const char *name);

/* Frees each string of a NULL-ended list (NULL: none), then the list. */
void strings_free(char **list);
/* Frees the first `count` strings of `list` (NULL ones too), then it. */
void strings_free_count(char **list, size_t count);

/* `text` as a whole number from `min` to `max` into *n: true, or false
 * with *n untouched.  Plain digits, a '-' first for a negative one: no
 * '+', space or point, so that every number a user gives, on the command
 * line, in a file or in a query, is read alike. */
bool whole_number(const char *text, long min, long max, long *n);

/* printf into an error buffer; always returns -1 so callers can
 * `return errorf(err, "...")`: the rules library's, under a short name. */
#define errorf arena_games_errorf

/* CLOCK_MONOTONIC in nanoseconds. */
int64_t now_ns(void);
/* CLOCK_MONOTONIC's time `ns` from now (at least 0), for a timed wait on
 * a condition variable of that clock. */
struct timespec monotonic_after(int64_t ns);

/* Lowercase hex of `len` bytes into `out`, which holds 2*len+1 bytes. */
void hex_encode(char *out, const unsigned char *bytes, size_t len);
/* Parses exactly 2*len lowercase hex digits (the only form the logs and
 * the protocol use); 0 on success, -1 otherwise. */
int hex_decode(unsigned char *out, size_t len, const char *hex);
/* The same, of exactly 2 * len characters at `hex` (no NUL needed). */
int hex_decode_exact(unsigned char *out, size_t len, const char *hex);
/* Whether the `digits` characters at `hex` are all lowercase hex digits,
 * without decoding them. */
bool hex_is_lowercase(const char *hex, size_t digits);

#endif
