/*
 * Text made safe to print for a person; see visible.h.
 */
#include "visible.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

/* Whether code point `cp` lets text change what is printed around it: the
 * C0 controls, DEL, the C1 controls, the line and paragraph separators and
 * the bidirectional embeddings, overrides and isolates. */
static bool hidden(unsigned long cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ||
	       cp == 0x2028 || cp == 0x2029 ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/* The code point of the UTF-8 character at s (`left` bytes remain), its
 * length in *len; *len is 0 when the byte there starts no valid one. */
static unsigned long code_point(const unsigned char *s, size_t left, size_t *len)
{
	size_t n = json_utf8_length((const char *)s, left);
	unsigned long cp = n <= 1 ? s[0] : s[0] & (0x3f >> (n - 1));

	for (size_t i = 1; i < n; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	*len = n;
	return cp;
}

/* Whether a character stays as it is in `mode`: JSON text holds C0
 * controls only as its own layout (its printer escapes them in strings). */
static bool shown_as_is(unsigned long cp, enum visible_mode mode)
{
	if (!hidden(cp))
		return true;
	return (mode == VISIBLE_LINES && cp == '\n') ||
	       (mode == VISIBLE_JSON && cp < 0x20);
}

char *visible_text(const char *text, enum visible_mode mode)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t left = strlen(text), used = 0;
	/* At most 6 bytes for each byte: "\uNNNN" for a byte not UTF-8. */
	char *out = xmalloc(6 * left + 1);

	while (left) {
		size_t len;
		unsigned long cp = code_point(s, left, &len);
		size_t step = len ? len : 1;

		if (len && shown_as_is(cp, mode)) {
			memcpy(out + used, s, len);
			used += len;
		} else if (mode == VISIBLE_JSON) {
			/* Not UTF-8 (never so in a parsed log): the replacement. */
			used += (size_t)sprintf(out + used, "\\u%04lx", len ? cp : 0xfffdul);
		} else {
			for (size_t i = 0; i < step; i++)
				used += (size_t)sprintf(out + used, "\\x%02x", s[i]);
		}
		s += step;
		left -= step;
	}
	out[used] = '\0';
	return out;
}

void visible_puts(FILE *out, const char *text, enum visible_mode mode)
{
	char *shown = visible_text(text, mode);

	fputs(shown, out);
	free(shown);
}

void visible_line(FILE *out, const char *fmt, ...)
{
	char *text;
	va_list ap;

	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	visible_puts(out, text, VISIBLE_LINE);
	fputc('\n', out);
	free(text);
}
