/*
 * The owners of a league's bots, read from its register; see
 * league_owners.h.
 */
#include "league/league_owners.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_folder.h"
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

/* The owners as the register's lines give them. */
static cJSON *owners_read(const char *dir)
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

/* The owners last read, and the register file they were read from: the
 * server asks at every request that shows or takes a bot, and reading
 * and parsing the whole register each time cost what it grew to.  Read
 * again when the file is another or changed (a line added or cut moves
 * its size and times); read after the stat, so a change between the
 * two is read again at the next call. */
static struct {
	pthread_mutex_t lock;
	struct stat file;       /* its device and inode tell the league */
	cJSON *owners;
} last = {.lock = PTHREAD_MUTEX_INITIALIZER};

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       !memcmp(&a->st_mtim, &b->st_mtim, sizeof a->st_mtim) &&
	       !memcmp(&a->st_ctim, &b->st_ctim, sizeof a->st_ctim);
}

/* Brings `last` to league `dir`'s register, the lock held. */
static void last_read(const char *dir)
{
	char *path = path_join(dir, LEAGUE_REGISTER);
	struct stat st;
	bool known = stat(path, &st) == 0;

	free(path);
	if (known && last.owners && same_file(&st, &last.file))
		return;
	cJSON_Delete(last.owners);
	last.owners = owners_read(dir);
	last.file = known ? st : (struct stat){0};  /* none: read again */
}

cJSON *league_owners(const char *dir)
{
	cJSON *owners;

	pthread_mutex_lock(&last.lock);
	last_read(dir);
	owners = cJSON_Duplicate(last.owners, true);
	pthread_mutex_unlock(&last.lock);
	return owners;
}

char *league_owner(const char *dir, const char *bot)
{
	const char *owner;
	char *user;

	pthread_mutex_lock(&last.lock);
	last_read(dir);
	owner = cJSON_GetStringValue(json_member(last.owners, bot));
	user = owner ? xstrdup(owner) : NULL;
	pthread_mutex_unlock(&last.lock);
	return user;
}
