/*
 * The helpers of support.h.  Running out of memory in the middle of a
 * rule is nothing a game can recover from, so allocation aborts with a
 * message instead of threading NULL checks through every rule.
 */
#include "support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *arena_games_checked(void *p)
{
	if (!p) {
		fputs("out of memory\n", stderr);
		abort();
	}
	return p;
}

void *arena_games_xmalloc(size_t size)
{
	return arena_games_checked(malloc(size ? size : 1));
}

void *arena_games_xcalloc(size_t count, size_t size)
{
	return arena_games_checked(calloc(count ? count : 1, size ? size : 1));
}

void *arena_games_xrealloc(void *ptr, size_t size)
{
	return arena_games_checked(realloc(ptr, size ? size : 1));
}

int arena_games_errorf(char *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (err)
		vsnprintf(err, GAME_ERR_LEN, fmt, ap);
	va_end(ap);
	return -1;
}

void arena_games_cell_name(char *out, int row, int col)
{
	int number = row + 1;

	*out++ = (char)('A' + col);
	if (number >= 10)
		*out++ = (char)('0' + number / 10);
	*out++ = (char)('0' + number % 10);
	*out = '\0';
}

int arena_games_cell_parse(const char *name, int *row, int *col, int side)
{
	size_t len = name ? strlen(name) : 0;

	if (len < 2 || len > 3 || name[0] < 'A' || name[0] > 'Z' ||
	    name[1] < '1' || name[1] > '9' ||
	    (len == 3 && (name[2] < '0' || name[2] > '9')))
		return -1;
	*col = name[0] - 'A';
	*row = atoi(name + 1) - 1;
	return *row < side && *col < side ? 0 : -1;
}

size_t arena_games_utf8_cut(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	/* Back to the first byte of the character at the cut. */
	while (max && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return max;
}
