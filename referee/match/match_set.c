/*
 * A duplicate set's shared secrets and its logs waiting for S; see
 * match_set.h.  S stays in the referee's memory alone until the set's last
 * game has ended: no bot, and no log a bot of a later game could read,
 * has it before.
 */
#include "match_set.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/records.h"
#include "base/util.h"

void match_secrets(const unsigned char *seed, unsigned long index,
		   unsigned char id[FAIR_GAME_ID_BYTES], unsigned char secret[FAIR_SECRET_BYTES],
		   unsigned char commitment[FAIR_HASH_BYTES])
{
	if (seed) {
		arena_fair_seeded_secrets(seed, index, id, secret);
	} else {
		randombytes_buf(id, FAIR_GAME_ID_BYTES);
		randombytes_buf(secret, FAIR_SECRET_BYTES);
	}
	arena_fair_referee_commitment(commitment, id, secret);
}

struct match_set *match_set_new(const unsigned char *seed, unsigned long index,
				int games)
{
	struct match_set *set = xcalloc(1, sizeof *set);

	set->games = games;
	match_secrets(seed, index, set->id, set->secret, set->commitment);
	return set;
}

const unsigned char *match_secrets_seed(const struct match_config *config)
{
	return config->seed ? config->seed : config->deal_key;
}

void match_set_commitment(const unsigned char *seed, unsigned long index,
			  unsigned char commitment[FAIR_HASH_BYTES])
{
	unsigned char id[FAIR_GAME_ID_BYTES], secret[FAIR_SECRET_BYTES];

	match_secrets(seed, index, id, secret, commitment);
	sodium_memzero(secret, sizeof secret);
}

void match_set_game_id(const struct match_set *set, const unsigned char *seed,
		       unsigned long index,
		       unsigned char game_id[FAIR_GAME_ID_BYTES])
{
	unsigned char unused[FAIR_SECRET_BYTES];

	if (set->next == 0) {
		memcpy(game_id, set->id, FAIR_GAME_ID_BYTES);
	} else if (seed) {
		arena_fair_seeded_secrets(seed, index, game_id, unused);
		sodium_memzero(unused, sizeof unused);
	} else {
		randombytes_buf(game_id, FAIR_GAME_ID_BYTES);
	}
}

cJSON *match_set_describe(const struct match_set *set)
{
	cJSON *described = cJSON_CreateObject();

	json_add_hex(described, "id", set->id, sizeof set->id);
	cJSON_AddNumberToObject(described, "game", set->next);
	cJSON_AddNumberToObject(described, "of", set->games);
	return described;
}

int match_set_game_ended(struct match_set *set, int k, struct journal *journal,
			 const unsigned char game_id[FAIR_GAME_ID_BYTES],
			 const struct referee_key *key, char *err)
{
	if (journal && journal_flush(journal, err)) {
		journal_free(journal);
		return -1;
	}
	set->journals[k] = journal;
	memcpy(set->game_ids[k], game_id, FAIR_GAME_ID_BYTES);
	if (++set->ended < set->games)
		return 0;
	for (int j = 0; j < set->games; j++) {
		struct journal *log = set->journals[j];

		if (!log)
			continue;
		set->journals[j] = NULL;
		if (journal_append(log, records_hex("reveal", "secret", set->secret,
						    FAIR_SECRET_BYTES), err) ||
		    journal_sign(log, key, set->game_ids[j], err)) {
			journal_free(log);
			return -1;
		}
		journal_free(log);
	}
	return 0;
}

void match_set_free(struct match_set *set)
{
	if (!set)
		return;
	for (int k = 0; k < set->games; k++)
		journal_free(set->journals[k]);
	sodium_memzero(set, sizeof *set);
	free(set);
}
