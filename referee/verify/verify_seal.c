/*
 * A run's seals; see verify_seal.h.
 */
#include "verify_seal.h"

#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "base/verify.h"

static bool is_type(const struct game_log *log, size_t i, const char *type)
{
	return log->lines[i].type && !strcmp(log->lines[i].type, type);
}

bool verify_seal_is(const struct game_log *log, size_t i)
{
	return i > 1 && i < log->count && is_type(log, i, "signature") &&
	       is_type(log, i - 1, "started");
}

bool verify_seals_check(const struct game_log *log, const unsigned char *id,
			const char *key_hex, struct problems *problems, const char *path)
{
	unsigned char key[32];
	char why[ERR_LEN], seal_key[65];
	long revision = 0;
	size_t last = log->count - 1;

	json_get_int(log->lines[0].json, "fairness", 0, 1000, &revision);
	if (verify_seal_is(log, last)) {
		problems_add(problems, path, "not signed: the run was stopped before its "
			     "end, so the folder is not a whole (each log may still verify "
			     "alone); its last signature seals its last started record");
		return false;
	}
	hex_decode(key, sizeof key, key_hex);
	for (size_t i = 1; i < last; i++) {
		if (is_type(log, i, "signature") && !verify_seal_is(log, i)) {
			problems_add(problems, path, "line %zu: a signature before the "
				     "last that follows no started record", i + 1);
			return false;
		}
		if (is_type(log, i, "signature") &&
		    verify_signature_line(log, i, id, key, seal_key, why)) {
			problems_add(problems, path, "line %zu: the seal of the started "
				     "record before it: %s", i + 1, why);
			return false;
		}
		if (revision >= 7 && is_type(log, i, "started") &&
		    !is_type(log, i + 1, "signature")) {
			problems_add(problems, path, "line %zu: a started record not signed "
				     "right after it: of revision 7, run.jsonl is signed after "
				     "each started record, before its bots move", i + 1);
			return false;
		}
	}
	return true;
}
