/*
 * The chain and the signature of the house's signed files; see chain.h.
 */
#include "chain.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

cJSON *chain_signature(const struct chain_owner *owner, uint64_t last_seq,
		       const unsigned char last_hash[FAIR_HASH_BYTES],
		       const struct referee_key *key)
{
	unsigned char message[CHAIN_MESSAGE_MAX], sig[crypto_sign_BYTES];
	char hex[2 * crypto_sign_BYTES + 1];
	cJSON *record = cJSON_CreateObject();

	crypto_sign_detached(sig, NULL, message, chain_message(message, owner, last_seq, last_hash),
			     key->secret_key);
	cJSON_AddStringToObject(record, "type", "signature");
	hex_encode(hex, key->public_key, CHAIN_KEY_BYTES);
	cJSON_AddStringToObject(record, "key", hex);
	hex_encode(hex, sig, sizeof sig);
	cJSON_AddStringToObject(record, "sig", hex);
	return record;
}

bool chain_signed(const struct chain_owner *owner, uint64_t last_seq,
		  const unsigned char last_hash[FAIR_HASH_BYTES],
		  const unsigned char key[CHAIN_KEY_BYTES], const unsigned char sig[CHAIN_SIG_BYTES])
{
	unsigned char message[CHAIN_MESSAGE_MAX];

	return crypto_sign_verify_detached(sig, message,
					   chain_message(message, owner, last_seq, last_hash),
					   key) == 0;
}
