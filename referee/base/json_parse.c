/*
 * Strict JSON parsing into cJSON trees; see json.h.  One pass over the
 * line builds the tree and checks what cJSON's parser does not: strict
 * JSON numbers and strings, no duplicate key, no number beyond a double.
 * cJSON's parser needed further passes over each tree for those and read
 * every number with strtod; verify reads millions of lines, and this was
 * a quarter of its time.  The trees are cJSON's own, so everything else
 * reads them with cJSON.
 */
#include "json.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "region.h"
#include "util.h"

/* As deep as cJSON nests. */
#define MAX_DEPTH 1000
/* Up to this many digits, a whole number is exact in a double. */
#define EXACT_DIGITS 15

struct parser {
	const char *p, *end;
	struct region *region;   /* where the tree goes; NULL: malloc */
	int depth;
	bool duplicate;          /* an object repeats a key */
	bool infinite;           /* a number is beyond a double */
	bool fractions;          /* a number has a fraction or an exponent */
};

static void *allocate(struct parser *ps, size_t size)
{
	return ps->region ? region_alloc(ps->region, size) : xmalloc(size);
}

static cJSON *new_item(struct parser *ps)
{
	cJSON *item = allocate(ps, sizeof *item);

	memset(item, 0, sizeof *item);
	return item;
}

static void skip_space(struct parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' ||
				   *ps->p == '\r' || *ps->p == '\n'))
		ps->p++;
}

static bool literal(struct parser *ps, const char *word, size_t len)
{
	if ((size_t)(ps->end - ps->p) < len || memcmp(ps->p, word, len))
		return false;
	ps->p += len;
	return true;
}

static bool is_digit(const struct parser *ps, const char *at)
{
	return at < ps->end && *at >= '0' && *at <= '9';
}

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? into item. */
static bool number(struct parser *ps, cJSON *item)
{
	const char *s = ps->p, *q = s;
	bool whole = true;
	double value = 0;
	char copy[64], *text = copy;

	if (q < ps->end && *q == '-')
		q++;
	if (!is_digit(ps, q))
		return false;
	if (*q == '0')
		q++;
	else
		while (is_digit(ps, q))
			value = 10 * value + (*q++ - '0');
	if (q < ps->end && *q == '.') {
		whole = false;
		if (!is_digit(ps, ++q))
			return false;
		while (is_digit(ps, q))
			q++;
	}
	if (q < ps->end && (*q == 'e' || *q == 'E')) {
		whole = false;
		if (++q < ps->end && (*q == '+' || *q == '-'))
			q++;
		if (!is_digit(ps, q))
			return false;
		while (is_digit(ps, q))
			q++;
	}
	if (!whole || q - s > EXACT_DIGITS) {
		/* strtod, in the C locale the referee runs in, rounds right. */
		size_t len = (size_t)(q - s);

		if (len >= sizeof copy)
			text = xmalloc(len + 1);
		memcpy(text, s, len);
		text[len] = '\0';
		value = strtod(text, NULL);
		if (text != copy)
			free(text);
	} else if (*s == '-') {
		value = -value;
	}
	ps->fractions |= !whole;
	ps->infinite |= !isfinite(value);
	item->type = cJSON_Number;
	item->valuedouble = value;
	/* cJSON's valueint: the value, saturated. */
	item->valueint = value >= INT_MAX ? INT_MAX : value <= (double)INT_MIN
			 ? INT_MIN : (int)value;
	ps->p = q;
	return true;
}

static int hex4(const char *s)
{
	int value = 0;

	for (int i = 0; i < 4; i++) {
		char c = s[i];

		value <<= 4;
		if (c >= '0' && c <= '9')
			value |= c - '0';
		else if (c >= 'a' && c <= 'f')
			value |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			value |= c - 'A' + 10;
		else
			return -1;
	}
	return value;
}

/* A \u escape at s (past the backslash and the u), as UTF-8 at *out; a
 * surrogate pair takes a second escape.  Returns the characters read, or
 * 0.  U+0000 is refused: a C string cannot hold it, and a reader that
 * stopped there would see another value. */
static size_t unicode_escape(const char *s, const char *end, char **out)
{
	long cp = end - s >= 4 ? hex4(s) : -1;
	size_t used = 4;
	unsigned char *o = (unsigned char *)*out;

	if (cp <= 0 || (cp >= 0xdc00 && cp <= 0xdfff))
		return 0;
	if (cp >= 0xd800 && cp <= 0xdbff) {
		long low = end - s >= 10 && s[4] == '\\' && s[5] == 'u' ? hex4(s + 6) : -1;

		if (low < 0xdc00 || low > 0xdfff)
			return 0;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
		used = 10;
	}
	if (cp < 0x80) {
		*o++ = (unsigned char)cp;
	} else if (cp < 0x800) {
		*o++ = (unsigned char)(0xc0 | cp >> 6);
		*o++ = (unsigned char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*o++ = (unsigned char)(0xe0 | cp >> 12);
		*o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		*o++ = (unsigned char)(0x80 | (cp & 0x3f));
	} else {
		*o++ = (unsigned char)(0xf0 | cp >> 18);
		*o++ = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
		*o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		*o++ = (unsigned char)(0x80 | (cp & 0x3f));
	}
	*out = (char *)o;
	return used;
}

/* The first '"', '\\' or control character from s on, or end.  Eight
 * bytes at a time while there is none: an ASCII byte b (~b has its high
 * bit) is one when b - 0x20, (b ^ '"') - 1 or (b ^ '\\') - 1 borrows.  A
 * borrow can flag bytes above a true one, never hide one: the word that
 * has a flag is looked at byte by byte. */
static const char *string_stop(const char *s, const char *end)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;

	while (end - s >= 8) {
		uint64_t x, quote, backslash;

		memcpy(&x, s, sizeof x);
		quote = x ^ (ones * '"');
		backslash = x ^ (ones * '\\');
		if ((((x - ones * 0x20) | (quote - ones) | (backslash - ones)) & ~x & highs))
			break;
		s += 8;
	}
	while (s < end && *s != '"' && *s != '\\' && (unsigned char)*s >= 0x20)
		s++;
	return s;
}

/* A string at ps->p (its opening quote), decoded into a new NUL-terminated
 * copy; NULL when it is not a JSON string.  The line's bytes are valid
 * UTF-8 already (json_valid_utf8). */
static char *string(struct parser *ps)
{
	const char *s = ps->p + 1, *close = string_stop(s, ps->end);
	char *copy, *o;

	if (close < ps->end && *close == '"') {
		/* No escape: most strings. */
		copy = allocate(ps, (size_t)(close - s) + 1);
		memcpy(copy, s, (size_t)(close - s));
		copy[close - s] = '\0';
		ps->p = close + 1;
		return copy;
	}
	/* The closing quote, and the room the copy needs: no escape grows. */
	while (close < ps->end && *close != '"')
		close += *close == '\\' ? 2 : 1;
	if (close >= ps->end)
		return NULL;
	o = copy = allocate(ps, (size_t)(close - s) + 1);
	while (s < close) {
		const char *run = s;

		while (s < close && *s != '\\' && (unsigned char)*s >= 0x20)
			s++;
		memcpy(o, run, (size_t)(s - run));
		o += s - run;
		if (s == close)
			break;
		if ((unsigned char)*s < 0x20)
			goto bad;
		switch (s[1]) {
		case '"': *o++ = '"'; break;
		case '\\': *o++ = '\\'; break;
		case '/': *o++ = '/'; break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u': {
			size_t used = unicode_escape(s + 2, close, &o);

			if (!used)
				goto bad;
			s += used;
			break;
		}
		default:
			goto bad;
		}
		s += 2;
	}
	*o = '\0';
	ps->p = close + 1;
	return copy;
bad:
	if (!ps->region)
		free(copy);
	return NULL;
}

static bool value(struct parser *ps, cJSON *item);

/* Appends `item` after `last` (NULL: as `parent`'s first child), keeping
 * cJSON's links: each child's prev is its predecessor, and the first
 * child's prev is the last child. */
static void append(cJSON *parent, cJSON **last, cJSON *item)
{
	if (*last) {
		(*last)->next = item;
		item->prev = *last;
	} else {
		parent->child = item;
	}
	parent->child->prev = item;
	*last = item;
}

/* An array or an object at ps->p (its opening bracket). */
static bool container(struct parser *ps, cJSON *item, bool object)
{
	char close = object ? '}' : ']';
	cJSON *last = NULL;

	item->type = object ? cJSON_Object : cJSON_Array;
	if (++ps->depth > MAX_DEPTH)
		return false;
	ps->p++;
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
		ps->depth--;
		return true;
	}
	for (;;) {
		cJSON *child = new_item(ps);

		append(item, &last, child);
		if (object) {
			if (ps->p >= ps->end || *ps->p != '"' ||
			    !(child->string = string(ps)))
				return false;
			for (const cJSON *other = item->child; other != child; other = other->next)
				if (other->string[0] == child->string[0] &&
				    !strcmp(other->string, child->string))
					ps->duplicate = true;
			skip_space(ps);
			if (ps->p >= ps->end || *ps->p++ != ':')
				return false;
			skip_space(ps);
		}
		if (!value(ps, child))
			return false;
		skip_space(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			skip_space(ps);
			continue;
		}
		if (ps->p < ps->end && *ps->p == close) {
			ps->p++;
			ps->depth--;
			return true;
		}
		return false;
	}
}

static bool value(struct parser *ps, cJSON *item)
{
	if (ps->p >= ps->end)
		return false;
	switch (*ps->p) {
	case '{':
		return container(ps, item, true);
	case '[':
		return container(ps, item, false);
	case '"':
		item->type = cJSON_String;
		return (item->valuestring = string(ps)) != NULL;
	case 't':
		item->type = cJSON_True;
		item->valueint = 1;
		return literal(ps, "true", 4);
	case 'f':
		item->type = cJSON_False;
		return literal(ps, "false", 5);
	case 'n':
		item->type = cJSON_NULL;
		return literal(ps, "null", 4);
	default:
		return number(ps, item);
	}
}

/* The first key that appears twice in one object, at any depth, in the
 * order a reader meets them. */
static const char *duplicate_key(const cJSON *item)
{
	for (const cJSON *a = item->child; a; a = a->next) {
		const char *inner;

		if (cJSON_IsObject(item))
			for (const cJSON *b = a->next; b; b = b->next)
				if (!strcmp(a->string, b->string))
					return a->string;
		inner = duplicate_key(a);
		if (inner)
			return inner;
	}
	return NULL;
}

static cJSON *parse(struct region *region, const char *text, size_t len,
		    bool *plain_numbers, char *err)
{
	struct parser ps = {.p = text, .end = text + len, .region = region};
	cJSON *item;
	const char *dup;

	if (memchr(text, '\0', len)) {
		errorf(err, "the line contains a NUL byte");
		return NULL;
	}
	if (!json_valid_utf8(text, len)) {
		errorf(err, "the line is not valid UTF-8");
		return NULL;
	}
	item = new_item(&ps);
	skip_space(&ps);
	if (!value(&ps, item)) {
		errorf(err, "not valid JSON (error near byte %zu)",
		       (size_t)(ps.p - text));
		goto fail;
	}
	skip_space(&ps);
	if (ps.p != ps.end) {
		errorf(err, "unexpected text after the JSON value at byte %zu",
		       (size_t)(ps.p - text));
	} else if (!cJSON_IsObject(item)) {
		errorf(err, "the line is JSON but not an object");
	} else if (ps.duplicate && (dup = duplicate_key(item)) != NULL) {
		errorf(err, "duplicate key \"%.64s\"", dup);
	} else if (ps.infinite) {
		errorf(err, "a number is too large for a double");
	} else {
		if (plain_numbers)
			*plain_numbers = !ps.fractions;
		return item;
	}
fail:
	if (!region)
		cJSON_Delete(item);
	return NULL;
}

cJSON *json_parse_object(const char *text, size_t len, char *err)
{
	return parse(NULL, text, len, NULL, err);
}

cJSON *json_parse_object_in(struct region *region, const char *text,
			    size_t len, bool *plain_numbers, char *err)
{
	return parse(region, text, len, plain_numbers, err);
}
