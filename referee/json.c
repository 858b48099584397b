/*
 * Strict JSON line parsing on top of cJSON; see json.h.
 */
#include "json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
			i++;
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

/* The first key that appears twice in one object, at any depth. */
static const char *duplicate_key(const cJSON *item)
{
	for (const cJSON *a = item ? item->child : NULL; a; a = a->next) {
		const char *inner;

		if (cJSON_IsObject(item))
			for (const cJSON *b = a->next; b; b = b->next)
				if (strcmp(a->string, b->string) == 0)
					return a->string;
		inner = duplicate_key(a);
		if (inner)
			return inner;
	}
	return NULL;
}

cJSON *json_parse_object(const char *text, size_t len, char *err)
{
	const char *end = NULL;
	const char *dup;
	cJSON *item;

	if (memchr(text, '\0', len)) {
		errorf(err, "the line contains a NUL byte");
		return NULL;
	}
	if (!json_valid_utf8(text, len)) {
		errorf(err, "the line is not valid UTF-8");
		return NULL;
	}
	item = cJSON_ParseWithLengthOpts(text, len, &end, false);
	if (!item) {
		errorf(err, "not valid JSON (error near byte %zu)",
		       end ? (size_t)(end - text) : (size_t)0);
		return NULL;
	}
	while (end < text + len && strchr(" \t\r", *end))
		end++;
	if (end != text + len) {
		errorf(err, "unexpected text after the JSON value at byte %zu",
		       (size_t)(end - text));
	} else if (!cJSON_IsObject(item)) {
		errorf(err, "the line is JSON but not an object");
	} else if ((dup = duplicate_key(item)) != NULL) {
		errorf(err, "duplicate key \"%.64s\"", dup);
	} else {
		return item;
	}
	cJSON_Delete(item);
	return NULL;
}

char *json_print_line(const cJSON *item)
{
	char *text = cJSON_PrintUnformatted(item);

	if (!text) {
		fputs("referee: out of memory\n", stderr);
		abort();
	}
	return text;
}

bool json_get_int(const cJSON *object, const char *name, long min, long max,
		  long *out)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
	double v;

	if (!item)
		return true;
	if (!cJSON_IsNumber(item))
		return false;
	v = item->valuedouble;
	if (v != floor(v) || v < (double)min || v > (double)max)
		return false;
	*out = (long)v;
	return true;
}
