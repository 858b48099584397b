/*
 * Why a set was dropped; see verify_dropped.h.
 */
#include "verify_dropped.h"

#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "manifest/run_manifest.h"

/* Whether the version `v` ({"name","version","hash"}) is one of `seats`,
 * with files other than those it was seated with. */
static bool seated_changed(const cJSON *seats, const cJSON *v)
{
	const char *name = cJSON_GetStringValue(json_member(v, "name"));
	const char *hash = cJSON_GetStringValue(json_member(v, "hash"));
	const cJSON *seat;
	long number = 0, seated = 0;

	if (!name || !hash || strlen(hash) != 64 || !json_get_int(v, "version", 1, 1L << 30, &number))
		return false;
	cJSON_ArrayForEach(seat, seats) {
		const char *seat_name = cJSON_GetStringValue(json_member(seat, "name"));
		const char *seat_hash = cJSON_GetStringValue(json_member(seat, "hash"));

		if (json_get_int(seat, "version", 1, 1L << 30, &seated) && seated == number &&
		    seat_name && !strcmp(seat_name, name))
			return seat_hash && strcmp(seat_hash, hash);
	}
	return false;
}

const char *verify_dropped_reason(const cJSON *r, size_t i, const char *verb, long revision,
				  const cJSON *seats, bool *lost, char *why)
{
	const char *reason = cJSON_GetStringValue(json_member(r, "reason"));
	bool league = !strcmp(verb, "league");

	*lost = reason && league && !strcmp(reason, RUN_DROPPED_LOSS);
	if (revision < 7 || *lost ||
	    (reason && league && !strcmp(reason, RUN_DROPPED_REFUSED)) ||
	    (reason && !strcmp(verb, "sprt") && !strcmp(reason, RUN_DROPPED_VERDICT)))
		return NULL;
	if (reason && league && !strcmp(reason, RUN_DROPPED_FILES) &&
	    seated_changed(seats, json_member(r, "version")))
		return NULL;
	errorf(why, "line %zu: a dropped record without a reason verify can check: of "
	       "revision 7 it says why, \"reason\": \"files\" with the \"version\" its set's "
	       "started record seats and the hash of its files now, another than that "
	       "record's; \"accept-loss\", \"refused\" (a league's) or \"verdict\" (an sprt's)",
	       i + 1);
	return why;
}
