/*
 * Implementation of the helpers in util.h.  Allocation failure is not
 * something a referee can recover from in the middle of a game, so it
 * aborts with a message instead of threading NULL checks everywhere: the
 * rules library's helpers (games/support.h) do that and the error
 * convention, for the referee as for the games.
 */
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/support.h"

/* The referee's err buffers are the rules' (errorf writes GAME_ERR_LEN). */
_Static_assert(ERR_LEN == GAME_ERR_LEN, "an err buffer of the referee is the rules'");

void *xmalloc(size_t size)
{
	return arena_games_xmalloc(size);
}

void *xcalloc(size_t count, size_t size)
{
	return arena_games_xcalloc(count, size);
}

void *xrealloc(void *ptr, size_t size)
{
	return arena_games_xrealloc(ptr, size);
}

char *xstrdup(const char *s)
{
	return arena_games_checked(strdup(s));
}

int name_index(char *const *names, int count, const char *name)
{
	for (int i = 0; i < count; i++)
		if (!strcmp(names[i], name))
			return i;
	return -1;
}

int name_number(char ***names, int *count, const char *name)
{
	int i = name_index(*names, *count, name);

	if (i >= 0)
		return i;
	*names = xrealloc(*names, (size_t)(*count + 1) * sizeof **names);
	(*names)[*count] = xstrdup(name);
	return (*count)++;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	return vasprintf(&s, fmt, ap) < 0 ? arena_games_checked(NULL) : s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

struct timespec monotonic_after(int64_t ns)
{
	int64_t at = now_ns() + (ns > 0 ? ns : 0);

	return (struct timespec){.tv_sec = (time_t)(at / 1000000000),
				 .tv_nsec = (long)(at % 1000000000)};
}

void hex_encode(char *out, const unsigned char *bytes, size_t len)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < len; i++) {
		out[2 * i] = digits[bytes[i] >> 4];
		out[2 * i + 1] = digits[bytes[i] & 15];
	}
	out[2 * len] = '\0';
}

/* Each byte's value as a lowercase hex digit, 16 where it is none: a
 * million-game manifest decodes a million hashes, and a table lookup
 * without a branch per digit is the fastest way. */
static const unsigned char hex_digit_value[256] = {
	['0'] = 0 + 1, ['1'] = 1 + 1, ['2'] = 2 + 1, ['3'] = 3 + 1,
	['4'] = 4 + 1, ['5'] = 5 + 1, ['6'] = 6 + 1, ['7'] = 7 + 1,
	['8'] = 8 + 1, ['9'] = 9 + 1, ['a'] = 10 + 1, ['b'] = 11 + 1,
	['c'] = 12 + 1, ['d'] = 13 + 1, ['e'] = 14 + 1, ['f'] = 15 + 1,
};

int hex_decode_exact(unsigned char *out, size_t len, const char *hex)
{
	unsigned bad = 0;

	/* The table holds value + 1, so that 0 (not a digit) stands out. */
	for (size_t i = 0; i < len; i++) {
		unsigned hi = hex_digit_value[(unsigned char)hex[2 * i]];
		unsigned lo = hex_digit_value[(unsigned char)hex[2 * i + 1]];

		bad |= (hi == 0) | (lo == 0);
		out[i] = (unsigned char)((hi - 1) << 4 | ((lo - 1) & 15));
	}
	return bad ? -1 : 0;
}

/* Eight characters at a time: each byte below 0x80 gets its high bit set
 * by adding 0x80 - LOW exactly when it is at least LOW, and no carry
 * crosses into the next byte. */
static uint64_t bytes_at_least(uint64_t x, unsigned char low)
{
	return (x + 0x0101010101010101u * (0x80u - low)) & 0x8080808080808080u;
}

void strings_free(char **list)
{
	for (char **s = list; s && *s; s++)
		free(*s);
	free(list);
}

void strings_free_count(char **list, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(list[i]);
	free(list);
}

bool whole_number(const char *text, long min, long max, long *n)
{
	const char *digits = text + (text[0] == '-');
	long value;

	if (!digits[0] || digits[strspn(digits, "0123456789")])
		return false;
	errno = 0;
	value = strtol(text, NULL, 10);
	if (errno || value < min || value > max)
		return false;
	*n = value;
	return true;
}

bool hex_is_lowercase(const char *hex, size_t digits)
{
	size_t i = 0;

	for (; i + 8 <= digits; i += 8) {
		uint64_t x;

		memcpy(&x, hex + i, sizeof x);
		if (x & 0x8080808080808080u ||
		    ((bytes_at_least(x, '0') & ~bytes_at_least(x, '9' + 1)) |
		     (bytes_at_least(x, 'a') & ~bytes_at_least(x, 'f' + 1))) !=
		    0x8080808080808080u)
			return false;
	}
	for (; i < digits; i++)
		if (hex_digit_value[(unsigned char)hex[i]] == 0)
			return false;
	return true;
}

int hex_decode(unsigned char *out, size_t len, const char *hex)
{
	if (!hex || strlen(hex) != 2 * len)
		return -1;
	return hex_decode_exact(out, len, hex);
}
