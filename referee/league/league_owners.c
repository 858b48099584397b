/*
 * The owners of a league's bots, read from its register; see
 * league_owners.h.
 */
#include "league/league_owners.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_folder.h"

/* Takes a register line: the first "add" of a name gives it its owner,
 * or null for the organiser's. */
static void take_line(cJSON *first, const char *line, size_t len)
{
	char why[ERR_LEN];
	cJSON *j = json_parse_object(line, len, why);
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
	char *path = path_join(dir, LEAGUE_REGISTER);
	/* Read between two writers' changes, each a line and its signature. */
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *text = fd >= 0 && flock(fd, LOCK_SH) == 0 ? files_read_all(path, NULL) : NULL;
	cJSON *owners = cJSON_CreateObject(), *o, *next;

	for (const char *line = text ? text : ""; *line; line += strcspn(line, "\n") + !!*line)
		if (line[0] == '{')
			take_line(owners, line, strcspn(line, "\n"));
	for (o = owners->child; o; o = next) {
		next = o->next;
		if (!cJSON_IsString(o))
			cJSON_Delete(cJSON_DetachItemViaPointer(owners, o));
	}
	if (fd >= 0)
		close(fd);
	free(text);
	free(path);
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
