/*
 * The owners of a league's bots, read from its register; see
 * league_owners.h.
 */
#include "league/league_owners.h"

#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "league/league_register.h"

/* Takes line i of the register: the first "add" of a name gives it its
 * owner, or null for the organiser's. */
static void take_line(cJSON *first, const struct chain_lines *l, size_t i)
{
	cJSON *j = chain_line_json(l, i);
	const char *type = cJSON_GetStringValue(json_member(j, "type"));
	const char *name = cJSON_GetStringValue(json_member(j, "name"));
	const char *owner = cJSON_GetStringValue(json_member(j, "owner"));

	if (type && !strcmp(type, "add") && name && !json_member(first, name))
		cJSON_AddItemToObject(first, name, owner ? cJSON_CreateString(owner)
						   : cJSON_CreateNull());
	cJSON_Delete(j);
}

cJSON *league_owners(const char *dir)
{
	struct chain_lines l;
	cJSON *owners = cJSON_CreateObject(), *o, *next;

	league_register_lines(dir, &l);
	for (size_t i = 0; i < l.count; i++)
		take_line(owners, &l, i);
	for (o = owners->child; o; o = next) {
		next = o->next;
		if (!cJSON_IsString(o))
			cJSON_Delete(cJSON_DetachItemViaPointer(owners, o));
	}
	chain_lines_free(&l);
	return owners;
}
char *league_owner(const char *dir, const char *bot)
{
	cJSON *owners = league_owners(dir);
	const char *owner = cJSON_GetStringValue(json_member(owners, bot));
	char *user = owner ? xstrdup(owner) : NULL;

	cJSON_Delete(owners);
	return user;
}
