/*
 * UTF-8 checking, printing JSON on one line, and reading members; see
 * json.h (json_parse.c parses).
 */
#include "json.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_number.h"
#include "util.h"

bool json_valid_utf8(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;

	while (i < len) {
		unsigned char c = s[i];
		size_t extra;
		unsigned long cp;

		if (c < 0x80) {
			uint64_t word;

			/* Then eight ASCII bytes at a time: most lines are
			 * nothing else. */
			i++;
			while (len - i >= 8 &&
			       (memcpy(&word, s + i, 8), !(word & 0x8080808080808080u)))
				i += 8;
			continue;
		} else if ((c & 0xe0) == 0xc0) {
			extra = 1;
			cp = c & 0x1f;
		} else if ((c & 0xf0) == 0xe0) {
			extra = 2;
			cp = c & 0x0f;
		} else if ((c & 0xf8) == 0xf0) {
			extra = 3;
			cp = c & 0x07;
		} else {
			return false;
		}
		if (len - i <= extra)
			return false;
		for (size_t k = 1; k <= extra; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		/* The shortest form only, no surrogates, nothing past U+10FFFF. */
		if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) ||
		    (extra == 3 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += extra + 1;
	}
	return true;
}

size_t json_utf8_length(const char *s, size_t left)
{
	unsigned char c = (unsigned char)s[0];
	size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;

	return n <= left && json_valid_utf8(s, n) ? n : 0;
}

/*
 * Printing JSON on one line.  cJSON's printer formats every number with
 * sprintf("%1.15g") and reads it back with sscanf to check it: a third of
 * the referee's CPU per move.  Ours writes integers (nearly every number we
 * send) with a digit loop and others by the same %g rule
 * (json_number.h).
 */
struct out {
	char *buf;
	size_t len, cap;
};

static void out_reserve(struct out *o, size_t n)
{
	if (o->len + n <= o->cap)
		return;
	while (o->len + n > o->cap)
		o->cap = o->cap ? 2 * o->cap : 512;
	o->buf = xrealloc(o->buf, o->cap);
}

static void out_put(struct out *o, const char *s, size_t n)
{
	out_reserve(o, n);
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

/* One byte: the quotes and punctuation, a third of what is put, without
 * a call to memcpy each. */
static void out_char(struct out *o, char c)
{
	out_reserve(o, 1);
	o->buf[o->len++] = c;
}

static void out_string(struct out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;

	out_char(o, '"');
	for (;;) {
		const unsigned char *run = p;
		char esc[6];
		size_t n = 2;

		/* Copy the longest run that needs no escape at once. */
		while (*p >= 32 && *p != '"' && *p != '\\')
			p++;
		out_put(o, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		esc[0] = '\\';
		switch (*p) {
		case '"': esc[1] = '"'; break;
		case '\\': esc[1] = '\\'; break;
		case '\b': esc[1] = 'b'; break;
		case '\f': esc[1] = 'f'; break;
		case '\n': esc[1] = 'n'; break;
		case '\r': esc[1] = 'r'; break;
		case '\t': esc[1] = 't'; break;
		default:
			esc[1] = 'u'; esc[2] = '0'; esc[3] = '0';
			esc[4] = hex[*p >> 4]; esc[5] = hex[*p & 15];
			n = 6;
		}
		out_put(o, esc, n);
		p++;
	}
	out_char(o, '"');
}

static void out_number(struct out *o, double d)
{
	char tmp[JSON_NUMBER_LEN];

	if (d != d || d - d != 0) {
		out_put(o, "null", 4);
		return;
	}
	/* The range first: casting a double beyond long long is undefined. */
	if (d > -1e15 && d < 1e15 && d == (double)(long long)d) {
		/* What %1.15g prints for these, without printf. */
		long long v = (long long)d;
		unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
		char *e = tmp + sizeof tmp, *p = e;

		do
			*--p = (char)('0' + u % 10);
		while (u /= 10);
		if (v < 0)
			*--p = '-';
		out_put(o, p, (size_t)(e - p));
		return;
	}
	out_put(o, tmp, json_number_format(d, tmp));
}

static void out_item(struct out *o, const cJSON *item)
{
	const cJSON *c;

	switch (item->type & 0xff) {
	case cJSON_NULL: out_put(o, "null", 4); return;
	case cJSON_False: out_put(o, "false", 5); return;
	case cJSON_True: out_put(o, "true", 4); return;
	case cJSON_Number: out_number(o, item->valuedouble); return;
	case cJSON_String: out_string(o, item->valuestring); return;
	case cJSON_Raw: out_put(o, item->valuestring, strlen(item->valuestring)); return;
	case cJSON_Array:
		out_char(o, '[');
		for (c = item->child; c; c = c->next) {
			out_item(o, c);
			if (c->next)
				out_char(o, ',');
		}
		out_char(o, ']');
		return;
	case cJSON_Object:
		out_char(o, '{');
		for (c = item->child; c; c = c->next) {
			out_string(o, c->string);
			out_char(o, ':');
			out_item(o, c);
			if (c->next)
				out_char(o, ',');
		}
		out_char(o, '}');
		return;
	}
	abort();
}

char *json_print(const cJSON *item, size_t *len)
{
	struct out o = { NULL, 0, 0 };

	out_item(&o, item);
	if (len)
		*len = o.len;
	out_put(&o, "", 1);
	return o.buf;
}

char *json_print_line(const cJSON *item)
{
	return json_print(item, NULL);
}

/* Whether member name `key` is `name`: compared here, byte by byte, and
 * not by strcmp, whose call cost more than the compare of names this
 * short (a tenth of a report's build was looking up members). */
static bool same_name(const char *key, const char *name)
{
	while (*key && *key == *name) {
		key++;
		name++;
	}
	return *key == *name;
}

cJSON *json_typed(const char *type)
{
	cJSON *object = cJSON_CreateObject();

	cJSON_AddStringToObject(object, "type", type);
	return object;
}

double json_number(const cJSON *object, const char *name)
{
	return cJSON_GetNumberValue(json_member(object, name));
}

/* Adds `item` to the object `to` as its member `name`, or (NULL) to the
 * array `to`. */
static void add_item(cJSON *to, const char *name, cJSON *item)
{
	if (name)
		cJSON_AddItemToObject(to, name, item);
	else
		cJSON_AddItemToArray(to, item);
}

void json_add_number_or_null(cJSON *to, const char *name, double x)
{
	add_item(to, name, isfinite(x) ? cJSON_CreateNumber(x) : cJSON_CreateNull());
}

void json_add_hex(cJSON *to, const char *name, const unsigned char *bytes, size_t len)
{
	char hex[2 * 64 + 1];

	if (bytes)
		hex_encode(hex, bytes, len);
	add_item(to, name, bytes ? cJSON_CreateString(hex) : cJSON_CreateNull());
}

cJSON *json_member(const cJSON *object, const char *name)
{
	cJSON *m;

	if (!object || !name)
		return NULL;
	for (m = object->child; m; m = m->next)
		if (m->string && m->string[0] == name[0] && same_name(m->string, name))
			return m;
	return NULL;
}

bool json_whole(const cJSON *item, long min, long max, long *out)
{
	double v;

	if (!cJSON_IsNumber(item))
		return false;
	v = item->valuedouble;
	/* (double)LONG_MAX rounds up to 2^63, which no long holds. */
	if (v != floor(v) || v < (double)min || v > (double)max || v >= 0x1p63)
		return false;
	*out = (long)v;
	return true;
}

bool json_get_int(const cJSON *object, const char *name, long min, long max,
		  long *out)
{
	const cJSON *item = json_member(object, name);

	return !item || json_whole(item, min, max, out);
}
