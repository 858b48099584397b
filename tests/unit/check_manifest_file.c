/*
 * Unit tests for manifest_file.c: what a resumed run may change of its
 * tournament file (how a bot is run) and the field it names when a change
 * may not be made; the "bot" records of the changed entries, and taking
 * them in; bots added at the end, and the "grown" record taken in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "manifest/manifest_file.h"
#include "run_suite.h"

/* A tournament file of two bots: the top's other members, then the two
 * bots' objects. */
#define FILE_OF(top, a, b) "{\"name\": \"t\", \"game\": \"rolit\", " top \
	"\"options\": {\"size\": 6}, \"time\": {\"move_ms\": 500}, " \
	"\"bots\": [" a ", " b "]}"
#define A "{\"name\": \"a\", \"command\": \"./a\"}"
#define B "{\"name\": \"b\", \"command\": \"./b\", \"env\": {\"X\": \"1\"}}"
#define REFUSED "\" is not what the run was started with: a resumed run may " \
	"change how a bot is run (its command, workdir, readable, env and " \
	"pass_env: its next games are played by the new version) and add bots " \
	"at the end of \"bots\" (their tables are added to the schedule), " \
	"nothing that changes the schedule or the games; put it back, or start " \
	"a new run with another --out"

static char err[ERR_LEN];

static cJSON *parse(const char *text)
{
	cJSON *o = json_parse_object(text, strlen(text), err);

	ck_assert_msg(o != NULL, "%s", err);
	return o;
}

/* What `take` (manifest_file_apply or _grow) makes of `record` in `file`. */
static int taken(int (*take)(cJSON *, const cJSON *), cJSON *file,
		 const char *record)
{
	cJSON *r = parse(record);
	int rc = take(file, r);

	cJSON_Delete(r);
	return rc;
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
		{FILE_OF("", "{\"name\": \"a\", \"command\": \"./a\", \"ponder\": true}", B),
		 "bots[0].ponder"},
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

/* Bots keep their places: one removed, or another put in a bot's place
 * (inserted, renamed or moved), is refused, saying where new bots go. */
START_TEST(refuses_moving_bots)
{
	static const char *const bots_lists[] = {
		"\"bots\": [" A "]",
		"\"bots\": [" A ", {\"name\": \"c\", \"command\": \"./c\"}, " B "]",
		"\"bots\": [" B ", " A "]",
	};
	static const char *const said[] = {
		"\"bots\" lacks 1 of the run's 2 bots: a bot cannot be "
		"removed from a run, whose games stand (new bots are added at the "
		"end of \"bots\"); put it back, or start a new run with another --out",
		"\"bots[1].name\" is 'c', not 'b': the run's bots keep their places, "
		"and a new bot is added at the end of \"bots\" (its tables are added "
		"to the schedule); put 'b' back in place 1, or start a new run with "
		"another --out",
		"\"bots[0].name\" is 'b', not 'a': the run's bots keep their places, "
		"and a new bot is added at the end of \"bots\" (its tables are added "
		"to the schedule); put 'a' back in place 0, or start a new run with "
		"another --out",
	};
	cJSON *old = parse(FILE_OF("", A, B));

	for (size_t i = 0; i < sizeof said / sizeof *said; i++) {
		char text[1024];
		cJSON *now;

		snprintf(text, sizeof text, "{\"name\": \"t\", \"game\": \"rolit\", "
			 "\"options\": {\"size\": 6}, \"time\": {\"move_ms\": 500}, %s}",
			 bots_lists[i]);
		now = parse(text);
		ck_assert_int_eq(manifest_file_check(old, now, err), -1);
		ck_assert_str_eq(err, said[i]);
		cJSON_Delete(now);
	}
	cJSON_Delete(old);
}
END_TEST

/* Bots added at the end pass, are no new versions, and a "grown" record
 * adds them to the file; one that does not follow the file's bots is
 * refused. */
START_TEST(added_bots)
{
	cJSON *old = parse(FILE_OF("", A, B));
	cJSON *now = parse(FILE_OF("", A, B ", {\"name\": \"c\", \"command\": \"./c\"}"));
	cJSON *records;

	ck_assert_int_eq(manifest_file_check(old, now, err), 0);
	/* Added, a bot is no new version: a "grown" record adds it. */
	ck_assert_ptr_null((records = manifest_file_versions(old, now))->child);
	cJSON_Delete(records);
	ck_assert_int_eq(taken(manifest_file_grow, old, "{\"type\":\"grown\",\"bot\":3,"
			       "\"entries\":[{\"name\":\"c\"}]}"), -1);
	/* An entry without a name is the reader's to refuse
	 * (check_manifest_read.c, grows_after_its_signature). */
	ck_assert_int_eq(taken(manifest_file_grow, old, "{\"type\":\"grown\",\"bot\":2,"
			       "\"entries\":[{\"name\":\"c\",\"command\":\"./c\"}],"
			       "\"first_game\":3,\"schedule_games\":6}"), 0);
	ck_assert(cJSON_Compare(old, now, true));
	cJSON_Delete(old);
	cJSON_Delete(now);
}
END_TEST

START_TEST(new_versions)
{
	static const char *const fixed_b = "{\"name\": \"b\", \"command\": \"./b2\", "
		"\"workdir\": \"b\", \"readable\": [\"sdk\"], \"pass_env\": [\"HOME\"]}";
	char text[1024];
	cJSON *old = parse(FILE_OF("", A, B)), *now, *records;
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
	ck_assert_int_eq(taken(manifest_file_apply, old, "{\"type\":\"bot\",\"bot\":0,"
			       "\"entry\":{\"name\":\"b\",\"command\":\"x\"}}"), -1);
	ck_assert_int_eq(taken(manifest_file_apply, old, "{\"type\":\"bot\",\"bot\":2,"
			       "\"entry\":{\"name\":\"b\",\"command\":\"x\"}}"), -1);
	cJSON_Delete(old);
	cJSON_Delete(now);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("manifest_file");
	TCase *t = tcase_create("resume");

	tcase_add_test(t, refuses_naming_the_field);
	tcase_add_test(t, refuses_moving_bots);
	tcase_add_test(t, new_versions);
	tcase_add_test(t, added_bots);
	suite_add_tcase(s, t);
	return s;
}
