/*
 * The hashes of the fairness scheme (../docs/FAIRNESS.md, normative to the
 * byte): BLAKE2b-256 under a 16-byte zero-padded personalization, the
 * referee's commitment C, each bot's commitment c_i and the match key K,
 * and the word stream the draws read.  The draws themselves are in
 * draws.h.  The program calls sodium_init() before any of these.
 */
#ifndef ARENA_FAIR_H
#define ARENA_FAIR_H

#include <stddef.h>
#include <stdint.h>

#define FAIR_GAME_ID_BYTES 16
#define FAIR_SECRET_BYTES 32
#define FAIR_HASH_BYTES 32

/* The revision of the scheme the referee's logs follow, which each log's
 * header says ("fairness"), so that a log cannot pass for one of an
 * earlier revision that asked less of it. */
#define FAIR_REVISION 7

/* H(P, key, msg): BLAKE2b, 32-byte output, personalization `personal`
 * (ASCII, at most 16 bytes) zero-padded to 16 bytes; key may be NULL/0. */
void arena_fair_hash(unsigned char out[FAIR_HASH_BYTES], const char *personal,
	       const unsigned char *key, size_t key_len,
	       const unsigned char *msg, size_t msg_len);

/* C = H("arena:commit", -, game_id || S) */
void arena_fair_referee_commitment(unsigned char out[FAIR_HASH_BYTES],
			     const unsigned char game_id[FAIR_GAME_ID_BYTES],
			     const unsigned char secret[FAIR_SECRET_BYTES]);

/* c_i = H("arena:botcommit", -, game_id || LE32(i) || C || r_i) */
void arena_fair_bot_commitment(unsigned char out[FAIR_HASH_BYTES],
			 const unsigned char game_id[FAIR_GAME_ID_BYTES],
			 uint32_t seat,
			 const unsigned char commitment[FAIR_HASH_BYTES],
			 const unsigned char contribution[FAIR_SECRET_BYTES]);

/* K = H("arena:key", S, game_id || C || LE32(n) || r_0 || ... || r_{n-1}) */
void arena_fair_match_key(unsigned char out[FAIR_HASH_BYTES],
		    const unsigned char secret[FAIR_SECRET_BYTES],
		    const unsigned char game_id[FAIR_GAME_ID_BYTES],
		    const unsigned char commitment[FAIR_HASH_BYTES],
		    uint32_t players,
		    const unsigned char (*contributions)[FAIR_SECRET_BYTES]);

/* A seeded run's secrets for its game number `game` (docs/FAIRNESS.md,
 * "Seeded runs"): game_id = the first 16 bytes of
 * H("arena:seed:id", seed, LE64(game)), S = H("arena:seed:S", seed,
 * LE64(game)). */
void arena_fair_seeded_secrets(const unsigned char seed[32], uint64_t game,
			 unsigned char game_id[FAIR_GAME_ID_BYTES],
			 unsigned char secret[FAIR_SECRET_BYTES]);

/* The 32-bit word source behind draws.h: the ChaCha20-IETF keystream of
 * `key` with nonce LE32(0) || LE64(draw index) (a table draw), block
 * counter 0, 1, 2, ...,
 * read as consecutive little-endian words.  Exposed for the known-answer
 * tests. */
struct fair_words {
	unsigned char key[32];
	unsigned char nonce[12];
	uint32_t block;         /* next block counter */
	unsigned char buf[64];
	unsigned pos;           /* next unread byte of buf; 64 = empty */
};

void arena_fair_words_init(struct fair_words *words, const unsigned char key[32],
		     uint64_t draw_index);
/* The same words for seat `seat`'s roll `roll` of its turn `turn` (a seat
 * draw of a duplicate set): nonce LE32(1 + seat) || LE32(turn) ||
 * LE32(roll), which no table draw's nonce (first word 0) can equal. */
void arena_fair_seat_words_init(struct fair_words *words,
			  const unsigned char key[32], uint32_t seat,
			  uint32_t turn, uint32_t roll);
uint32_t arena_fair_words_next(struct fair_words *words);
/* uniform(m), m >= 1: rejection sampling on the word stream, as
 * FAIRNESS.md says.  m == 0 is a programming error and aborts. */
uint32_t arena_fair_words_uniform(struct fair_words *words, uint32_t m);
/* `count` dice, faces 1 + uniform(6) each in turn: what a dice draw's
 * words give, as the same number of calls of arena_fair_words_uniform()
 * would. */
void arena_fair_words_dice(struct fair_words *words, int count, int *faces);
/* The same rejection sampling on any word source, so that tests can force
 * a rejection with synthetic words. */
uint32_t arena_fair_uniform_from(uint32_t (*next_word)(void *ctx), void *ctx,
			   uint32_t m);

#endif
