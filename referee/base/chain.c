/*
 * The chain and the signature of the house's signed files; see chain.h.
 */
#include "chain.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "json.h"
#include "util.h"

void chain_take(struct chain_end *end, const char *line, size_t len)
{
	arena_fair_hash(end->hash, "arena:line", NULL, 0, (const unsigned char *)line, len);
	hex_encode(end->prev, end->hash, FAIR_HASH_BYTES);
	end->seq++;
}

size_t chain_message(unsigned char out[CHAIN_MESSAGE_MAX], const struct chain_owner *owner,
		     uint64_t last_seq, const unsigned char last_hash[FAIR_HASH_BYTES])
{
	size_t tag_len = strlen(owner->tag);
	unsigned char *p = out;

	memcpy(p, owner->tag, tag_len);
	p += tag_len;
	memcpy(p, owner->id, owner->id_len);
	p += owner->id_len;
	for (int i = 0; i < 8; i++)
		*p++ = (unsigned char)(last_seq >> (8 * i));
	memcpy(p, last_hash, FAIR_HASH_BYTES);
	return (size_t)(p + FAIR_HASH_BYTES - out);
}

char *chain_next(struct chain_end *end, cJSON *record, size_t *len)
{
	size_t body_len;
	char *body = json_print(record, &body_len);
	char head[128];
	size_t head_len;
	char *line;

	cJSON_Delete(record);
	if (end->seq == 0)
		head_len = (size_t)snprintf(head, sizeof head, "{\"seq\":0");
	else
		head_len = (size_t)snprintf(head, sizeof head, "{\"seq\":%llu,\"prev\":\"%s\"",
					    (unsigned long long)end->seq, end->prev);
	/* body is "{...}": replace its "{" with the head and a comma. */
	*len = head_len + 1 + (body_len - 1);
	line = xmalloc(*len + 2);
	memcpy(line, head, head_len);
	line[head_len] = body_len > 2 ? ',' : '}';
	memcpy(line + head_len + 1, body + 1, body_len - 1);
	if (body_len <= 2)
		*len = head_len + 1;
	line[*len] = '\n';
	line[*len + 1] = '\0';
	free(body);
	chain_take(end, line, *len);
	return line;
}

cJSON *chain_signature(const struct chain_owner *owner, const struct chain_end *end,
		       const struct referee_key *key)
{
	unsigned char message[CHAIN_MESSAGE_MAX], sig[crypto_sign_BYTES];
	cJSON *record = json_typed("signature");

	crypto_sign_detached(sig, NULL, message, chain_message(message, owner, end->seq - 1, end->hash),
			     key->secret_key);
	json_add_hex(record, "key", key->public_key, CHAIN_KEY_BYTES);
	json_add_hex(record, "sig", sig, sizeof sig);
	return record;
}

int chain_signature_check(const struct chain_owner *owner, const struct chain_end *end,
			  const char *key_hex, const char *sig_hex,
			  const unsigned char *trusted, char *why)
{
	unsigned char key[CHAIN_KEY_BYTES], sig[CHAIN_SIG_BYTES], message[CHAIN_MESSAGE_MAX];

	if (hex_decode(key, sizeof key, key_hex))
		return errorf(why, "\"key\" must be %zu bytes of lowercase hex", sizeof key);
	if (hex_decode(sig, sizeof sig, sig_hex))
		return errorf(why, "\"sig\" must be %zu bytes of lowercase hex", sizeof sig);
	if (trusted && sodium_memcmp(trusted, key, sizeof key))
		return errorf(why, "signed by key %s, not by the key given", key_hex);
	/* The one check of every signature of the house. */
	if (crypto_sign_verify_detached(sig, message, chain_message(message, owner, end->seq - 1,
								    end->hash), key))
		return errorf(why, "the signature does not verify");
	return 0;
}

void chain_lines_read(struct chain_lines *l, const char *path)
{
	size_t cap = 0, size = 0;

	memset(l, 0, sizeof *l);
	l->text = files_read_all(path, &size);
	/* By its size: a NUL byte is in a line, which does not read, not
	 * the file's end. */
	for (char *p = l->text, *stop = p + size; p && p < stop; ) {
		char *end = memchr(p, '\n', (size_t)(stop - p));
		size_t room = cap;  /* the two lists grow alike */

		if ((l->cut = !end))
			break;
		l->at = xgrow(l->at, l->count, &cap, sizeof *l->at);
		l->len = xgrow(l->len, l->count, &room, sizeof *l->len);
		l->at[l->count] = p;
		l->len[l->count++] = (size_t)(end - p);
		p = end + 1;
	}
}

void chain_lines_free(struct chain_lines *l)
{
	free(l->text);
	free(l->at);
	free(l->len);
}

bool chain_line_is(const struct chain_lines *l, size_t i, const char *type)
{
	char want[64];
	int n = snprintf(want, sizeof want, "\"type\":\"%s\"", type);
	const char *at = memmem(l->at[i], l->len[i] < 160 ? l->len[i] : 160, "\"type\":", 7);

	return at && (size_t)(at - l->at[i]) + (size_t)n <= l->len[i] &&
	       !memcmp(at, want, (size_t)n);
}

cJSON *chain_line_json(const struct chain_lines *l, size_t i)
{
	char why[ERR_LEN];

	return json_parse_object(l->at[i], l->len[i], why);
}

bool chain_lines_closed(const struct chain_lines *l)
{
	return l->count > 1 && chain_line_is(l, l->count - 1, "signature") &&
	       !chain_line_is(l, l->count - 2, "started");
}

int chain_lines_check(const struct chain_lines *l, const char *path,
		      const unsigned char *trusted, bool *signed_, char *err)
{
	unsigned char id[FAIR_GAME_ID_BYTES];
	struct chain_owner owner = {CHAIN_LOG_TAG, id, sizeof id};
	struct chain_end end = {0};
	const char *comma;
	char why[ERR_LEN];
	cJSON *head = l->count ? chain_line_json(l, 0) : NULL;
	/* A seal's chain is checked, not taken for the run's end. */
	cJSON *last = chain_lines_closed(l) ? chain_line_json(l, l->count - 1) : NULL;
	const char *id_hex = cJSON_GetStringValue(json_member(head, "id"));
	const char *key_hex = cJSON_GetStringValue(json_member(last, "key"));
	const char *sig_hex = cJSON_GetStringValue(json_member(last, "sig"));
	int rc = 0;

	*signed_ = false;
	for (size_t i = 1; !rc && i < l->count; i++) {
		chain_take(&end, l->at[i - 1], l->len[i - 1]);
		/* Right after "seq", as the referee writes it. */
		comma = memchr(l->at[i], ',', l->len[i] < 32 ? l->len[i] : 32);
		if (strncmp(l->at[i], "{\"seq\":", 7) || !comma ||
		    (size_t)(comma + 1 - l->at[i]) + 8 + 64 > l->len[i] ||
		    memcmp(comma + 1, "\"prev\":\"", 8) || memcmp(comma + 9, end.prev, 64))
			rc = errorf(err, "%s: line %zu: its chain is broken", path, i + 1);
	}
	if (!rc && last && !hex_decode(id, sizeof id, id_hex)) {
		rc = chain_signature_check(&owner, &end, key_hex, sig_hex, trusted, why)
		     ? errorf(err, "%s: %s", path, why) : 0;
		*signed_ = !rc;
	}
	cJSON_Delete(head);
	cJSON_Delete(last);
	return rc;
}
