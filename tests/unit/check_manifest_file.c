/*
 * Unit tests for manifest_file.c: what a resumed run may change of its
 * tournament file (how a bot is run) and the field it names when a change
 * may not be made; the "bot" records of the changed entries, and taking
 * them in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "manifest_file.h"
#include "run_suite.h"
#include "util.h"

/* A tournament file of two bots: the top's other members, then the two
 * bots' objects. */
#define FILE_OF(top, a, b) "{\"name\": \"t\", \"game\": \"rolit\", " top \
	"\"options\": {\"size\": 6}, \"time\": {\"move_ms\": 500}, " \
	"\"bots\": [" a ", " b "]}"
#define A "{\"name\": \"a\", \"command\": \"./a\"}"
#define B "{\"name\": \"b\", \"command\": \"./b\", \"env\": {\"X\": \"1\"}}"
#define REFUSED "\" is not what the run was started with: a resumed run may " \
	"change how a bot is run (its command, workdir, readable, env and " \
	"pass_env: its next games are played by the new version), nothing that " \
	"changes the schedule or the games; put it back, or start a new run " \
	"with another --out"

static char err[ERR_LEN];

static cJSON *parse(const char *text)
{
	cJSON *o = json_parse_object(text, strlen(text), err);

	ck_assert_msg(o != NULL, "%s", err);
	return o;
}

START_TEST(refuses_naming_the_field)
{
	static const struct { const char *file, *named; } cases[] = {
		{"{\"name\": \"t\", \"game\": \"rolit\", \"options\": {\"size\": 6}, "
		 "\"time\": {\"move_ms\": 600}, \"bots\": [" A ", " B "]}", "time.move_ms"},
		{"{\"name\": \"t\", \"game\": \"rolit\", \"options\": {}, "
		 "\"time\": {\"move_ms\": 500}, \"bots\": [" A ", " B "]}", "options.size"},
		{FILE_OF("\"seed\": \"00\", ", A, B), "seed"},
		{FILE_OF("\"games\": 4, ", A, B), "games"},
		{FILE_OF("", A, "{\"name\": \"c\", \"command\": \"./b\"}"), "bots[1].name"},
		{FILE_OF("", "{\"name\": \"a\", \"command\": \"./a\", \"ponder\": true}", B),
		 "bots[0].ponder"},
		{FILE_OF("", A, B ", " A), "bots"},
	};
	cJSON *old = parse(FILE_OF("", A, B));

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		cJSON *now = parse(cases[i].file);
		char want[ERR_LEN];

		snprintf(want, sizeof want, "\"%s" REFUSED, cases[i].named);
		ck_assert_int_eq(manifest_file_check(old, now, err), -1);
		ck_assert_str_eq(err, want);
		cJSON_Delete(now);
	}
	cJSON_Delete(old);
}
END_TEST

START_TEST(new_versions)
{
	static const char *const fixed_b = "{\"name\": \"b\", \"command\": \"./b2\", "
		"\"workdir\": \"b\", \"readable\": [\"sdk\"], \"pass_env\": [\"HOME\"]}";
	char text[1024];
	cJSON *old = parse(FILE_OF("", A, B)), *now, *records, *r;
	char *printed;

	snprintf(text, sizeof text, FILE_OF("\"concurrency\": 2, \"sandbox\": false, ", A, "%s"),
		 fixed_b);
	now = parse(text);
	ck_assert_int_eq(manifest_file_check(old, now, err), 0);
	records = manifest_file_versions(old, now);
	ck_assert_int_eq(cJSON_GetArraySize(records), 1);
	printed = json_print_line(cJSON_GetArrayItem(records, 0));
	ck_assert_str_eq(printed, "{\"type\":\"bot\",\"bot\":1,\"entry\":{\"name\":\"b\","
			 "\"command\":\"./b2\",\"workdir\":\"b\",\"readable\":[\"sdk\"],"
			 "\"pass_env\":[\"HOME\"]}}");
	free(printed);
	/* Taken in, the record makes the old file's bot the new one: nothing
	 * is new any more. */
	ck_assert_int_eq(manifest_file_apply(old, cJSON_GetArrayItem(records, 0)), 0);
	cJSON_Delete(records);
	records = manifest_file_versions(old, now);
	ck_assert_int_eq(cJSON_GetArraySize(records), 0);
	cJSON_Delete(records);
	/* A record of another name, or of no bot of the file, is refused. */
	r = parse("{\"type\":\"bot\",\"bot\":0,\"entry\":{\"name\":\"b\",\"command\":\"x\"}}");
	ck_assert_int_eq(manifest_file_apply(old, r), -1);
	cJSON_Delete(r);
	r = parse("{\"type\":\"bot\",\"bot\":2,\"entry\":{\"name\":\"b\",\"command\":\"x\"}}");
	ck_assert_int_eq(manifest_file_apply(old, r), -1);
	cJSON_Delete(r);
	cJSON_Delete(old);
	cJSON_Delete(now);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("manifest_file");
	TCase *t = tcase_create("resume");

	tcase_add_test(t, refuses_naming_the_field);
	tcase_add_test(t, new_versions);
	suite_add_tcase(s, t);
	return s;
}
