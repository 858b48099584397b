/*
 * Unit tests for util.c: hex round trips and the strict lowercase rule.
 */
#include <string.h>

#include "run_suite.h"
#include "util.h"

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
	tcase_add_test(tc, errorf_returns_minus_one);
	suite_add_tcase(s, tc);
	return s;
}
