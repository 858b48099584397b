/*
 * Unit tests for the league server's clients as its caps count them
 * (web_client.c): an X-Forwarded-For entry of IPv4 or IPv6, full,
 * compressed, IPv4-mapped, bracketed, with a port; an IPv6 client is its
 * /64, an IPv4-mapped one its IPv4 address.
 */
#include <stdio.h>
#include <string.h>

#include "run_suite.h"
#include "web/web_client.h"

/* The client `text` names, as the 16 bytes' hex; "none" when none. */
static const char *hex_of(const char *text)
{
	static char hex[33];
	struct web_client c;

	if (!web_client_parse(text, strlen(text), &c))
		return "none";
	for (int i = 0; i < 16; i++)
		snprintf(hex + 2 * i, 3, "%02x", c.bytes[i]);
	return hex;
}

START_TEST(ipv4_as_mapped)
{
	ck_assert_str_eq(hex_of("192.0.2.1"), "00000000000000000000ffffc0000201");
	ck_assert_str_eq(hex_of(" 192.0.2.1 "), "00000000000000000000ffffc0000201");
	ck_assert_str_eq(hex_of("192.0.2.1:5555"), "00000000000000000000ffffc0000201");
	ck_assert_str_eq(hex_of("::ffff:192.0.2.1"), "00000000000000000000ffffc0000201");
	ck_assert_str_eq(hex_of("[::ffff:192.0.2.1]:80"), "00000000000000000000ffffc0000201");
	ck_assert_str_eq(hex_of("::ffff:c000:201"), "00000000000000000000ffffc0000201");
}
END_TEST

START_TEST(ipv6_as_its_64)
{
	const char *want = "20010db8000000010000000000000000";

	ck_assert_str_eq(hex_of("2001:db8:0:1::1"), want);
	ck_assert_str_eq(hex_of("2001:0db8:0000:0001:0000:0000:0000:0001"), want);
	ck_assert_str_eq(hex_of("2001:db8:0:1:ffff:ffff:ffff:ffff"), want);
	ck_assert_str_eq(hex_of("[2001:db8:0:1::abcd]"), want);
	ck_assert_str_eq(hex_of("[2001:db8:0:1::abcd]:443"), want);
	ck_assert_str_eq(hex_of("\t2001:db8:0:1::2 "), want);
	ck_assert_str_eq(hex_of("2001:db8:0:2::1"), "20010db8000000020000000000000000");
	ck_assert_str_eq(hex_of("::1"), "00000000000000000000000000000000");
}
END_TEST

START_TEST(no_address)
{
	const char *bad[] = {"", " ", "unknown", "garbage", "192.0.2", "192.0.2.256",
			     "2001:db8::1::2", "[2001:db8::1", "2001:db8::1]:80",
			     "[2001:db8::1]x", "fe80::1%eth0", "1.2.3.4:5:6",
			     "2001:db8:0:1:2:3:4:5:6:7:8:9:10:11:12:13:14:15"};

	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_msg(!strcmp(hex_of(bad[i]), "none"), "%s", bad[i]);
}
END_TEST

START_TEST(forwarded_is_its_last_entry)
{
	struct web_client a, b;

	ck_assert(web_client_forwarded("198.51.100.7, 2001:db8:0:1::9", &a));
	ck_assert(web_client_parse("2001:db8:0:1::1", 15, &b));
	ck_assert(web_client_same(&a, &b));
	ck_assert(web_client_forwarded("2001:db8:0:1::9,192.0.2.1", &a));
	ck_assert(web_client_parse("::ffff:192.0.2.1", 16, &b));
	ck_assert(web_client_same(&a, &b));
	ck_assert(!web_client_forwarded("192.0.2.1, unknown", &a));
	ck_assert(!web_client_forwarded(NULL, &a));
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("web_client");
	TCase *tc = tcase_create("web_client");

	tcase_add_test(tc, ipv4_as_mapped);
	tcase_add_test(tc, ipv6_as_its_64);
	tcase_add_test(tc, no_address);
	tcase_add_test(tc, forwarded_is_its_last_entry);
	suite_add_tcase(s, tc);
	return s;
}
