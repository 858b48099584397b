/*
 * A game's grade as its replays carry it (grade.h): the grade document
 * without the log's path (a page or the league's server shows it to
 * anyone), or why the game is not graded, also without the path.
 */
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "grade.h"

/* The reason in `err` with the log's path it begins with taken off:
 * "no exact values for ...", "the log does not verify: ...". */
static cJSON *not_graded(const char *path, const char *err)
{
	cJSON *o = cJSON_CreateObject();
	size_t len = strlen(path);
	char *why;

	if (!strncmp(err, path, len))
		err += len;
	why = !strncmp(err, ": ", 2) ? xstrdup(err + 2) : xasprintf("the log%s", err);
	cJSON_AddFalseToObject(o, "exact");
	cJSON_AddStringToObject(o, "why", why);
	free(why);
	return o;
}

cJSON *grade_for_replay(struct grade *g, const struct game_log *log)
{
	char err[ERR_LEN];
	cJSON *doc;

	if (grade_log(g, log, &doc, err) != GRADE_OK)
		return not_graded(log->path, err);
	cJSON_DeleteItemFromObjectCaseSensitive(doc, "log");
	return doc;
}
