/*
 * The members of replay documents; see replay_members.h.
 */
#include "replay_members.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/json.h"

int replay_int(const cJSON *object, const char *name, int fallback)
{
	const cJSON *item = json_member(object, name);

	/* A number beyond an int (a log's header is read unchecked) is as
	 * good as none. */
	return cJSON_IsNumber(item) && item->valuedouble >= INT_MIN &&
	       item->valuedouble <= INT_MAX ? (int)item->valuedouble : fallback;
}

void replay_event(cJSON *step, const char *fmt, ...)
{
	cJSON *events = json_member(step, "events");
	char text[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (!events)
		events = cJSON_AddArrayToObject(step, "events");
	cJSON_AddItemToArray(events, cJSON_CreateString(text));
}

size_t replay_faces(char *out, size_t len, size_t used, const cJSON *faces)
{
	const cJSON *face;

	cJSON_ArrayForEach(face, faces) {
		/* The number's digits backwards from the end of `word`, as "%d". */
		char word[16], *p = word + sizeof word;
		int value = (int)face->valuedouble;
		unsigned long n = value < 0 ? 0UL - (unsigned long)value : (unsigned long)value;
		size_t size;

		do
			*--p = (char)('0' + n % 10);
		while ((n /= 10));
		if (value < 0)
			*--p = '-';
		if (used)
			*--p = ' ';
		size = (size_t)(word + sizeof word - p);
		if (used + 1 < len)
			memcpy(out + used, p, used + size < len ? size : len - used - 1);
		used += size;
	}
	if (len)
		out[used < len ? used : len - 1] = '\0';
	return used < len ? used : len - 1;
}
