/*
 * Implementation of the helpers in util.h.  Allocation failure is not
 * something a referee can recover from in the middle of a game, so it
 * aborts with a message instead of threading NULL checks everywhere.
 */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *check_alloc(void *p)
{
	if (!p) {
		fputs("referee: out of memory\n", stderr);
		abort();
	}
	return p;
}

void *xmalloc(size_t size)
{
	return check_alloc(malloc(size ? size : 1));
}

void *xcalloc(size_t count, size_t size)
{
	return check_alloc(calloc(count ? count : 1, size ? size : 1));
}

void *xrealloc(void *ptr, size_t size)
{
	return check_alloc(realloc(ptr, size ? size : 1));
}

char *xstrdup(const char *s)
{
	return check_alloc(strdup(s));
}

int errorf(char *err, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		va_start(ap, fmt);
		vsnprintf(err, ERR_LEN, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
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

/* Without a branch per digit: random hex defeats branch prediction, and a
 * million-game manifest decodes a million hashes. */
static unsigned hex_value(unsigned char c, unsigned *bad)
{
	*bad |= ((unsigned)(c - '0') > 9) & ((unsigned)(c - 'a') > 5);
	return (c & 15u) + 9u * (c >> 6);
}

int hex_decode(unsigned char *out, size_t len, const char *hex)
{
	unsigned bad = 0;

	if (!hex || strlen(hex) != 2 * len)
		return -1;
	for (size_t i = 0; i < len; i++) {
		unsigned hi = hex_value((unsigned char)hex[2 * i], &bad);

		out[i] = (unsigned char)(hi << 4 | hex_value((unsigned char)hex[2 * i + 1], &bad));
	}
	return bad ? -1 : 0;
}
