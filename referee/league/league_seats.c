/*
 * The register held to the runs; see league_seats.h.
 */
#include "league/league_seats.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"

/* The register's state after its first `lines` lines: by bot name, its
 * newest version's number, or -1 once retired (a retirement stands); and
 * by "NAME vN", each version's hash, in `hashes`. */
static cJSON *state_at(const struct chain_lines *reg, long lines, cJSON *hashes)
{
	cJSON *state = cJSON_CreateObject();

	for (size_t i = 0; i < (size_t)lines && i < reg->count; i++) {
		cJSON *j = chain_line_json(reg, i), *had;
		const char *type = cJSON_GetStringValue(json_member(j, "type"));
		const char *name = cJSON_GetStringValue(json_member(j, "name"));
		long number = -1;

		if (type && name && (!strcmp(type, "retire") ||
				     (!strcmp(type, "add") &&
				      json_get_int(j, "number", 1, LONG_MAX, &number)))) {
			const char *hash = cJSON_GetStringValue(json_member(j, "hash"));
			char *key = xasprintf("%s v%ld", name, number);

			cJSON_AddStringToObject(hashes, key, hash ? hash : "");
			free(key);
			had = cJSON_GetObjectItemCaseSensitive(state, name);
			if (!had)
				cJSON_AddNumberToObject(state, name, (double)number);
			else if (had->valuedouble >= 0)
				cJSON_SetNumberValue(had, (double)number);
		}
		cJSON_Delete(j);
	}
	return state;
}

/* Whether `seat` names the files (hash) of its version in `hashes`. */
static bool same_files(const cJSON *seat, const char *name, long version, const cJSON *hashes)
{
	char *key = xasprintf("%s v%ld", name, version);
	const char *want = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(hashes, key));
	const char *hash = cJSON_GetStringValue(json_member(seat, "hash"));

	free(key);
	return want && hash && !strcmp(want, hash);
}

/* The seats of started record `j` (line `line`) against `state` and
 * `hashes`: 0, or -1 with err. */
static int check_started(const cJSON *j, size_t line, const cJSON *state,
			 const cJSON *hashes, long lines, char *err)
{
	const cJSON *seat;

	cJSON_ArrayForEach(seat, json_member(j, "seats")) {
		const char *name = cJSON_GetStringValue(json_member(seat, "name"));
		const cJSON *have = name ? cJSON_GetObjectItemCaseSensitive(state, name) : NULL;
		long version = 0;

		json_get_int(seat, "version", 1, LONG_MAX, &version);
		if (have && have->valuedouble == (double)version &&
		    !same_files(seat, name, version, hashes))
			return errorf(err, "line %zu: its set seats %s v%ld with other files "
				      "than the register's %s v%ld: not the version it names",
				      line, name, version, name, version);
		if (have && have->valuedouble == (double)version)
			continue;
		return errorf(err, "line %zu: its set seats %s v%ld, where the register's "
			      "state the run began under (its first %ld lines) %s: the register "
			      "was rewritten, or the run seated what it could not", line,
			      name ? name : "?", version, lines,
			      !have ? "has no such bot" : have->valuedouble < 0
			      ? "has the bot retired" : "has another version newest");
	}
	return 0;
}

int league_seats_check(const struct chain_lines *reg, const struct chain_lines *run,
		       char *err)
{
	cJSON *head = run->count > 1 && chain_line_is(run, 1, "register")
		      ? chain_line_json(run, 1) : NULL, *state, *hashes;
	long lines = 0;
	int rc = 0;

	if (!json_get_int(head, "lines", 1, LONG_MAX, &lines)) {
		cJSON_Delete(head);
		return 0;
	}
	hashes = cJSON_CreateObject();
	state = state_at(reg, lines, hashes);
	for (size_t i = 2; !rc && i < run->count; i++) {
		cJSON *j = chain_line_is(run, i, "started") ? chain_line_json(run, i) : NULL;

		rc = j ? check_started(j, i + 1, state, hashes, lines, err) : 0;
		cJSON_Delete(j);
	}
	cJSON_Delete(hashes);
	cJSON_Delete(state);
	cJSON_Delete(head);
	return rc;
}
