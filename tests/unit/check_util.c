/*
 * Unit tests for util.c: hex round trips and the strict lowercase rule;
 * and for region.c: aligned, separate allocations, however large.
 */
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "region.h"
#include "run_suite.h"
#include "util.h"

/* Allocations of every size from 1 to 300 bytes, and one far larger
 * than the first block, are aligned and do not overlap. */
START_TEST(region_allocations_are_aligned_and_separate)
{
	struct region r;
	unsigned char *p[301], *big;

	region_init(&r, 100);
	for (size_t n = 1; n <= 300; n++) {
		p[n] = region_alloc(&r, n);
		ck_assert_uint_eq((uintptr_t)p[n] % alignof(max_align_t), 0);
		memset(p[n], (int)(n & 0xff), n);
	}
	big = region_alloc(&r, 1 << 20);
	ck_assert_uint_eq((uintptr_t)big % alignof(max_align_t), 0);
	memset(big, 0xee, 1 << 20);
	for (size_t n = 1; n <= 300; n++)
		for (size_t k = 0; k < n; k++)
			ck_assert_uint_eq(p[n][k], n & 0xff);
	region_free(&r);
	ck_assert_ptr_null(r.blocks);
	/* An emptied region can be used again. */
	memset(region_alloc(&r, 64), 1, 64);
	region_free(&r);
}
END_TEST

START_TEST(hex_round_trip)
{
	const unsigned char bytes[] = {0x00, 0x01, 0xab, 0xff};
	unsigned char back[4];
	char hex[9];

	hex_encode(hex, bytes, sizeof bytes);
	ck_assert_str_eq(hex, "0001abff");
	ck_assert_int_eq(hex_decode(back, sizeof back, hex), 0);
	ck_assert_mem_eq(back, bytes, sizeof bytes);
}
END_TEST

START_TEST(hex_rejects_bad_input)
{
	unsigned char out[2];

	ck_assert_int_eq(hex_decode(out, 2, "00AB"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "00a"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "00abc"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "0g00"), -1);
	/* The neighbours of the digit ranges. */
	ck_assert_int_eq(hex_decode(out, 2, "0/00"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "0:00"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "0`00"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "00f0"), 0);
	ck_assert_int_eq(hex_decode(out, 2, NULL), -1);
}
END_TEST

/* Every byte value at every place of a 19-digit string (two 8-byte words
 * and a tail): accepted exactly when hex_decode accepts it. */
START_TEST(hex_is_lowercase_agrees_with_decode)
{
	char hex[21] = "0123456789abcdef0a1b", pair[3] = {0};
	unsigned char out;

	ck_assert(hex_is_lowercase(hex, 19));
	ck_assert(hex_is_lowercase(hex, 0));
	for (size_t at = 0; at < 19; at++)
		for (int c = 1; c < 256; c++) {
			char saved = hex[at];

			hex[at] = (char)c;
			pair[0] = (char)c;
			pair[1] = '0';
			ck_assert_msg(hex_is_lowercase(hex, 19) == (hex_decode(&out, 1, pair) == 0),
				      "byte %d at %zu", c, at);
			hex[at] = saved;
		}
}
END_TEST

START_TEST(errorf_returns_minus_one)
{
	char err[ERR_LEN];

	ck_assert_int_eq(errorf(err, "bad %s %d", "thing", 7), -1);
	ck_assert_str_eq(err, "bad thing 7");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("util");

	tcase_add_test(tc, hex_round_trip);
	tcase_add_test(tc, hex_rejects_bad_input);
	tcase_add_test(tc, hex_is_lowercase_agrees_with_decode);
	tcase_add_test(tc, errorf_returns_minus_one);
	tcase_add_test(tc, region_allocations_are_aligned_and_separate);
	suite_add_tcase(s, tc);
	return s;
}
