/*
 * The members of replay documents; see replay_members.h.
 */
#include "replay_members.h"

#include <stdarg.h>
#include <stdio.h>

int replay_int(const cJSON *object, const char *name, int fallback)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);

	return cJSON_IsNumber(item) ? (int)item->valuedouble : fallback;
}

void replay_event(cJSON *step, const char *fmt, ...)
{
	cJSON *events = cJSON_GetObjectItemCaseSensitive(step, "events");
	char text[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (!events)
		events = cJSON_AddArrayToObject(step, "events");
	cJSON_AddItemToArray(events, cJSON_CreateString(text));
}
