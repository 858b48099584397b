/*
 * One key a folder; see verify_keys.h.
 */
#include "verify_keys.h"

#include <string.h>

const char *verify_keys_of(const struct game_log *log)
{
	const char *type = log->count ? log->lines[log->count - 1].type : NULL;

	return type && !strcmp(type, "signature") ? logread_string(log, log->count - 1, "key")
						  : NULL;
}

bool verify_keys_same(const char *where, const char *key, const char *want,
		      const char *whose, struct problems *problems)
{
	if (!key || !want || !strcmp(key, want))
		return true;
	problems_add(problems, where, "signed by key %.64s, not %s key %.64s: a folder's "
		     "every signature is made with one key, so one of the two is not "
		     "its signer's", key, whose, want);
	return false;
}
