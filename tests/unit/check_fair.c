/*
 * Unit tests for fair.c and draws.c: every known-answer vector of
 * docs/FAIRNESS.md byte for byte (tests/tools/kat.py checks the same block with
 * an independent Python implementation, so the two agree through the
 * document), the draw records and their numbering, the observer, the
 * rejection rule with synthetic and with real keystream words, seat draws
 * (their addresses, counted by the draws, and table draws outside a set),
 * the ranges of dice and shuffles, a chi-square test of the dice, and the
 * aborts on out-of-range arguments.
 */
#include <signal.h>
#include <sodium.h>
#include <string.h>

#include "base/util.h"
#include "games/draws.h"
#include "games/fair.h"
#include "plan/book.h"
#include "run_suite.h"

/* The fixed inputs of the vectors: counting bytes, seat 2 declined. */
static unsigned char game_id[FAIR_GAME_ID_BYTES];
static unsigned char secret[FAIR_SECRET_BYTES];
static unsigned char contributions[3][FAIR_SECRET_BYTES];

static const char kat_c[] =
	"6f4f1b20f1b49861d624044bc8ce9c567533edecd1b2c1d0f59fa5d0407f8a2e";
static const char *const kat_bot_commitments[3] = {
	"d0cff8d9e3101349796bf413b4a883b7895f6c9e080c8d8de9e4892087ec1b4b",
	"3f9cb15ff8c196ed75fb8836ec23ab492a44975e4df1157bebba0ab3b4668547",
	"14fe4f174153fc744e9c251dd21ab311bab3b8114ef0971a3a35a28d77877906",
};
static const char kat_k[] =
	"14ffa17d9437a87e2b3a979fb3c214fdf42cf7ec8d352f373890bae6a4e301c8";
static const char kat_block0[] =
	"4b8107bc230111f80ce9e9087b91babb3b77b8f4d439aae6a73a42991f45dc26"
	"5d80e010002caa3309c8a1271cfc22ef8a35c6269dfbf421a51b8bf699f5f5d0";
static const uint32_t kat_words[8] = {
	3154608459u, 4161863971u, 149547276u, 3149566331u,
	4105729851u, 3869915604u, 2571254439u, 651969823u,
};
static const int kat_dice7[7] = {4, 2, 1, 6, 4, 1, 4};
static const int kat_dice5[5] = {4, 5, 2, 1, 6};
static const uint32_t kat_uniform4 = 2;
static const int kat_shuffle56[56] = {
	22, 6, 18, 31, 45, 12, 26, 1, 30, 4, 43, 48, 21, 49, 2, 53, 15, 46, 19,
	52, 28, 5, 39, 33, 50, 25, 24, 34, 14, 44, 16, 27, 55, 37, 8, 51, 23,
	38, 20, 17, 41, 3, 47, 54, 7, 10, 29, 40, 35, 0, 13, 32, 11, 36, 42, 9,
};
#define KAT_REJECT_INDEX 4
#define KAT_REJECT_M 1073741825u /* 2^30 + 1 */
#define KAT_REJECT_LIMIT 3221225475u
static const uint32_t kat_reject_words[3] = {
	3466115179u, 4049320534u, 3093886992u,
};
#define KAT_REJECT_VALUE 946403342u
/* The seat draw: seat 1's roll 3 of its turn 2. */
static const char kat_seat_nonce[] = "020000000200000003000000";
static const uint32_t kat_seat_words[7] = {
	2024790295u, 267957066u, 308058641u, 527966726u,
	792634343u, 2401893221u, 1502285145u,
};
static const int kat_seat_dice7[7] = {2, 1, 6, 3, 6, 6, 4};
static const char kat_line[] = "{\"seq\":0,\"type\":\"header\"}";
static const char kat_line_hash[] =
	"cc10744f7dd10150255241c2147b9f0bed291540e3ade80a9b43823d5fbd7aff";
static const char kat_public_key[] =
	"cd14b37f956e953194ff7fb73b3d81dcc561d61a7538094b7c3e1a643ee5f3aa";
static const char kat_message[] =
	"6172656e613a6c6f673a7631000102030405060708090a0b0c0d0e0f"
	"0000000000000000"
	"cc10744f7dd10150255241c2147b9f0bed291540e3ade80a9b43823d5fbd7aff";
static const char kat_signature[] =
	"973fc0f5c1f86b67b4988c5b68d150f8268d0508e31f791ad9cb1266a0940a69"
	"62b387412fc14938abf3476d54131d29f7bf400fb3e2d0cd3eac0e8f60b69001";

static const unsigned char kat_seed_bytes[] = {0x00};
static const char kat_seed[] =
	"03313eb99bcdabcabcf850072f943395de7ce8b4db9d2a4e4c468f5cac71c4e1";
static const char kat_seed_game_id[] = "4352f3d4244e84e0388102af16b648c8";
static const char kat_seed_secret[] =
	"a0ceb030494efa567d1e977ac9c073d98e1143cd58a297c60e9d579d5c81f170";

static void setup(void)
{
	if (sodium_init() < 0)
		abort();
	for (int i = 0; i < FAIR_GAME_ID_BYTES; i++)
		game_id[i] = (unsigned char)i;
	for (int i = 0; i < FAIR_SECRET_BYTES; i++) {
		secret[i] = (unsigned char)(0x20 + i);
		contributions[0][i] = (unsigned char)(0x40 + i);
		contributions[1][i] = (unsigned char)(0x60 + i);
		contributions[2][i] = 0;
	}
}

static void assert_hex(const unsigned char *bytes, size_t len,
		       const char *expected)
{
	char hex[2 * 64 + 1];

	ck_assert_uint_le(len, 64);
	hex_encode(hex, bytes, len);
	ck_assert_str_eq(hex, expected);
}

static void kat_key(unsigned char key[FAIR_HASH_BYTES])
{
	unsigned char c[FAIR_HASH_BYTES];

	arena_fair_referee_commitment(c, game_id, secret);
	arena_fair_match_key(key, secret, game_id, c, 3, contributions);
}

/* The observer used by the tests: keeps every record it is given. */
struct seen {
	int calls;
	struct draw_record records[8];
};

static void remember(void *ctx, const struct draw_record *draw)
{
	struct seen *seen = ctx;

	if (seen->calls < 8)
		seen->records[seen->calls] = *draw;
	seen->calls++;
}

static void assert_record(const struct draw_record *record, uint64_t index,
			  enum draw_kind kind, uint32_t param, int count,
			  const int *values)
{
	ck_assert_uint_eq(record->index, index);
	ck_assert_int_eq(record->kind, kind);
	ck_assert_uint_eq(record->param, param);
	ck_assert_int_eq(record->count, count);
	ck_assert_mem_eq(record->values, values,
			 (size_t)count * sizeof *values);
}

START_TEST(kat_commitments_and_key)
{
	unsigned char c[FAIR_HASH_BYTES], out[FAIR_HASH_BYTES];
	unsigned char msg[FAIR_GAME_ID_BYTES + FAIR_SECRET_BYTES];

	arena_fair_referee_commitment(c, game_id, secret);
	assert_hex(c, sizeof c, kat_c);
	memcpy(msg, game_id, FAIR_GAME_ID_BYTES);
	memcpy(msg + FAIR_GAME_ID_BYTES, secret, FAIR_SECRET_BYTES);
	arena_fair_hash(out, "arena:commit", NULL, 0, msg, sizeof msg);
	assert_hex(out, sizeof out, kat_c);
	for (uint32_t i = 0; i < 3; i++) {
		arena_fair_bot_commitment(out, game_id, i, c, contributions[i]);
		assert_hex(out, sizeof out, kat_bot_commitments[i]);
	}
	arena_fair_match_key(out, secret, game_id, c, 3, contributions);
	assert_hex(out, sizeof out, kat_k);
}
END_TEST

/* Block 0 as bytes and words, then the words of block 1 must be bytes
 * 64..127 of libsodium's own keystream for the same nonce. */
START_TEST(kat_keystream)
{
	unsigned char key[32], nonce[12] = {0}, stream[128];
	unsigned char block0[64];
	struct fair_words words;

	kat_key(key);
	arena_fair_words_init(&words, key, 0);
	for (int i = 0; i < 16; i++) {
		uint32_t word = arena_fair_words_next(&words);

		if (i < 8)
			ck_assert_uint_eq(word, kat_words[i]);
		for (int b = 0; b < 4; b++)
			block0[4 * i + b] = (unsigned char)(word >> (8 * b));
	}
	assert_hex(block0, sizeof block0, kat_block0);

	crypto_stream_chacha20_ietf(stream, sizeof stream, nonce, key);
	ck_assert_mem_eq(stream, block0, 64);
	for (int i = 16; i < 32; i++) {
		const unsigned char *p = stream + 4 * i;

		ck_assert_uint_eq(arena_fair_words_next(&words),
				  (uint32_t)p[0] | (uint32_t)p[1] << 8 |
				  (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
	}
}
END_TEST

START_TEST(kat_draws_and_records)
{
	unsigned char key[32];
	struct draws draws;
	struct seen seen = {0};
	int faces[7], deck[56];
	int value;

	kat_key(key);
	arena_draws_init(&draws, key, remember, &seen);
	arena_draws_dice(&draws, 7, faces);
	ck_assert_mem_eq(faces, kat_dice7, sizeof kat_dice7);
	arena_draws_dice(&draws, 5, faces);
	ck_assert_mem_eq(faces, kat_dice5, sizeof kat_dice5);
	value = (int)arena_draws_uniform(&draws, 4);
	ck_assert_int_eq(value, kat_uniform4);
	arena_draws_shuffle(&draws, 56, deck);
	ck_assert_mem_eq(deck, kat_shuffle56, sizeof kat_shuffle56);

	ck_assert_uint_eq(draws.next_index, 4);
	ck_assert_int_eq(seen.calls, 4);
	assert_record(&seen.records[0], 0, DRAW_DICE, 7, 7, kat_dice7);
	assert_record(&seen.records[1], 1, DRAW_DICE, 5, 5, kat_dice5);
	assert_record(&seen.records[2], 2, DRAW_UNIFORM, 4, 1, &value);
	assert_record(&seen.records[3], 3, DRAW_SHUFFLE, 56, 56,
		      kat_shuffle56);
}
END_TEST

/* A word source that records what it hands out. */
struct recording {
	struct fair_words words;
	int count;
	uint32_t read[8];
};

static uint32_t recording_next(void *ctx)
{
	struct recording *rec = ctx;
	uint32_t word = arena_fair_words_next(&rec->words);

	if (rec->count < 8)
		rec->read[rec->count] = word;
	rec->count++;
	return word;
}

/* The document's rejection case is the first draw index from 4 on whose
 * first word is rejected for m = 2^30 + 1; its value through the draw API
 * is the one the words give. */
START_TEST(kat_rejection_real_keystream)
{
	unsigned char key[32];
	struct fair_words words;
	struct recording rec = {0};
	struct draws draws;
	struct seen seen = {0};
	uint64_t d = 4;
	int value = KAT_REJECT_VALUE;

	ck_assert_uint_eq(((uint64_t)1 << 32) - ((uint64_t)1 << 32) %
			  KAT_REJECT_M, KAT_REJECT_LIMIT);
	kat_key(key);
	for (;; d++) {
		arena_fair_words_init(&words, key, d);
		if (arena_fair_words_next(&words) >= KAT_REJECT_LIMIT)
			break;
	}
	ck_assert_uint_eq(d, KAT_REJECT_INDEX);

	arena_fair_words_init(&rec.words, key, KAT_REJECT_INDEX);
	ck_assert_uint_eq(arena_fair_uniform_from(recording_next, &rec, KAT_REJECT_M),
			  KAT_REJECT_VALUE);
	ck_assert_int_eq(rec.count, 3);
	ck_assert_mem_eq(rec.read, kat_reject_words, sizeof kat_reject_words);

	arena_draws_init(&draws, key, remember, &seen);
	draws.next_index = KAT_REJECT_INDEX;
	ck_assert_uint_eq(arena_draws_uniform(&draws, KAT_REJECT_M),
			  KAT_REJECT_VALUE);
	ck_assert_int_eq(seen.calls, 1);
	assert_record(&seen.records[0], KAT_REJECT_INDEX, DRAW_UNIFORM,
		      KAT_REJECT_M, 1, &value);
}
END_TEST

static void assert_seat_record(const struct draw_record *record,
			       uint32_t seat, uint32_t turn, uint32_t roll,
			       int count, const int *faces)
{
	ck_assert(record->by_seat);
	ck_assert_uint_eq(record->seat, seat);
	ck_assert_uint_eq(record->turn, turn);
	ck_assert_uint_eq(record->roll, roll);
	assert_record(record, 0, DRAW_DICE, (uint32_t)count, count, faces);
}

/* The nonce and words of the document's seat draw, then the same roll
 * through the draw API, which counts seat 1's turns and rolls itself
 * while seat 0 takes turns and a table draw comes between. */
START_TEST(kat_seat_draw)
{
	unsigned char key[32];
	struct fair_words words;
	struct draws draws;
	struct seen seen = {0};
	int faces[7];

	kat_key(key);
	arena_fair_seat_words_init(&words, key, 1, 2, 3);
	assert_hex(words.nonce, sizeof words.nonce, kat_seat_nonce);
	for (int i = 0; i < 7; i++)
		ck_assert_uint_eq(arena_fair_words_next(&words), kat_seat_words[i]);

	arena_draws_init(&draws, key, remember, &seen);
	arena_draws_by_seat(&draws);
	arena_draws_turn(&draws, 1);
	arena_draws_turn(&draws, 0);
	arena_draws_seat_dice(&draws, 0, 7, faces);
	arena_draws_turn(&draws, 1);
	arena_draws_dice(&draws, 7, faces);
	ck_assert_mem_eq(faces, kat_dice7, sizeof kat_dice7);
	arena_draws_turn(&draws, 1);
	for (int j = 0; j < 3; j++)
		arena_draws_seat_dice(&draws, 1, 2, faces);
	arena_draws_seat_dice(&draws, 1, 7, faces);
	ck_assert_mem_eq(faces, kat_seat_dice7, sizeof kat_seat_dice7);

	ck_assert_uint_eq(draws.next_index, 1);
	ck_assert_int_eq(seen.calls, 6);
	ck_assert_uint_eq(seen.records[0].seat, 0);
	ck_assert_uint_eq(seen.records[0].turn, 0);
	assert_record(&seen.records[1], 0, DRAW_DICE, 7, 7, kat_dice7);
	ck_assert(!seen.records[1].by_seat);
	for (int j = 0; j < 3; j++) {
		ck_assert_uint_eq(seen.records[2 + j].turn, 2);
		ck_assert_uint_eq(seen.records[2 + j].roll, (uint32_t)j);
	}
	assert_seat_record(&seen.records[5], 1, 2, 3, 7, kat_seat_dice7);
}
END_TEST

/* Fewer dice at the same address are the first of the same faces, so a
 * seat keeps its dice however many it throws. */
START_TEST(seat_draw_fewer_dice_are_a_prefix)
{
	unsigned char key[32];
	struct draws draws;
	int faces[5];

	kat_key(key);
	arena_draws_init(&draws, key, NULL, NULL);
	arena_draws_by_seat(&draws);
	for (int t = 0; t < 3; t++)
		arena_draws_turn(&draws, 1);
	for (int j = 0; j < 4; j++)
		arena_draws_seat_dice(&draws, 1, 5, faces);
	ck_assert_mem_eq(faces, kat_seat_dice7, sizeof faces);
}
END_TEST

/* docs/FAIRNESS.md's card.*: volle-lotte's cards in a set are seat draws
 * uniform(m) over the cards not yet dealt, j counting on within the turn. */
static const uint32_t kat_card_m[2] = {56, 55};
static const uint32_t kat_card_values[2] = {10, 20};

START_TEST(kat_seat_uniform_cards)
{
	unsigned char key[32];
	struct draws draws;
	struct seen seen = {0};

	kat_key(key);
	arena_draws_init(&draws, key, remember, &seen);
	arena_draws_by_seat(&draws);
	ck_assert(arena_draws_in_set(&draws));
	for (int t = 0; t < 2; t++)
		arena_draws_turn(&draws, 1);
	for (int j = 0; j < 2; j++)
		ck_assert_uint_eq(arena_draws_seat_uniform(&draws, 1, kat_card_m[j]),
				  kat_card_values[j]);
	ck_assert_int_eq(seen.calls, 2);
	for (int j = 0; j < 2; j++) {
		ck_assert(seen.records[j].by_seat);
		ck_assert_uint_eq(seen.records[j].seat, 1);
		ck_assert_uint_eq(seen.records[j].turn, 1);
		ck_assert_uint_eq(seen.records[j].roll, (uint32_t)j);
		ck_assert_int_eq(seen.records[j].kind, DRAW_UNIFORM);
		ck_assert_uint_eq(seen.records[j].param, kat_card_m[j]);
	}
}
END_TEST

/* docs/FAIRNESS.md's instep.*: the addresses drawn in a game, seat 1
 * first, take the places instep.order gives them ("reached" grows along
 * it).  Each address is drawn once, in the order play makes them. */
START_TEST(kat_in_step_order)
{
	static const struct { int seat, turn, draws; } turns[] = {
		{1, 0, 1}, {2, 0, 4}, {0, 0, 2}, {1, 1, 3}, {2, 1, 1}, {0, 1, 1},
	};
	/* instep.order, as (seat, turn, j); seat -1: table draw d = j. */
	static const int order[10][3] = {
		{-1, 0, 0}, {-1, 0, 1}, {-1, 0, 2}, {1, 0, 0}, {2, 0, 3}, {0, 0, 0},
		{0, 0, 1}, {1, 1, 2}, {2, 1, 0}, {0, 1, 0},
	};
	uint64_t reached[3][2][4] = {{{0}}}, table[3];
	unsigned char key[32];
	struct draws draws;
	uint64_t last = 0;

	kat_key(key);
	arena_draws_init(&draws, key, NULL, NULL);
	arena_draws_by_seat(&draws);
	ck_assert_uint_eq(draws.reached, 0);
	for (int d = 0; d < 3; d++) {
		arena_draws_uniform(&draws, 6);
		table[d] = draws.reached;
	}
	for (size_t i = 0; i < sizeof turns / sizeof turns[0]; i++) {
		arena_draws_turn(&draws, turns[i].seat);
		for (int j = 0; j < turns[i].draws; j++) {
			arena_draws_seat_uniform(&draws, turns[i].seat, 6);
			reached[turns[i].seat][turns[i].turn][j] = draws.reached;
		}
	}
	for (int k = 0; k < 10; k++) {
		uint64_t at = order[k][0] < 0 ? table[order[k][2]]
					      : reached[order[k][0]][order[k][1]][order[k][2]];

		ck_assert_msg(at > last, "instep.order: address %d is not after the one "
			      "before it", k);
		last = at;
	}
}
END_TEST

/* docs/FAIRNESS.md's dealt.*: two sets' draws listed by "dealt", seat 1
 * first; set a never goes back in the order of addresses, set b does at
 * "dealt" 10 (arena_draws_out_of_step(), what verify_sets.c uses). */
START_TEST(kat_dealt_out_of_step)
{
	/* (seat, turn, j) in the order of "dealt"; seat -1: table draw d = j. */
	static const int sets[2][12][3] = {
		{{-1, 0, 0}, {-1, 0, 0}, {-1, 0, 1}, {-1, 0, 1}, {1, 0, 0}, {1, 0, 0},
		 {1, 0, 1}, {1, 0, 1}, {2, 0, 0}, {2, 0, 0}, {0, 0, 0}, {0, 0, 0}},
		{{-1, 0, 0}, {-1, 0, 0}, {-1, 0, 1}, {-1, 0, 1}, {1, 0, 0}, {1, 0, 0},
		 {1, 0, 1}, {1, 0, 1}, {2, 0, 0}, {0, 0, 0}, {2, 0, 0}, {0, 0, 0}},
	};
	static const size_t expected[2] = {12, 10}; /* 12: none */

	for (int k = 0; k < 2; k++) {
		uint64_t orders[12];

		for (int i = 0; i < 12; i++) {
			struct draw_record r = {.by_seat = sets[k][i][0] >= 0};

			r.seat = (uint32_t)(r.by_seat ? sets[k][i][0] : 0);
			r.turn = (uint32_t)sets[k][i][1];
			r.roll = (uint32_t)(r.by_seat ? sets[k][i][2] : 0);
			r.index = (uint64_t)(r.by_seat ? 0 : sets[k][i][2]);
			orders[i] = arena_draws_order(&r, 1);
		}
		ck_assert_uint_eq(arena_draws_out_of_step(orders, 12), expected[k]);
	}
}
END_TEST

/* Outside a set a seat's roll is the next table draw, as it always was. */
START_TEST(seat_dice_outside_a_set_are_table_draws)
{
	unsigned char key[32];
	struct draws draws;
	struct seen seen = {0};
	int faces[7];

	kat_key(key);
	arena_draws_init(&draws, key, remember, &seen);
	arena_draws_turn(&draws, 2);
	arena_draws_seat_dice(&draws, 2, 7, faces);
	ck_assert_mem_eq(faces, kat_dice7, sizeof kat_dice7);
	arena_draws_turn(&draws, 1);
	arena_draws_seat_dice(&draws, 1, 5, faces);
	ck_assert_mem_eq(faces, kat_dice5, sizeof kat_dice5);
	ck_assert_int_eq(seen.calls, 2);
	ck_assert(!seen.records[0].by_seat && !seen.records[1].by_seat);
	assert_record(&seen.records[0], 0, DRAW_DICE, 7, 7, kat_dice7);
	assert_record(&seen.records[1], 1, DRAW_DICE, 5, 5, kat_dice5);
}
END_TEST

START_TEST(kat_line_hash_and_signature)
{
	unsigned char pk[crypto_sign_PUBLICKEYBYTES];
	unsigned char sk[crypto_sign_SECRETKEYBYTES];
	unsigned char seed[crypto_sign_SEEDBYTES];
	unsigned char msg[12 + FAIR_GAME_ID_BYTES + 8 + FAIR_HASH_BYTES] = {0};
	unsigned char sig[crypto_sign_BYTES];
	char hex[2 * sizeof msg + 1];

	for (size_t i = 0; i < sizeof seed; i++)
		seed[i] = (unsigned char)(0x80 + i);
	ck_assert_int_eq(crypto_sign_seed_keypair(pk, sk, seed), 0);
	assert_hex(pk, sizeof pk, kat_public_key);

	/* "arena:log:v1" || game_id || LE64(0) || h_0 */
	memcpy(msg, "arena:log:v1", 12);
	memcpy(msg + 12, game_id, FAIR_GAME_ID_BYTES);
	arena_fair_hash(msg + 36, "arena:line", NULL, 0,
		  (const unsigned char *)kat_line, strlen(kat_line));
	assert_hex(msg + 36, FAIR_HASH_BYTES, kat_line_hash);
	hex_encode(hex, msg, sizeof msg);
	ck_assert_str_eq(hex, kat_message);

	ck_assert_int_eq(crypto_sign_detached(sig, NULL, msg, sizeof msg, sk),
			 0);
	assert_hex(sig, sizeof sig, kat_signature);
	ck_assert_int_eq(crypto_sign_verify_detached(sig, msg, sizeof msg, pk),
			 0);
}
END_TEST

/* docs/FAIRNESS.md's book.*: a book of book.lines lines in a random
 * order, seeded with seed.seed: the lines units 0 to 9 open with, counted
 * from 0 in the book's order (here each line's number is its place). */
START_TEST(kat_book_order)
{
	static const int picks[10] = {0, 2, 4, 3, 1, 2, 3, 0, 1, 4};
	struct book_line lines[5];
	struct book book = {.lines = lines, .count = 5, .random = true};

	for (int i = 0; i < 5; i++)
		lines[i] = (struct book_line){.line = i};
	ck_assert_int_eq(hex_decode(book.seed, sizeof book.seed, kat_seed), 0);
	for (long u = 0; u < 10; u++)
		ck_assert_int_eq(book_pick(&book, u)->line, picks[u]);
}
END_TEST

START_TEST(kat_seeded_secrets)
{
	unsigned char seed[32], id[FAIR_GAME_ID_BYTES], seeded_secret[FAIR_SECRET_BYTES];

	arena_fair_hash(seed, "arena:seed", NULL, 0, kat_seed_bytes, sizeof kat_seed_bytes);
	assert_hex(seed, sizeof seed, kat_seed);
	arena_fair_seeded_secrets(seed, 1, id, seeded_secret);
	assert_hex(id, sizeof id, kat_seed_game_id);
	assert_hex(seeded_secret, sizeof seeded_secret, kat_seed_secret);
}
END_TEST

/* Synthetic words: the first words reach the limit and are rejected. */
struct script {
	const uint32_t *words;
	int next;
};

static uint32_t script_next(void *ctx)
{
	struct script *script = ctx;

	return script->words[script->next++];
}

START_TEST(uniform_rejects_from_the_limit)
{
	/* m = 6: limit 2^32 - 4; the limit itself is rejected, one below
	 * is accepted and is 5 mod 6. */
	const uint32_t six[] = {0xffffffffu, 4294967292u, 4294967291u};
	/* m = 3: limit 2^32 - 1. */
	const uint32_t three[] = {0xffffffffu, 0xfffffffeu};
	/* m = 1 and m = 2^31 reject nothing. */
	const uint32_t all_ones[] = {0xffffffffu};
	struct script script = {six, 0};

	ck_assert_uint_eq(arena_fair_uniform_from(script_next, &script, 6), 5);
	ck_assert_int_eq(script.next, 3);
	script = (struct script){three, 0};
	ck_assert_uint_eq(arena_fair_uniform_from(script_next, &script, 3), 2);
	ck_assert_int_eq(script.next, 2);
	script = (struct script){all_ones, 0};
	ck_assert_uint_eq(arena_fair_uniform_from(script_next, &script, 1), 0);
	ck_assert_int_eq(script.next, 1);
	script = (struct script){all_ones, 0};
	ck_assert_uint_eq(arena_fair_uniform_from(script_next, &script,
					    (uint32_t)1 << 31),
			  0x7fffffffu);
	ck_assert_int_eq(script.next, 1);
}
END_TEST

/* Indices run on across kinds, a NULL observer is allowed, and the same
 * key and index always give the same draw. */
START_TEST(draws_number_and_observe)
{
	unsigned char key[32];
	struct draws quiet, loud;
	struct seen seen = {0};
	const enum draw_kind kinds[3] = {DRAW_DICE, DRAW_UNIFORM, DRAW_SHUFFLE};
	int a[10], b[10];

	kat_key(key);
	arena_draws_init(&quiet, key, NULL, NULL);
	arena_draws_init(&loud, key, remember, &seen);
	for (int i = 0; i < 3; i++) {
		arena_draws_dice(&quiet, 10, a);
		arena_draws_dice(&loud, 10, b);
		ck_assert_mem_eq(a, b, sizeof a);
		ck_assert_uint_eq(arena_draws_uniform(&quiet, 1), 0);
		ck_assert_uint_eq(arena_draws_uniform(&loud, 1), 0);
		arena_draws_shuffle(&quiet, 10, a);
		arena_draws_shuffle(&loud, 10, b);
		ck_assert_mem_eq(a, b, sizeof a);
	}
	ck_assert_uint_eq(quiet.next_index, 9);
	ck_assert_uint_eq(loud.next_index, 9);
	ck_assert_int_eq(seen.calls, 9);
	for (int i = 0; i < 8; i++) {
		ck_assert_uint_eq(seen.records[i].index, (uint64_t)i);
		ck_assert_int_eq(seen.records[i].kind, kinds[i % 3]);
	}
	ck_assert_int_eq(seen.records[7].values[0], 0);
}
END_TEST

START_TEST(dice_faces_and_permutations)
{
	unsigned char key[32] = {1};
	struct draws draws;
	int values[DRAW_MAX_VALUES];

	arena_draws_init(&draws, key, NULL, NULL);
	for (int round = 0; round < 200; round++) {
		arena_draws_dice(&draws, DRAW_MAX_VALUES, values);
		for (int i = 0; i < DRAW_MAX_VALUES; i++) {
			ck_assert_int_ge(values[i], 1);
			ck_assert_int_le(values[i], 6);
		}
	}
	for (int cards = 2; cards <= DRAW_MAX_VALUES; cards++) {
		int seen[DRAW_MAX_VALUES] = {0};

		arena_draws_shuffle(&draws, cards, values);
		for (int i = 0; i < cards; i++) {
			ck_assert_int_ge(values[i], 0);
			ck_assert_int_lt(values[i], cards);
			ck_assert_int_eq(seen[values[i]]++, 0);
		}
	}
}
END_TEST

/* 600,000 dice as 100,000 draws of 6 from a fixed key: the chi-square
 * statistic with 5 degrees of freedom stays below 20.52 (p = 0.001).  The
 * key is fixed, so the outcome is too. */
START_TEST(dice_chi_square)
{
	unsigned char key[32] = {0};
	struct draws draws;
	long counts[6] = {0};
	const double expected = 600000.0 / 6;
	double chi2 = 0;
	int faces[6];

	arena_draws_init(&draws, key, NULL, NULL);
	for (int d = 0; d < 100000; d++) {
		arena_draws_dice(&draws, 6, faces);
		for (int i = 0; i < 6; i++)
			counts[faces[i] - 1]++;
	}
	for (int i = 0; i < 6; i++)
		chi2 += (counts[i] - expected) * (counts[i] - expected) /
			expected;
	ck_assert_double_lt(chi2, 20.52);
}
END_TEST

/* Out-of-range arguments are bugs: each of these aborts. */
static struct draws bug_draws;

static void bug_setup(void)
{
	unsigned char key[32] = {0};

	arena_draws_init(&bug_draws, key, NULL, NULL);
}

START_TEST(bug_dice_count)
{
	int faces[DRAW_MAX_VALUES + 1];

	arena_draws_dice(&bug_draws, _i ? DRAW_MAX_VALUES + 1 : 0, faces);
}
END_TEST

START_TEST(bug_uniform_range)
{
	arena_draws_uniform(&bug_draws, _i ? ((uint32_t)1 << 31) + 1 : 0);
}
END_TEST

START_TEST(bug_shuffle_cards)
{
	int deck[DRAW_MAX_VALUES + 1];

	arena_draws_shuffle(&bug_draws, _i ? DRAW_MAX_VALUES + 1 : 1, deck);
}
END_TEST

/* A roll before any turn, a roll of a seat whose turn it is not (in a
 * set and outside one), and turns of seats no game has. */
START_TEST(bug_seat_rolls)
{
	int faces[7];

	switch (_i) {
	case 0:
		arena_draws_seat_dice(&bug_draws, 0, 7, faces);
		break;
	case 1:
		arena_draws_turn(&bug_draws, 0);
		arena_draws_seat_dice(&bug_draws, 1, 7, faces);
		break;
	case 2:
		arena_draws_by_seat(&bug_draws);
		arena_draws_turn(&bug_draws, 0);
		arena_draws_seat_dice(&bug_draws, 1, 7, faces);
		break;
	case 3:
		arena_draws_turn(&bug_draws, DRAW_MAX_SEATS);
		break;
	default:
		arena_draws_turn(&bug_draws, -1);
		break;
	}
}
END_TEST

START_TEST(bug_words_uniform_zero)
{
	struct fair_words words;

	arena_fair_words_init(&words, bug_draws.key, 0);
	arena_fair_words_uniform(&words, 0);
}
END_TEST

START_TEST(bug_long_personalization)
{
	unsigned char out[FAIR_HASH_BYTES];

	arena_fair_hash(out, "arena:seventeen!!", NULL, 0, NULL, 0);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("fair");
	TCase *kat = tcase_create("known answers");
	TCase *draws = tcase_create("draws");
	TCase *bugs = tcase_create("bugs");

	tcase_add_unchecked_fixture(kat, setup, NULL);
	tcase_add_test(kat, kat_commitments_and_key);
	tcase_add_test(kat, kat_keystream);
	tcase_add_test(kat, kat_draws_and_records);
	tcase_add_test(kat, kat_rejection_real_keystream);
	tcase_add_test(kat, kat_line_hash_and_signature);
	tcase_add_test(kat, kat_seeded_secrets);
	tcase_add_test(kat, kat_book_order);
	tcase_add_test(kat, kat_seat_draw);
	suite_add_tcase(s, kat);

	tcase_add_unchecked_fixture(draws, setup, NULL);
	tcase_add_test(draws, uniform_rejects_from_the_limit);
	tcase_add_test(draws, draws_number_and_observe);
	tcase_add_test(draws, dice_faces_and_permutations);
	tcase_add_test(draws, dice_chi_square);
	tcase_add_test(draws, seat_draw_fewer_dice_are_a_prefix);
	tcase_add_test(draws, seat_dice_outside_a_set_are_table_draws);
	tcase_add_test(draws, kat_seat_uniform_cards);
	tcase_add_test(draws, kat_in_step_order);
	tcase_add_test(draws, kat_dealt_out_of_step);
	suite_add_tcase(s, draws);

	tcase_add_unchecked_fixture(bugs, setup, NULL);
	tcase_add_checked_fixture(bugs, bug_setup, NULL);
	/* loop index 0: below the range, 1: above it */
	tcase_add_loop_test_raise_signal(bugs, bug_dice_count, SIGABRT, 0, 2);
	tcase_add_loop_test_raise_signal(bugs, bug_uniform_range, SIGABRT,
					 0, 2);
	tcase_add_loop_test_raise_signal(bugs, bug_shuffle_cards, SIGABRT,
					 0, 2);
	tcase_add_loop_test_raise_signal(bugs, bug_seat_rolls, SIGABRT, 0, 5);
	tcase_add_test_raise_signal(bugs, bug_words_uniform_zero, SIGABRT);
	tcase_add_test_raise_signal(bugs, bug_long_personalization, SIGABRT);
	suite_add_tcase(s, bugs);
	return s;
}
