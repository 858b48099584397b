/*
 * The members of replay documents; see replay_members.h.
 */
#include "replay_members.h"

#include <stdarg.h>
#include <stdio.h>

#include "json.h"

int replay_int(const cJSON *object, const char *name, int fallback)
{
	const cJSON *item = json_member(object, name);

	return cJSON_IsNumber(item) ? (int)item->valuedouble : fallback;
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
