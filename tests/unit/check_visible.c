/*
 * Unit tests for visible.c: what a terminal would act on, and bytes that
 * are not UTF-8, come out as escapes; everything else as it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/visible.h"
#include "run_suite.h"

static void expect(const char *text, enum visible_mode mode, const char *want)
{
	char *got = visible_text(text, mode);

	ck_assert_str_eq(got, want);
	free(got);
}

/* The sequences a hostile bot writes: clear screen, window title, OSC 52
 * clipboard write, bell, carriage return, the C1 CSI in UTF-8, DEL. */
START_TEST(terminal_sequences_are_escaped)
{
	expect("a\x1b[2Jb", VISIBLE_LINE, "a\\x1b[2Jb");
	expect("\x1b]0;pwned\x07", VISIBLE_LINE, "\\x1b]0;pwned\\x07");
	expect("\x1b]52;c;aGk=\x1b\\", VISIBLE_LINE, "\\x1b]52;c;aGk=\\x1b\\");
	expect("ok\rFAIL", VISIBLE_LINE, "ok\\x0dFAIL");
	expect("\xc2\x9b" "31m", VISIBLE_LINE, "\\xc2\\x9b31m");
	expect("del\x7f", VISIBLE_LINE, "del\\x7f");
	expect("tab\there", VISIBLE_LINE, "tab\\x09here");
	/* A right-to-left override and a line separator. */
	expect("evil\xe2\x80\xaegnp.exe", VISIBLE_LINE, "evil\\xe2\\x80\\xaegnp.exe");
	expect("a\xe2\x80\xa8" "b", VISIBLE_LINE, "a\\xe2\\x80\\xa8b");
}
END_TEST

START_TEST(invalid_utf8_is_escaped_byte_by_byte)
{
	expect("\xc3\x28", VISIBLE_LINE, "\\xc3(");
	expect("\xff\xfe", VISIBLE_LINE, "\\xff\\xfe");
	expect("\xe2\x82", VISIBLE_LINE, "\\xe2\\x82");   /* cut short */
	expect("\xc0\xaf", VISIBLE_LINE, "\\xc0\\xaf");   /* overlong */
	expect("\xed\xa0\x80", VISIBLE_LINE, "\\xed\\xa0\\x80"); /* a surrogate */
}
END_TEST

START_TEST(plain_text_is_unchanged)
{
	expect("", VISIBLE_LINE, "");
	expect("random-bot seat 1: {\"action\":\"D3\"} \\x1b", VISIBLE_LINE,
	       "random-bot seat 1: {\"action\":\"D3\"} \\x1b");
	expect("caf\xc3\xa9 \xe2\x9a\x80 \xf0\x9f\x8e\xb2 \xc2\xa0", VISIBLE_LINE,
	       "caf\xc3\xa9 \xe2\x9a\x80 \xf0\x9f\x8e\xb2 \xc2\xa0");
}
END_TEST

START_TEST(newlines_by_mode)
{
	expect("one\ntwo\n", VISIBLE_LINE, "one\\x0atwo\\x0a");
	expect("one\ntwo\r\n", VISIBLE_LINES, "one\ntwo\\x0d\n");
	expect("\x1b[2J\n", VISIBLE_LINES, "\\x1b[2J\n");
}
END_TEST

/* JSON keeps its layout and says the same with \u escapes. */
START_TEST(json_keeps_its_meaning)
{
	expect("{\n\t\"bot\":\t\"a\xc2\x9b\x7f\xe2\x80\xae\"\n}", VISIBLE_JSON,
	       "{\n\t\"bot\":\t\"a\\u009b\\u007f\\u202e\"\n}");
	expect("\"\xff\"", VISIBLE_JSON, "\"\\ufffd\"");
}
END_TEST

START_TEST(lines_are_printed_whole)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	visible_line(out, "%s: %s", "bot", "line\none\x1b[H");
	visible_puts(out, "board\n\x07", VISIBLE_LINES);
	fclose(out);
	ck_assert_str_eq(buf, "bot: line\\x0aone\\x1b[H\nboard\n\\x07");
	free(buf);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("visible");
	TCase *tc = tcase_create("visible");

	tcase_add_test(tc, terminal_sequences_are_escaped);
	tcase_add_test(tc, invalid_utf8_is_escaped_byte_by_byte);
	tcase_add_test(tc, plain_text_is_unchanged);
	tcase_add_test(tc, newlines_by_mode);
	tcase_add_test(tc, json_keeps_its_meaning);
	tcase_add_test(tc, lines_are_printed_whole);
	suite_add_tcase(s, tc);
	return s;
}
