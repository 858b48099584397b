/*
 * Unit tests for json.c, json_parse.c and wire.c: the strict reading of
 * bot replies and log lines, and the exact messages the referee sends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/region.h"
#include "base/util.h"
#include "base/wire.h"
#include "run_suite.h"

static char err[ERR_LEN];

/* Parses a reply and returns the error (WIRE_OK when accepted). */
static enum wire_error parse(const char *line)
{
	cJSON *reply;
	enum wire_error e = wire_parse_reply(line, strlen(line), &reply, err);

	cJSON_Delete(reply);
	return e;
}

START_TEST(strict_json_rejections)
{
	static const struct {
		const char *line;
		const char *message;
	} cases[] = {
		{"not json", "not valid JSON"},
		{"[1,2]", "not an object"},
		{"\"D3\"", "not an object"},
		{"{\"action\":1} {}", "unexpected text after the JSON value"},
		{"{\"action\":1,\"action\":2}", "duplicate key \"action\""},
		{"{\"a\":{\"b\":1,\"b\":2}}", "duplicate key \"b\""},
		{"{\"a\":\"\xc3\x28\"}", "not valid UTF-8"},
		{"{\"a\":\"\xed\xa0\x80\"}", "not valid UTF-8"},
		{"{\"a\":\"\xc0\xaf\"}", "not valid UTF-8"},
		{"", "not valid JSON"},
		/* What JSON does not allow, though cJSON's parser takes some
		 * of it, and what a C string cannot hold. */
		{"{\"a\":01}", "not valid JSON"},
		{"{\"a\":1.}", "not valid JSON"},
		{"{\"a\":.5}", "not valid JSON"},
		{"{\"a\":-}", "not valid JSON"},
		{"{\"a\":+1}", "not valid JSON"},
		{"{\"a\":1e}", "not valid JSON"},
		{"{\"a\":1e+}", "not valid JSON"},
		{"{\"a\":\"x\ty\"}", "not valid JSON"},
		{"{\"a\":\"\\u0000\"}", "not valid JSON"},
		{"{\"a\":\"\\ud800\"}", "not valid JSON"},
		{"{\"a\":\"\\udc00\\ud800\"}", "not valid JSON"},
		{"{\"a\":\"\\ud800\\u0041\"}", "not valid JSON"},
		{"{\"a\":\"\\u12\"}", "not valid JSON"},
		{"{\"a\":\"\\x41\"}", "not valid JSON"},
		{"{\"a\":\"open}", "not valid JSON"},
		{"{\"a\":\"ends with a backslash\\", "not valid JSON"},
		{"\xef\xbb\xbf{}", "not valid JSON"},
		{"{\"a\":tru}", "not valid JSON"},
		{"{\"a\" 1}", "not valid JSON"},
		{"{a:1}", "not valid JSON"},
		{"{,}", "not valid JSON"},
		{"{\"a\":[1,]}", "not valid JSON"},
		{"{\"a\":1,}", "not valid JSON"},
		{"{\"a\":[1 2]}", "not valid JSON"},
		{"{\"a\":1", "not valid JSON"},
		{"{\"a\":1e400}", "a number is too large for a double"},
		{"{\"a\":[-1e400]}", "a number is too large for a double"},
		{"{\"a\":{\"b\":1,\"b\":2},\"a\":3}", "duplicate key \"a\""},
		{"{\"a\":1}x", "unexpected text after the JSON value at byte 7"},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(parse(cases[i].line), WIRE_BAD_JSON);
		ck_assert_msg(strstr(err, cases[i].message), "%s: got '%s'",
			      cases[i].line, err);
	}
}
END_TEST

/* Every kind of value, escape and number form reads as cJSON's own parser
 * reads it: the same tree, the same valueint, and the links cJSON keeps
 * (a first child's prev is the last one), so cJSON can extend a copy. */
START_TEST(parser_agrees_with_cjson)
{
	static const char *const lines[] = {
		"{}",
		" {\"a\" : [ ] , \"b\":{ } }\t",
		"{\"t\":true,\"f\":false,\"n\":null,\"s\":\"\",\"x\":[1,\"2\",[3,[4]],{\"y\":{}}]}",
		"{\"e\":\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\u20AC \\ud83d\\ude00 end\"}",
		"{\"utf8\":\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\",\"\xc3\xa9\":1}",
		"{\"n\":[0,-0,7,-7,123456789012345,-123456789012345,1234567890123456789,"
		"9007199254740993,2147483647,2147483648,-2147483649,1e300,-1e-300,0.5,"
		"-2.5e-3,1E10,1e+2,0.1,3.14159265358979323846]}",
	};

	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		cJSON *ours = json_parse_object(lines[i], strlen(lines[i]), err);
		cJSON *theirs = cJSON_ParseWithLength(lines[i], strlen(lines[i]));
		cJSON *n;
		char *a, *b;

		ck_assert_msg(ours != NULL, "%s: %s", lines[i], err);
		ck_assert_ptr_nonnull(theirs);
		ck_assert_msg(cJSON_Compare(ours, theirs, true), "%s", lines[i]);
		a = cJSON_PrintUnformatted(ours);
		b = cJSON_PrintUnformatted(theirs);
		ck_assert_str_eq(a, b);
		free(a);
		free(b);
		for (cJSON *x = ours->child, *y = theirs->child; x; x = x->next, y = y->next) {
			ck_assert_int_eq(x->valueint, y->valueint);
			ck_assert_int_eq(x->prev == NULL, y->prev == NULL);
			for (cJSON *u = x->child, *v = y->child; u; u = u->next, v = v->next)
				ck_assert_int_eq(u->valueint, v->valueint);
			if (x->child)
				ck_assert_ptr_null(x->child->prev->next); /* the last one */
		}
		/* cJSON appends after the first child's prev. */
		n = cJSON_GetObjectItem(ours, "n");
		if (cJSON_IsArray(n)) {
			ck_assert(cJSON_AddItemToArray(n, cJSON_CreateNull()));
			ck_assert(cJSON_IsNull(cJSON_GetArrayItem(n, cJSON_GetArraySize(n) - 1)));
		}
		cJSON_Delete(ours);
		cJSON_Delete(theirs);
	}
}
END_TEST

/* Nesting as deep as cJSON's limit, and no deeper. */
START_TEST(parser_depth)
{
	char line[2 * 1002 + 16];
	cJSON *item;

	for (int depth = 999; depth <= 1000; depth++) {
		size_t n = 0;

		n += (size_t)sprintf(line, "{\"a\":");
		for (int i = 0; i < depth; i++)
			line[n++] = '[';
		for (int i = 0; i < depth; i++)
			line[n++] = ']';
		line[n++] = '}';
		item = json_parse_object(line, n, err);
		ck_assert_msg((item != NULL) == (depth < 1000), "depth %d: %s", depth, err);
		cJSON_Delete(item);
	}
}
END_TEST

/* Whether every number is written with digits and a sign alone: strings
 * that look like numbers do not count. */
START_TEST(parser_notes_plain_numbers)
{
	static const struct {
		const char *line;
		bool plain;
	} cases[] = {
		{"{}", true},
		{"{\"a\":1,\"b\":[-2,0,{\"c\":30}],\"s\":\"1.5e3\"}", true},
		{"{\"a\":1.5}", false},
		{"{\"a\":[1,1e2]}", false},
		{"{\"a\":{\"b\":-0.0}}", false},
		{"{\"a\":1E0}", false},
	};
	struct region region;

	region_init(&region, 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bool plain = !cases[i].plain;

		ck_assert_ptr_nonnull(json_parse_object_in(&region, cases[i].line,
							   strlen(cases[i].line), &plain, err));
		ck_assert_msg(plain == cases[i].plain, "%s", cases[i].line);
	}
	region_free(&region);
}
END_TEST

/* A tree parsed into a region is the one parsed the usual way, a refusal
 * says the same, and cJSON allocates with malloc again afterwards. */
START_TEST(parse_into_a_region)
{
	static const char line[] = "{\"seq\":3,\"a\":[1,\"x\",{\"b\":null}],\"c\":\"caf\xc3\xa9\"}";
	char region_err[ERR_LEN];
	struct region region;
	cJSON *usual = json_parse_object(line, strlen(line), err), *in_region, *after;

	region_init(&region, 0);
	in_region = json_parse_object_in(&region, line, strlen(line), NULL, region_err);
	ck_assert_ptr_nonnull(usual);
	ck_assert_ptr_nonnull(in_region);
	ck_assert(cJSON_Compare(usual, in_region, true));
	ck_assert_ptr_null(json_parse_object_in(&region, "{\"a\":1,\"a\":2}", 13,
						NULL, region_err));
	ck_assert_str_eq(region_err, "duplicate key \"a\"");
	after = cJSON_Duplicate(in_region, true);
	region_free(&region);
	ck_assert(cJSON_Compare(usual, after, true));  /* outlives the region */
	cJSON_Delete(after);
	cJSON_Delete(usual);
}
END_TEST

START_TEST(nul_byte_is_refused)
{
	cJSON *reply;

	ck_assert_int_eq(wire_parse_reply("{}\0{}", 5, &reply, err), WIRE_BAD_JSON);
	ck_assert_str_eq(err, "the line contains a NUL byte");
}
END_TEST

/* A bad byte is found wherever it falls, inside an ASCII run read eight
 * bytes at a time or after it. */
START_TEST(utf8_checked_at_every_offset)
{
	char text[40];

	for (size_t at = 0; at < 30; at++) {
		memset(text, 'a', sizeof text);
		text[at] = '\xff';
		ck_assert_msg(!json_valid_utf8(text, sizeof text), "0xff at %zu", at);
		memcpy(text + at, "\xc3\xa9", 2);
		ck_assert_msg(json_valid_utf8(text, sizeof text), "U+00E9 at %zu", at);
		ck_assert_msg(!json_valid_utf8(text, at + 1), "cut at %zu", at);
		memcpy(text + at, "\xed\xa0\x80", 3);
		ck_assert_msg(!json_valid_utf8(text, sizeof text), "surrogate at %zu", at);
	}
}
END_TEST

START_TEST(valid_replies)
{
	ck_assert_int_eq(parse("{}"), WIRE_OK);
	ck_assert_int_eq(parse("  {\"action\": \"D3\"}  \r"), WIRE_OK);
	ck_assert_int_eq(parse("{\"name\":\"caf\xc3\xa9\"}"), WIRE_OK);
}
END_TEST

START_TEST(turn_reply_needs_action)
{
	cJSON *reply = cJSON_Parse("{\"move\":\"D3\"}");
	const cJSON *action;

	ck_assert_int_eq(wire_check_turn(reply, &action, err), WIRE_BAD_REPLY);
	ck_assert_str_eq(err, "the reply to a turn has no \"action\"");
	cJSON_Delete(reply);
	reply = cJSON_Parse("{\"action\":\"D3\"}");
	ck_assert_int_eq(wire_check_turn(reply, &action, err), WIRE_OK);
	ck_assert_str_eq(action->valuestring, "D3");
	cJSON_Delete(reply);
}
END_TEST

/* A turn reply's info: kept when a non-empty string, cut at 256 bytes
 * on a character boundary, ignored otherwise (never an error). */
START_TEST(turn_info_is_cut_or_ignored)
{
	char out[WIRE_INFO_MAX + 1], text[400] = "{\"action\":1,\"info\":\"a";
	cJSON *reply;

	for (int i = 0; i < 150; i++)
		strcat(text, "\xc3\xa9");  /* 1 + 300 bytes: the cut falls in a character */
	strcat(text, "\"}");
	reply = cJSON_Parse(text);
	ck_assert_ptr_eq(wire_turn_info(reply, out), out);
	ck_assert_uint_eq(strlen(out), 255);
	ck_assert_uint_eq((unsigned char)out[254], 0xa9);
	cJSON_Delete(reply);
	reply = cJSON_Parse("{\"action\":1,\"info\":\"depth 6\"}");
	ck_assert_str_eq(wire_turn_info(reply, out), "depth 6");
	cJSON_Delete(reply);
	for (const char *const *r = (const char *const[]){"{\"action\":1}",
		"{\"action\":1,\"info\":\"\"}", "{\"action\":1,\"info\":7}",
		"{\"action\":1,\"info\":[\"x\"]}", NULL}; *r; r++) {
		reply = cJSON_Parse(*r);
		ck_assert_ptr_null(wire_turn_info(reply, out));
		cJSON_Delete(reply);
	}
}
END_TEST

START_TEST(hello_fields_must_be_strings)
{
	cJSON *reply = cJSON_Parse("{\"name\":7}");
	const char *name, *version;

	ck_assert_int_eq(wire_check_hello(reply, &name, &version, err), WIRE_BAD_REPLY);
	ck_assert_str_eq(err, "\"name\" must be a string");
	cJSON_Delete(reply);
	reply = cJSON_Parse("{\"name\":\"x\"}");
	ck_assert_int_eq(wire_check_hello(reply, &name, &version, err), WIRE_OK);
	ck_assert_str_eq(name, "x");
	ck_assert_ptr_null(version);
	cJSON_Delete(reply);
}
END_TEST

START_TEST(hello_labels_are_bounded)
{
	static const struct {
		const char *reply, *err;
	} bad[] = {
		{"{\"name\":\"\"}", "\"name\" must be 1 to 64 bytes long"},
		{"{\"name\":\"0123456789012345678901234567890123456789"
		 "0123456789012345678901234\"}", "\"name\" must be 1 to 64 bytes long"},
		{"{\"version\":\"1\\n2\"}", "\"version\" must not hold a control "
		 "character (line breaks, escapes, bidirectional marks)"},
		{"{\"name\":\"a\\u001b[2Jb\"}", "\"name\" must not hold a control character"},
		{"{\"name\":\"a\\u007f\"}", "\"name\" must not hold a control character"},
		{"{\"name\":\"a\\u0085\"}", "\"name\" must not hold a control character"},
		{"{\"name\":\"a\\u2028\"}", "\"name\" must not hold a control character"},
		{"{\"name\":\"evil\\u202egnp.exe\"}", "\"name\" must not hold a control character"},
		{"{\"name\":\"\\u2066x\"}", "\"name\" must not hold a control character"},
	};
	static const char *const good[] = {
		"{\"name\":\"0123456789012345678901234567890123456789"
		"012345678901234567890123\"}",
		"{\"name\":\"caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x8e\xb2\",\"version\":\"1.0 (beta)\"}",
	};
	const char *name, *version;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cJSON *reply = cJSON_Parse(bad[i].reply);

		ck_assert_int_eq(wire_check_hello(reply, &name, &version, err),
				 WIRE_BAD_REPLY);
		ck_assert_msg(strstr(err, bad[i].err) == err, "%s: got '%s'",
			      bad[i].reply, err);
		cJSON_Delete(reply);
	}
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		cJSON *reply = cJSON_Parse(good[i]);

		ck_assert_int_eq(wire_check_hello(reply, &name, &version, err), WIRE_OK);
		cJSON_Delete(reply);
	}
}
END_TEST

START_TEST(commit_replies)
{
	unsigned char c[FAIR_HASH_BYTES];
	bool declined;
	cJSON *reply = cJSON_Parse("{}");

	ck_assert_int_eq(wire_check_commit(reply, c, &declined, err), WIRE_OK);
	ck_assert(declined);
	cJSON_Delete(reply);

	reply = cJSON_Parse("{\"commitment\":\"00ff\"}");
	ck_assert_int_eq(wire_check_commit(reply, c, &declined, err), WIRE_FAIRNESS);
	ck_assert_str_eq(err, "\"commitment\" must be 32 bytes as 64 lowercase hex digits");
	cJSON_Delete(reply);

	reply = cJSON_Parse("{\"reveal\":\"00\"}");
	ck_assert_int_eq(wire_check_commit(reply, c, &declined, err), WIRE_FAIRNESS);
	ck_assert(strstr(err, "revealed before the lock"));
	cJSON_Delete(reply);

	reply = cJSON_Parse("{\"commitment\":\"000102030405060708090a0b0c0d0e0f"
			    "101112131415161718191a1b1c1d1e1f\"}");
	ck_assert_int_eq(wire_check_commit(reply, c, &declined, err), WIRE_OK);
	ck_assert(!declined);
	ck_assert_int_eq(c[0], 0x00);
	ck_assert_int_eq(c[31], 0x1f);
	cJSON_Delete(reply);
}
END_TEST

START_TEST(lock_replies)
{
	unsigned char r[FAIR_SECRET_BYTES];
	cJSON *empty = cJSON_Parse("{}");
	cJSON *upper = cJSON_Parse("{\"reveal\":\"AA000000000000000000000000000000"
				   "00000000000000000000000000000000\"}");

	ck_assert_int_eq(wire_check_lock(empty, false, r, err), WIRE_OK);
	ck_assert_int_eq(wire_check_lock(empty, true, r, err), WIRE_FAIRNESS);
	ck_assert_str_eq(err, "committed but did not reveal");
	ck_assert_int_eq(wire_check_lock(upper, false, r, err), WIRE_FAIRNESS);
	ck_assert_str_eq(err, "sent a reveal without having committed");
	ck_assert_int_eq(wire_check_lock(upper, true, r, err), WIRE_FAIRNESS);
	ck_assert(strstr(err, "lowercase hex"));
	cJSON_Delete(empty);
	cJSON_Delete(upper);
}
END_TEST

/* The exact bytes of the messages that carry no variable data. */
START_TEST(message_bytes)
{
	static const unsigned char c[FAIR_HASH_BYTES] = {0xab};
	const unsigned char *list[2] = {c, NULL};
	cJSON *msg = wire_goodbye();
	char *line = json_print_line(msg);

	ck_assert_str_eq(line, "{\"type\":\"goodbye\"}");
	free(line);
	cJSON_Delete(msg);
	msg = wire_lock(list, 2);
	line = json_print_line(msg);
	ck_assert_str_eq(line, "{\"type\":\"lock\",\"commitments\":[\"ab0000000000"
			 "0000000000000000000000000000000000000000000000000000\",null]}");
	free(line);
	cJSON_Delete(msg);
	msg = wire_turn(1, cJSON_CreateObject(), cJSON_CreateArray(), 250);
	line = json_print_line(msg);
	ck_assert_str_eq(line, "{\"type\":\"turn\",\"seat\":1,\"state\":{},"
			 "\"legal\":[],\"time_left_ms\":250}");
	free(line);
	cJSON_Delete(msg);
}
END_TEST

/* Our printer (json.c) against the bytes cJSON would print. */
START_TEST(printer_bytes)
{
	cJSON *o = cJSON_CreateObject(), *a;
	char *mine, *theirs;
	size_t len;

	cJSON_AddStringToObject(o, "s", "q\" b\\ n\n t\t c\x01 caf\xc3\xa9");
	cJSON_AddNumberToObject(o, "i", -1234567);
	cJSON_AddNumberToObject(o, "d", 0.1);
	cJSON_AddNumberToObject(o, "big", 1e300);
	a = cJSON_AddArrayToObject(o, "a");
	cJSON_AddItemToArray(a, cJSON_CreateTrue());
	cJSON_AddItemToArray(a, cJSON_CreateNull());
	cJSON_AddItemToArray(a, cJSON_CreateObject());
	cJSON_AddItemToArray(a, cJSON_CreateArray());
	mine = json_print(o, &len);
	theirs = cJSON_PrintUnformatted(o);
	ck_assert_str_eq(mine, "{\"s\":\"q\\\" b\\\\ n\\n t\\t c\\u0001 caf\xc3\xa9\","
			 "\"i\":-1234567,\"d\":0.1,\"big\":1e+300,"
			 "\"a\":[true,null,{},[]]}");
	ck_assert_str_eq(mine, theirs);
	ck_assert_uint_eq(len, strlen(mine));
	free(mine);
	free(theirs);
	cJSON_Delete(o);
}
END_TEST

START_TEST(reason_words)
{
	ck_assert_str_eq(wire_error_reason(WIRE_BAD_JSON), "bad-json");
	ck_assert_str_eq(wire_error_reason(WIRE_BAD_REPLY), "bad-reply");
	ck_assert_str_eq(wire_error_reason(WIRE_FAIRNESS), "fairness");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("wire");
	TCase *tc = tcase_create("wire");

	tcase_add_test(tc, strict_json_rejections);
	tcase_add_test(tc, parse_into_a_region);
	tcase_add_test(tc, parser_agrees_with_cjson);
	tcase_add_test(tc, parser_depth);
	tcase_add_test(tc, parser_notes_plain_numbers);
	tcase_add_test(tc, nul_byte_is_refused);
	tcase_add_test(tc, utf8_checked_at_every_offset);
	tcase_add_test(tc, valid_replies);
	tcase_add_test(tc, turn_reply_needs_action);
	tcase_add_test(tc, turn_info_is_cut_or_ignored);
	tcase_add_test(tc, hello_fields_must_be_strings);
	tcase_add_test(tc, hello_labels_are_bounded);
	tcase_add_test(tc, commit_replies);
	tcase_add_test(tc, lock_replies);
	tcase_add_test(tc, message_bytes);
	tcase_add_test(tc, printer_bytes);
	tcase_add_test(tc, reason_words);
	suite_add_tcase(s, tc);
	return s;
}
