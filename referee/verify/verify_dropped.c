/*
 * Why a set was dropped; see verify_dropped.h.
 */
#include "verify_dropped.h"

#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "manifest/run_manifest.h"

/* Whether the version `v` ({"name","version","hash"}) is one `started`
 * seats, with files other than those it was seated with. */
static bool seated_changed(const cJSON *started, const cJSON *v)
{
	const char *name = cJSON_GetStringValue(json_member(v, "name"));
	const char *hash = cJSON_GetStringValue(json_member(v, "hash"));
	const cJSON *seat;
	long number = 0, seated = 0;

	if (!name || !hash || strlen(hash) != 64 || !json_get_int(v, "version", 1, 1L << 30, &number))
		return false;
	cJSON_ArrayForEach(seat, json_member(started, "seats")) {
		const char *seat_name = cJSON_GetStringValue(json_member(seat, "name"));
		const char *seat_hash = cJSON_GetStringValue(json_member(seat, "hash"));

		if (json_get_int(seat, "version", 1, 1L << 30, &seated) && seated == number &&
		    seat_name && !strcmp(seat_name, name))
			return seat_hash && strcmp(seat_hash, hash);
	}
	return false;
}

const char *verify_dropped_reason(const struct game_log *log, size_t i, long revision,
				  bool *lost, char *why)
{
	const cJSON *r = log->lines[i].json, *games = json_member(r, "games");
	const char *reason = cJSON_GetStringValue(json_member(r, "reason"));
	const char *verb = logread_string(log, 0, "verb");
	bool league = verb && !strcmp(verb, "league");

	*lost = reason && league && !strcmp(reason, RUN_DROPPED_LOSS);
	if (revision < 7 || *lost ||
	    (reason && league && !strcmp(reason, RUN_DROPPED_REFUSED)) ||
	    (reason && verb && !strcmp(verb, "sprt") && !strcmp(reason, RUN_DROPPED_VERDICT)))
		return NULL;
	if (reason && league && !strcmp(reason, RUN_DROPPED_FILES) && cJSON_IsArray(games) &&
	    seated_changed(run_manifest_started_of(log, i, cJSON_GetArrayItem(games, 0) ?
						   (long)cJSON_GetArrayItem(games, 0)->valuedouble : 0),
			   json_member(r, "version")))
		return NULL;
	errorf(why, "line %zu: a dropped record without a reason verify can check: of "
	       "revision 7 it says why, \"reason\": \"files\" with the \"version\" its set's "
	       "started record seats and the hash of its files now, another than that "
	       "record's; \"accept-loss\", \"refused\" (a league's) or \"verdict\" (an sprt's)",
	       i + 1);
	return why;
}
