/*
 * The cryptography of the fairness scheme, with libsodium: the
 * personalized BLAKE2b hash behind every commitment and the match key, and
 * the ChaCha20-IETF word stream with rejection sampling that every draw
 * reads.  Everything here is deterministic and byte-exact as
 * docs/FAIRNESS.md specifies; tests/tools/kat.py recomputes the same values
 * independently.
 */
#include "fair.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void store_le32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void store_le64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t load_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* Starts H(personal, key, ...).  libsodium reads exactly 16 bytes of
 * personalization, so the string is copied into a zero-padded array. */
static void hash_start(crypto_generichash_blake2b_state *state,
		       const char *personal, const unsigned char *key,
		       size_t key_len)
{
	unsigned char padded[crypto_generichash_blake2b_PERSONALBYTES] = {0};
	size_t len = strlen(personal);

	if (len > sizeof padded) {
		fprintf(stderr, "referee: bug: arena_fair_hash: personalization "
			"\"%s\" is longer than 16 bytes\n", personal);
		abort();
	}
	memcpy(padded, personal, len);
	crypto_generichash_blake2b_init_salt_personal(state, key, key_len,
						      FAIR_HASH_BYTES, NULL,
						      padded);
}

static void hash_update(crypto_generichash_blake2b_state *state,
			const unsigned char *bytes, size_t len)
{
	crypto_generichash_blake2b_update(state, bytes, len);
}

static void hash_finish(crypto_generichash_blake2b_state *state,
			unsigned char out[FAIR_HASH_BYTES])
{
	crypto_generichash_blake2b_final(state, out, FAIR_HASH_BYTES);
}

void arena_fair_hash(unsigned char out[FAIR_HASH_BYTES], const char *personal,
	       const unsigned char *key, size_t key_len,
	       const unsigned char *msg, size_t msg_len)
{
	crypto_generichash_blake2b_state state;

	hash_start(&state, personal, key, key_len);
	hash_update(&state, msg, msg_len);
	hash_finish(&state, out);
}

void arena_fair_referee_commitment(unsigned char out[FAIR_HASH_BYTES],
			     const unsigned char game_id[FAIR_GAME_ID_BYTES],
			     const unsigned char secret[FAIR_SECRET_BYTES])
{
	crypto_generichash_blake2b_state state;

	hash_start(&state, "arena:commit", NULL, 0);
	hash_update(&state, game_id, FAIR_GAME_ID_BYTES);
	hash_update(&state, secret, FAIR_SECRET_BYTES);
	hash_finish(&state, out);
}

void arena_fair_bot_commitment(unsigned char out[FAIR_HASH_BYTES],
			 const unsigned char game_id[FAIR_GAME_ID_BYTES],
			 uint32_t seat,
			 const unsigned char commitment[FAIR_HASH_BYTES],
			 const unsigned char contribution[FAIR_SECRET_BYTES])
{
	crypto_generichash_blake2b_state state;
	unsigned char le_seat[4];

	store_le32(le_seat, seat);
	hash_start(&state, "arena:botcommit", NULL, 0);
	hash_update(&state, game_id, FAIR_GAME_ID_BYTES);
	hash_update(&state, le_seat, sizeof le_seat);
	hash_update(&state, commitment, FAIR_HASH_BYTES);
	hash_update(&state, contribution, FAIR_SECRET_BYTES);
	hash_finish(&state, out);
}

void arena_fair_match_key(unsigned char out[FAIR_HASH_BYTES],
		    const unsigned char secret[FAIR_SECRET_BYTES],
		    const unsigned char game_id[FAIR_GAME_ID_BYTES],
		    const unsigned char commitment[FAIR_HASH_BYTES],
		    uint32_t players,
		    const unsigned char (*contributions)[FAIR_SECRET_BYTES])
{
	crypto_generichash_blake2b_state state;
	unsigned char le_players[4];

	store_le32(le_players, players);
	hash_start(&state, "arena:key", secret, FAIR_SECRET_BYTES);
	hash_update(&state, game_id, FAIR_GAME_ID_BYTES);
	hash_update(&state, commitment, FAIR_HASH_BYTES);
	hash_update(&state, le_players, sizeof le_players);
	for (uint32_t i = 0; i < players; i++)
		hash_update(&state, contributions[i], FAIR_SECRET_BYTES);
	hash_finish(&state, out);
}

void arena_fair_seeded_secrets(const unsigned char seed[32], uint64_t game,
			 unsigned char game_id[FAIR_GAME_ID_BYTES],
			 unsigned char secret[FAIR_SECRET_BYTES])
{
	unsigned char number[8], id[FAIR_HASH_BYTES];

	store_le64(number, game);
	arena_fair_hash(id, "arena:seed:id", seed, 32, number, sizeof number);
	memcpy(game_id, id, FAIR_GAME_ID_BYTES);
	arena_fair_hash(secret, "arena:seed:S", seed, 32, number, sizeof number);
}

/* A fresh stream: block 0 of the nonce already in words->nonce. */
static void words_start(struct fair_words *words, const unsigned char key[32])
{
	memcpy(words->key, key, sizeof words->key);
	words->block = 0;
	words->pos = sizeof words->buf;
}

void arena_fair_words_init(struct fair_words *words, const unsigned char key[32],
		     uint64_t draw_index)
{
	store_le32(words->nonce, 0);
	store_le64(words->nonce + 4, draw_index);
	words_start(words, key);
}

void arena_fair_seat_words_init(struct fair_words *words,
			  const unsigned char key[32], uint32_t seat,
			  uint32_t turn, uint32_t roll)
{
	store_le32(words->nonce, 1 + seat);
	store_le32(words->nonce + 4, turn);
	store_le32(words->nonce + 8, roll);
	words_start(words, key);
}

/* Words come from keystream blocks 0, 1, 2, ... of the draw's nonce; the
 * keystream is the encryption of zero bytes.  Inline within this file, so
 * that a die's words take no call. */
static inline uint32_t words_next(struct fair_words *words)
{
	uint32_t word;

	if (words->pos == sizeof words->buf) {
		memset(words->buf, 0, sizeof words->buf);
		crypto_stream_chacha20_ietf_xor_ic(words->buf, words->buf,
						   sizeof words->buf,
						   words->nonce, words->block,
						   words->key);
		words->block++;
		words->pos = 0;
	}
	word = load_le32(words->buf + words->pos);
	words->pos += 4;
	return word;
}

uint32_t arena_fair_words_next(struct fair_words *words)
{
	return words_next(words);
}

/* The words accepted for uniform(m): below 2^32 - (2^32 mod m), the
 * largest multiple of m that fits, so that x mod m is exactly uniform;
 * m == 1 accepts every word. */
static inline uint64_t uniform_limit(uint32_t m)
{
	const uint64_t range = (uint64_t)1 << 32;

	if (m == 0) {
		fputs("referee: bug: uniform(0) has no possible value\n",
		      stderr);
		abort();
	}
	return range - range % m;
}

uint32_t arena_fair_uniform_from(uint32_t (*next_word)(void *ctx), void *ctx,
			   uint32_t m)
{
	uint64_t limit = uniform_limit(m), x;

	do
		x = next_word(ctx);
	while (x >= limit);
	return (uint32_t)(x % m);
}

/* arena_fair_uniform_from() on the draw's words, read without a call
 * through a pointer; inline, so that a die's m = 6 makes its limit and
 * remainder constants rather than two divisions a die. */
static inline uint32_t words_uniform(struct fair_words *words, uint32_t m)
{
	uint64_t limit = uniform_limit(m), x;

	do
		x = words_next(words);
	while (x >= limit);
	return (uint32_t)(x % m);
}

uint32_t arena_fair_words_uniform(struct fair_words *words, uint32_t m)
{
	return words_uniform(words, m);
}

void arena_fair_words_dice(struct fair_words *words, int count, int *faces)
{
	for (int i = 0; i < count; i++)
		faces[i] = 1 + (int)words_uniform(words, 6);
}
