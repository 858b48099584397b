/*
 * A killed league run closed from its signed records; see league_seal.h.
 */
#include "league/league_seal.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "base/chain.h"
#include "base/json.h"
#include "base/util.h"

/* The line of `l` to keep up to: its last seal (a signature right after
 * a started record), or, with none, the line before its first started
 * record. */
static size_t kept_lines(const struct chain_lines *l, bool *sealed)
{
	size_t first = l->count;

	*sealed = false;
	for (size_t i = l->count; i-- > 2;)
		if (chain_line_is(l, i, "signature") && chain_line_is(l, i - 1, "started")) {
			*sealed = true;
			return i + 1;
		}
	for (size_t i = 1; i < l->count; i++)
		if (chain_line_is(l, i, "started")) {
			first = i;
			break;
		}
	return first;
}

/* Whether line `at` of `l`, a seal, verifies with `key`: 0, or -1 with
 * err. */
static int seal_holds(const struct chain_lines *l, size_t at, const char *path,
		      const struct referee_key *key, char *err)
{
	unsigned char id[FAIR_GAME_ID_BYTES];
	struct chain_owner owner = {CHAIN_LOG_TAG, id, sizeof id};
	struct chain_end end = {.seq = at - 1};
	cJSON *head = chain_line_json(l, 0), *seal = chain_line_json(l, at);
	const char *id_hex = cJSON_GetStringValue(json_member(head, "id"));
	char why[ERR_LEN];
	int rc = 0;

	chain_take(&end, l->at[at - 1], l->len[at - 1]);
	if (!id_hex || hex_decode_exact(id, sizeof id, id_hex) ||
	    chain_signature_check(&owner, &end, cJSON_GetStringValue(json_member(seal, "key")),
				  cJSON_GetStringValue(json_member(seal, "sig")),
				  key->public_key, why))
		rc = errorf(err, "%s: line %zu, the seal of its last set started, does not hold "
			    "with this league's key (%s): the run is not closed", path, at + 1,
			    id_hex ? why : "no run id");
	cJSON_Delete(head);
	cJSON_Delete(seal);
	return rc;
}

int league_seal_trim(const char *path, const struct referee_key *key, char *err)
{
	struct chain_lines l;
	bool signed_ = false, sealed;
	long revision = 0;
	size_t keep;
	cJSON *head;
	int rc;

	chain_lines_read(&l, path);
	if (!l.text)
		return errorf(err, "%s: %s", path, strerror(errno));
	head = l.count ? chain_line_json(&l, 0) : NULL;
	json_get_int(head, "fairness", 0, 1000, &revision);
	cJSON_Delete(head);
	/* A closed run is left as it is. */
	if (l.count > 2 && chain_lines_closed(&l))
		revision = 0;
	keep = kept_lines(&l, &sealed);
	/* The chain up to what is kept, which the seal's signature covers. */
	l.count = revision >= 7 ? keep : l.count;
	rc = revision < 7 ? 0 : chain_lines_check(&l, path, NULL, &signed_, err);
	if (!rc && revision >= 7 && !signed_ && sealed)
		rc = seal_holds(&l, keep - 1, path, key, err);
	if (!rc && revision >= 7 && !signed_ && keep &&
	    truncate(path, (off_t)(l.at[keep - 1] + l.len[keep - 1] + 1 - l.text)))
		rc = errorf(err, "cannot cut %s back to its signed records: %s", path,
			    strerror(errno));
	chain_lines_free(&l);
	return rc;
}
