/*
 * The league's key on the server's pages; see web_key.h.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/files.h"
#include "base/json.h"
#include "base/keys.h"
#include "base/paths.h"
#include "base/util.h"
#include "web/web_key.h"

/* Whether `hex` is the public key of DIR/referee.pub. */
static bool is_league_key(const char *dir, const char *hex)
{
	char *path = path_join(dir, KEYS_PUBLIC_FILE), err[ERR_LEN], have[65];
	unsigned char key[32];
	bool is = keys_load_public(path, key, err) == 0;

	free(path);
	if (is)
		hex_encode(have, key, sizeof key);
	return is && !strcmp(have, hex);
}

void web_key_trust(cJSON *doc, const char *dir)
{
	cJSON *v = json_member(doc, "verify");
	const char *key = cJSON_GetStringValue(json_member(v, "key"));
	bool league;

	if (!cJSON_IsTrue(json_member(v, "ok")) || !key ||
	    cJSON_IsFalse(json_member(v, "refereed")))
		return;
	league = is_league_key(dir, key);
	cJSON_ReplaceItemInObjectCaseSensitive(v, "trusted", cJSON_CreateBool(league));
	cJSON_ReplaceItemInObjectCaseSensitive(v, "trust", cJSON_CreateString(
		league ? WEB_KEY_LEAGUE : WEB_KEY_OTHER));
}

char *web_key_public(const char *dir)
{
	char *path = path_join(dir, KEYS_PUBLIC_FILE), *text = files_read_all(path, NULL);

	free(path);
	return text;
}
