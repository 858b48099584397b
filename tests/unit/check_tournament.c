/*
 * Unit tests for tournament_file.c and schedule.c: what a good tournament
 * file becomes, the message for every file refused, and the balance of
 * the schedules, checked by counting who sits where and who meets whom in
 * round-robins, gauntlets and team games, and how seeds and shards cut
 * them.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "games/fair.h"
#include "games/registry.h"
#include "manifest/manifest_format.h"
#include "manifest/manifest_ledger.h"
#include "plan/schedule.h"
#include "plan/tournament_file.h"
#include "run_suite.h"

#define MAX_BOTS 16
#define TWO_BOTS "\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, " \
		 "{\"name\": \"b\", \"command\": \"y\"}]"

static char err[ERR_LEN];
static char tmpdir[64];
static struct tournament_bot field[MAX_BOTS];

static void setup(void)
{
	ck_assert_int_ge(sodium_init(), 0);
	strcpy(tmpdir, "/tmp/check_tournament.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void teardown(void)
{
	files_remove_tree(tmpdir);
}

/* Writes `text` to NAME in the temporary folder; returns its path. */
static const char *write_file(const char *name, const char *text)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return path;
}

static void read_ok(const char *text, struct tournament_spec *spec)
{
	const char *path = write_file("t.json", text);

	if (tournament_file_read(path, spec, err) < 0)
		ck_abort_msg("refused: %s", err);
}

/* Reading `text` fails with "PATH: message". */
static void refused(const char *text, const char *message)
{
	const char *path = write_file("t.json", text);
	struct tournament_spec spec;
	char want[ERR_LEN];

	snprintf(want, sizeof want, "%s: %s", path, message);
	ck_assert_int_eq(tournament_file_read(path, &spec, err), -1);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_null(spec.bots);
}

/* A Swiss file: its rounds, and games a pairing that need not be even. */
START_TEST(swiss_file)
{
	struct tournament_spec spec;

	read_ok("{\"game\": \"rolit\", \"format\": \"swiss\", \"rounds\": 5, \"games\": 3, "
		TWO_BOTS "}", &spec);
	ck_assert_int_eq(spec.format, FORMAT_SWISS);
	ck_assert_int_eq(spec.rounds, 5);
	ck_assert_int_eq(spec.games, 3);
	tournament_file_free(&spec);
	read_ok("{\"game\": \"rolit\", \"format\": \"swiss\", \"rounds\": 1, " TWO_BOTS "}",
		&spec);
	ck_assert_int_eq(spec.games, 2);
	tournament_file_free(&spec);
}
END_TEST

START_TEST(defaults)
{
	struct tournament_spec spec;
	char *options;

	read_ok("{\"game\": \"rolit\", " TWO_BOTS "}", &spec);
	ck_assert_str_eq(spec.name, "t");
	ck_assert_ptr_eq(spec.rules, &arena_rolit_rules);
	options = cJSON_PrintUnformatted(spec.options);
	ck_assert_str_eq(options, "{\"size\":8,\"first\":\"seat0\"}");
	free(options);
	ck_assert_int_eq(spec.players, 2);
	ck_assert_int_eq(spec.format, FORMAT_ROUND_ROBIN);
	ck_assert_int_eq(spec.games, 2);
	ck_assert_int_eq(spec.bot_count, 2);
	ck_assert_str_eq(spec.bots[1].name, "b");
	ck_assert_str_eq(spec.bots[1].command, "y");
	/* "y" is found nowhere: relative to the file's folder, with no
	 * folder of its own. */
	ck_assert_str_eq(spec.bots[1].command_dir, tmpdir);
	ck_assert_ptr_null(spec.bots[1].workdir);
	ck_assert_ptr_null(spec.bots[1].env[0]);
	ck_assert(!spec.bots[1].challenger);
	ck_assert_int_eq(spec.time.move_ms, 1000);
	ck_assert_int_eq(spec.time.game_ms, 0);
	ck_assert_int_eq(spec.time.start_ms, 10000);
	ck_assert_uint_eq(spec.limits.max_line, 65536);
	ck_assert_uint_eq(spec.limits.max_stderr, 1048576);
	ck_assert_uint_eq(spec.limits.cpu_seconds, 0);
	ck_assert_uint_eq(spec.limits.memory, 1024UL << 20);
	ck_assert_uint_eq(spec.limits.processes, 0);
	ck_assert_uint_eq(spec.limits.cpus, 1);
	ck_assert(spec.limits.contain);
	ck_assert(!spec.bots[1].ponder);
	ck_assert_int_eq(spec.time.clock, CLOCK_CPU);
	ck_assert(!spec.seeded);
	ck_assert_int_eq(spec.concurrency, 0);
	tournament_file_free(&spec);
}
END_TEST

START_TEST(every_field)
{
	static const unsigned char seed_bytes[] = {0x00, 0xff, 0x10};
	unsigned char seed[32];
	struct tournament_spec spec;
	char *options, want[128];

	read_ok("{\"name\": \"club-1.final\", \"game\": \"rolit\","
		" \"options\": {\"size\": 6, \"first\": \"random\"},"
		" \"players\": 3, \"format\": \"gauntlet\", \"games\": 6,"
		" \"bots\": ["
		"  {\"name\": \"new\", \"command\": \"./bot --fast\","
		"   \"workdir\": \"bots/new\", \"env\": {\"DEPTH\": \"3\", \"X\": \"\"},"
		"   \"challenger\": true, \"ponder\": true},"
		"  {\"name\": \"old\", \"command\": \"old\", \"workdir\": \"/opt\","
		"   \"challenger\": false},"
		"  {\"name\": \"r_2\", \"command\": \"r\"}],"
		" \"time\": {\"move_ms\": 50, \"game_ms\": 2000, \"start_ms\": 300,"
		"  \"clock\": \"wall\"},"
		" \"limits\": {\"max_line\": 1024, \"max_stderr\": 0,"
		"  \"cpu_seconds\": 60, \"memory_mb\": 512, \"processes\": 20,"
		"  \"cpus\": 2},"
		" \"seed\": \"00ff10\", \"concurrency\": 3}", &spec);
	ck_assert_str_eq(spec.name, "club-1.final");
	options = cJSON_PrintUnformatted(spec.options);
	ck_assert_str_eq(options, "{\"size\":6,\"first\":\"random\"}");
	free(options);
	ck_assert_int_eq(spec.players, 3);
	ck_assert_int_eq(spec.format, FORMAT_GAUNTLET);
	ck_assert_int_eq(spec.games, 6);
	ck_assert_int_eq(spec.bot_count, 3);
	snprintf(want, sizeof want, "%s/bots/new", tmpdir);
	ck_assert_str_eq(spec.bots[0].workdir, want);
	ck_assert_str_eq(spec.bots[0].command_dir, want);
	ck_assert_str_eq(spec.bots[0].command, "./bot --fast");
	ck_assert_str_eq(spec.bots[0].env[0], "DEPTH=3");
	ck_assert_str_eq(spec.bots[0].env[1], "X=");
	ck_assert_ptr_null(spec.bots[0].env[2]);
	ck_assert(spec.bots[0].challenger);
	ck_assert_str_eq(spec.bots[1].workdir, "/opt");
	ck_assert(!spec.bots[1].challenger);
	ck_assert_str_eq(spec.bots[2].command_dir, tmpdir);
	ck_assert_int_eq(spec.time.move_ms, 50);
	ck_assert_int_eq(spec.time.game_ms, 2000);
	ck_assert_int_eq(spec.time.start_ms, 300);
	ck_assert_uint_eq(spec.limits.max_line, 1024);
	ck_assert_uint_eq(spec.limits.max_stderr, 0);
	ck_assert_uint_eq(spec.limits.cpu_seconds, 60);
	ck_assert_uint_eq(spec.limits.memory, 512UL << 20);
	ck_assert_uint_eq(spec.limits.processes, 20);
	ck_assert_uint_eq(spec.limits.cpus, 2);
	ck_assert(spec.bots[0].ponder);
	ck_assert(!spec.bots[1].ponder);
	ck_assert_int_eq(spec.time.clock, CLOCK_WALL);
	ck_assert(spec.seeded);
	arena_fair_hash(seed, "arena:seed", NULL, 0, seed_bytes, sizeof seed_bytes);
	ck_assert_mem_eq(spec.seed, seed, 32);
	ck_assert_int_eq(spec.concurrency, 3);
	tournament_file_free(&spec);
}
END_TEST

/* The default name drops the folder and ".json", and only that. */
START_TEST(name_from_file)
{
	struct tournament_spec spec;
	const char *path = write_file("club.v2", "{\"game\": \"rolit\", "
				      TWO_BOTS "}");

	ck_assert_int_eq(tournament_file_read(path, &spec, err), 0);
	ck_assert_str_eq(spec.name, "club.v2");
	tournament_file_free(&spec);
	path = write_file("my club.json", "{\"game\": \"rolit\", " TWO_BOTS "}");
	ck_assert_int_eq(tournament_file_read(path, &spec, err), -1);
	ck_assert_ptr_nonnull(strstr(err, ".json: the file's name 'my club' cannot name the tournament: give a \"name\" of 1 to 40 letters, digits, '_', '.' or '-'"));
}
END_TEST

/* A case of a test of refusals: a file's text, otherwise good, and the
 * message that refuses it, after "FILE: ". */
struct refusal {
	const char *text;
	const char *message;
};

static void refuse_all(const struct refusal *cases, size_t count)
{
	for (size_t i = 0; i < count; i++)
		refused(cases[i].text, cases[i].message);
}

/* Files refused for the game, its options and players. */
START_TEST(options_refused)
{
	static const struct refusal cases[] = {
		{"{\"game\": \"rolit\", \"options\": {\"size\": 9}, " TWO_BOTS "}",
		 "option 'size' must be an integer 4..8, not '9'"},
		{"{\"game\": \"rolit\", \"options\": {\"colour\": 1}, " TWO_BOTS "}",
		 "unknown option 'colour' for rolit (its options: size, first)"},
		{"{\"game\": \"rolit\", \"options\": [], " TWO_BOTS "}",
		 "\"options\" must be a JSON object"},
		{"{\"game\": \"rolit\", \"options\": {\"size\": 4}, \"players\": 3, " TWO_BOTS "}",
		 "size 4 is for 2 players only: use size 6 or 8 with 3 players"},
		{"{\"game\": \"rolit\", \"players\": 5, " TWO_BOTS "}",
		 "\"players\" must be an integer from 2 to 4 for rolit"},
		{"{\"game\": \"rolit\", \"players\": 2.5, " TWO_BOTS "}",
		 "\"players\" must be an integer from 2 to 4 for rolit"},
	};

	refuse_all(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* Files refused for the bots. */
START_TEST(bots_refused)
{
	static const struct refusal cases[] = {
		{"{\"game\": \"rolit\"}", "no bots"},
		{"{\"game\": \"rolit\", \"bots\": []}", "no bots"},
		{"{\"game\": \"rolit\", \"bots\": {}}",
		 "\"bots\" must be an array of objects"},
		{"{\"game\": \"rolit\", \"bots\": [\"x\"]}",
		 "bots[0] must be a JSON object"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\"},"
		 " {\"name\": \"b\"}]}",
		 "bots[1]: missing \"command\""},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"\"}]}",
		 "bots[0]: \"command\" must be a non-empty string"},
		{"{\"game\": \"rolit\", \"bots\": [{\"command\": \"x\"}]}",
		 "bots[0]: missing \"name\""},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a/b\", \"command\": \"x\"}]}",
		 "bots[0]: name 'a/b' must be 1 to 40 letters, digits, '_', '.' or '-'"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"..\", \"command\": \"x\"}]}",
		 "bots[0]: name '..' must be 1 to 40 letters, digits, '_', '.' or '-'"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\"},"
		 " {\"name\": \"a\", \"command\": \"y\"}]}",
		 "two bots are named 'a'"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\"}]}",
		 "rolit needs at least 2 bots for a 2-player table"},
		{"{\"game\": \"rolit\", \"players\": 4, " TWO_BOTS "}",
		 "rolit needs at least 4 bots for a 4-player table"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\","
		 " \"env\": {\"A\": 1}}]}",
		 "bots[0]: env: \"A\" must be a string"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\","
		 " \"env\": {\"A=B\": \"c\"}}]}",
		 "bots[0]: env: 'A=B' is not a variable name"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\","
		 " \"env\": [\"A=B\"]}]}",
		 "bots[0]: \"env\" must be a JSON object"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\","
		 " \"workdir\": 3}]}",
		 "bots[0]: \"workdir\" must be a non-empty string"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\", \"ponder\": \"yes\"}]}",
		 "bots[0]: \"ponder\" must be true or false"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\","
		 " \"cmd\": \"y\"}]}",
		 "bots[0]: unknown field \"cmd\" (the fields: name, command, workdir, env, pass_env, challenger, readable, ponder)"},
	};

	refuse_all(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* Files refused for the format. */
START_TEST(format_refused)
{
	static const struct refusal cases[] = {
		{"{\"game\": \"rolit\", \"format\": \"gauntlet\", " TWO_BOTS "}",
		 "gauntlet needs at least one bot with \"challenger\": true"},
		{"{\"game\": \"rolit\", \"format\": \"knockout\", " TWO_BOTS "}",
		 "\"format\" must be \"round-robin\", \"gauntlet\" or \"swiss\", not 'knockout'"},
		{"{\"game\": \"rolit\", \"format\": \"swiss\", " TWO_BOTS "}",
		 "a Swiss tournament needs \"rounds\", an integer from 1 to 1000"},
		{"{\"game\": \"rolit\", \"format\": \"swiss\", \"rounds\": 0, " TWO_BOTS "}",
		 "a Swiss tournament needs \"rounds\", an integer from 1 to 1000"},
		{"{\"game\": \"rolit\", \"rounds\": 3, " TWO_BOTS "}",
		 "\"rounds\" is for \"format\": \"swiss\" only"},
		{"{\"game\": \"rolit\", \"options\": {\"size\": 6}, \"players\": 3, "
		 "\"format\": \"swiss\", \"rounds\": 3, " TWO_BOTS "}",
		 "a Swiss tournament pairs bots: \"players\" must be 2, not 3"},
		{"{\"game\": \"rolit\", \"format\": \"swiss\", \"rounds\": 3, \"games\": 0, "
		 TWO_BOTS "}",
		 "\"games\" must be a positive integer, at most 1000000: the games of each pairing"},
		{"{\"game\": \"rolit\", \"format\": \"swiss\", \"rounds\": 3, \"games\": 3, "
		 "\"duplicate\": true, " TWO_BOTS "}",
		 "\"games\" must be a multiple of 2 with \"duplicate\": true, a duplicate set being a game in each seating"},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"command\": \"x\","
		 " \"challenger\": true}, {\"name\": \"b\", \"command\": \"y\"}]}",
		 "bots[0]: \"challenger\" is for \"format\": \"gauntlet\" only"},
		{"{\"game\": \"rolit\", \"format\": \"gauntlet\", \"bots\": [{\"name\": \"a\","
		 " \"command\": \"x\", \"challenger\": 1}]}",
		 "bots[0]: \"challenger\" must be true or false"},
	};

	refuse_all(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* Files refused for the fields, the games, time, limits and the rest. */
START_TEST(fields_refused)
{
	static const struct refusal cases[] = {
		{"{\"game\": \"rolit\", \"games\": 3, " TWO_BOTS "}",
		 "\"games\" must be a positive multiple of 2, at most 1000000, so that every bot sits in each of the 2 seats equally often"},
		{"{\"game\": \"rolit\", \"games\": 1000002, " TWO_BOTS "}",
		 "\"games\" must be a positive multiple of 2, at most 1000000, so that every bot sits in each of the 2 seats equally often"},
		{"{\"game\": \"rolit\", \"games\": 0, " TWO_BOTS "}",
		 "\"games\" must be a positive multiple of 2, at most 1000000, so that every bot sits in each of the 2 seats equally often"},
		{"{\"game\": \"rolit\", \"time\": {\"move_ms\": 0}, " TWO_BOTS "}",
		 "time: \"move_ms\" must be an integer from 1 to 86400000"},
		{"{\"game\": \"rolit\", \"time\": {\"move\": 5}, " TWO_BOTS "}",
		 "time: unknown field \"move\" (the fields: move_ms, game_ms, start_ms, clock)"},
		{"{\"game\": \"rolit\", \"time\": 5, " TWO_BOTS "}",
		 "\"time\" must be a JSON object"},
		{"{\"game\": \"rolit\", \"limits\": {\"max_line\": 10}, " TWO_BOTS "}",
		 "limits: \"max_line\" must be an integer from 64 to 1073741824"},
		{"{\"game\": \"rolit\", \"limits\": {\"memory\": 10}, " TWO_BOTS "}",
		 "limits: unknown field \"memory\" (the fields: max_line, max_stderr, cpu_seconds, memory_mb, processes, cpus)"},
		{"{\"game\": \"rolit\", \"limits\": {\"cpus\": -1}, " TWO_BOTS "}",
		 "limits: \"cpus\" must be an integer from 0 to 4096"},
		{"{\"game\": \"rolit\", \"time\": {\"clock\": \"cpus\"}, " TWO_BOTS "}",
		 "time: \"clock\" must be \"cpu\" or \"wall\", not 'cpus'"},
		{"{\"game\": \"rolit\", \"containment\": false, \"time\": {\"clock\": \"cpu\"}, " TWO_BOTS "}",
		 "time: \"clock\": \"cpu\" needs each bot's control group, which \"containment\": false turns off"},
		{"{\"game\": \"rolit\", \"containment\": 1, " TWO_BOTS "}",
		 "\"containment\" must be true or false"},
		{"{\"game\": \"rolit\", \"seed\": \"ABCD\", " TWO_BOTS "}",
		 "\"seed\" must be an even number of lowercase hex digits, 2 to 128 (1 to 64 bytes), not 'ABCD'"},
		{"{\"game\": \"rolit\", \"seed\": \"abc\", " TWO_BOTS "}",
		 "\"seed\" must be an even number of lowercase hex digits, 2 to 128 (1 to 64 bytes), not 'abc'"},
		{"{\"game\": \"rolit\", \"seed\": \"c1a55\", " TWO_BOTS "}",
		 "\"seed\" must be an even number of lowercase hex digits, 2 to 128 (1 to 64 bytes), not 'c1a55'"},
		{"{\"game\": \"rolit\", \"seed\": 12, " TWO_BOTS "}",
		 "\"seed\" must be a non-empty string"},
		{"{\"game\": \"rolit\", \"concurrency\": 0, " TWO_BOTS "}",
		 "\"concurrency\" must be an integer from 1 to 4096"},
		{"{\"game\": \"rolit\", \"name\": \"a b\", " TWO_BOTS "}",
		 "\"name\" must be 1 to 40 letters, digits, '_', '.' or '-', not 'a b'"},
		{"{\"gmae\": \"rolit\", " TWO_BOTS "}",
		 "unknown field \"gmae\" (the fields: name, game, options, players, format, games, bots, time, limits, seed, concurrency, sandbox, containment, openings, duplicate, trusted_bots, compress, rounds)"},
	};

	refuse_all(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* Files refused for the JSON itself. */
START_TEST(json_refused)
{
	static const struct refusal cases[] = {
		{"{\"game\": \"rolit\", \"game\": \"rolit\", " TWO_BOTS "}",
		 "duplicate key \"game\""},
		{"{\"game\": \"rolit\", \"bots\": [{\"name\": \"a\", \"name\": \"b\","
		 " \"command\": \"x\"}]}",
		 "duplicate key \"name\""},
		{"{\"game\": \"rolit\",}", "not valid JSON (line 1, column 18)"},
		{"{\n\t\"game\": \"rolit\"\n\t\"players\": 2\n}\n",
		 "not valid JSON (line 3, column 2)"},
		{"{\"game\": \"rolit\"}\n\n x", "text after the JSON object (line 3, column 2)"},
		{"{\"game\": \"\xff\"}", "the line is not valid UTF-8"},
		{"[]", "the line is JSON but not an object"},
	};

	refuse_all(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

START_TEST(unknown_game)
{
	char list[256] = "", want[ERR_LEN];
	size_t used = 0;

	for (int i = 0; arena_game_registry[i]; i++)
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
					 i ? ", " : "", arena_game_registry[i]->name);
	snprintf(want, sizeof want, "unknown game 'chess' (games: %s)", list);
	refused("{\"game\": \"chess\", " TWO_BOTS "}", want);
	snprintf(want, sizeof want, "missing \"game\" (games: %s)", list);
	refused("{" TWO_BOTS "}", want);
}
END_TEST

START_TEST(missing_file)
{
	struct tournament_spec spec;
	char path[128], want[ERR_LEN];

	snprintf(path, sizeof path, "%s/none.json", tmpdir);
	snprintf(want, sizeof want,
		 "%s: cannot open it: No such file or directory", path);
	ck_assert_int_eq(tournament_file_read(path, &spec, err), -1);
	ck_assert_str_eq(err, want);
}
END_TEST

/* The files in tournaments/ read, and their schedules build. */
START_TEST(shipped_files)
{
	static const char *const names[] = {"demo.json", "rolit.json"};
	const char *top = getenv("top_srcdir");

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct tournament_spec spec;
		struct schedule schedule;
		char path[4096];

		snprintf(path, sizeof path, "%s/tournaments/%s", top ? top : ".",
			 names[i]);
		if (tournament_file_read(path, &spec, err) < 0)
			ck_abort_msg("%s", err);
		ck_assert_int_eq(schedule_build(&spec, spec.bot_count, 100000, &schedule, err), 0);
		ck_assert_int_gt(schedule.game_count, 0);
		schedule_free(&schedule);
		tournament_file_free(&spec);
	}
}
END_TEST

/* Bot `command` (run in `workdir` when not NULL) passes the check, or
 * fails with "bot 'b': " and `message` with @ standing for the
 * temporary folder. */
static void check_bot(const char *command, const char *workdir,
		      const char *message)
{
	struct tournament_spec spec;
	char text[512], want[ERR_LEN], *at;

	snprintf(text, sizeof text, "{\"game\": \"rolit\", \"bots\": ["
		 "{\"name\": \"a\", \"command\": \"sh -c true\"},"
		 " {\"name\": \"b\", \"command\": \"%s\"%s%s%s}]}", command,
		 workdir ? ", \"workdir\": \"" : "", workdir ? workdir : "",
		 workdir ? "\"" : "");
	read_ok(text, &spec);
	if (!message) {
		if (tournament_file_check_bots(&spec, err) < 0)
			ck_abort_msg("%s refused: %s", command, err);
	} else {
		at = strchr(message, '@');
		snprintf(want, sizeof want, "bot 'b': %.*s%s%s",
			 at ? (int)(at - message) : (int)strlen(message),
			 message, at ? tmpdir : "", at ? at + 1 : "");
		ck_assert_int_eq(tournament_file_check_bots(&spec, err), -1);
		ck_assert_str_eq(err, want);
	}
	tournament_file_free(&spec);
}

START_TEST(bots_can_start)
{
	char dir[128];

	ck_assert_int_eq(chmod(write_file("bot.sh", "#!/bin/sh\n"), 0755), 0);
	snprintf(dir, sizeof dir, "%s/dir", tmpdir);
	ck_assert_int_eq(mkdir(dir, 0755), 0);
	check_bot("./bot.sh --fast", NULL, NULL);
	check_bot("../bot.sh", "dir", NULL);
	check_bot("sh -c 'exit 0'", NULL, NULL);
	check_bot("./none", NULL,
		  "cannot run './none' (read as @/none): No such file or directory");
	check_bot("no-such-program-here", NULL,
		  "program 'no-such-program-here' not found in PATH");
	check_bot("./bot.sh", "nowhere",
		  "cannot enter working folder '@/nowhere': No such file or directory");
	check_bot("./bot.sh", "bot.sh",
		  "cannot enter working folder '@/bot.sh': Not a directory");
	check_bot("sh 'x", NULL,
		  "'sh 'x': unterminated single quote in the bot command");
}
END_TEST

/* --- schedules -------------------------------------------------------- */

static int alternate_teams(int players, int seat)
{
	return players == 3 ? -1 : seat % (players == 6 ? 3 : 2);
}

static int halves(int players, int seat)
{
	return seat < players / 2 ? 0 : 1;
}

/* Only the fields the schedule reads. */
static const struct game_rules plain_game = {.name = "plain"};
static const struct game_rules team_game = {
	.name = "teams", .team_of = alternate_teams,
};
static const struct game_rules split_game = {
	.name = "halves", .team_of = halves,
};

static struct tournament_spec spec_of(const struct game_rules *rules,
				      int bots, int players, int games)
{
	memset(field, 0, sizeof field);
	return (struct tournament_spec){
		.rules = rules, .players = players, .games = games,
		.bot_count = bots, .bots = field,
		.format = FORMAT_ROUND_ROBIN,
	};
}

struct counts {
	long games[MAX_BOTS];                  /* games played */
	long seat[MAX_BOTS][GAME_MAX_SEATS];   /* games in each seat */
	long met[MAX_BOTS][MAX_BOTS];          /* games together */
	long partners[MAX_BOTS][MAX_BOTS];     /* games on one team */
};

/* Counts a schedule, checking on the way that games are numbered in
 * order, each table's games are consecutive and each game seats exactly
 * its table's bots. */
static void count(const struct schedule *schedule,
		  const struct game_rules *rules, struct counts *c)
{
	int k = schedule->players;

	memset(c, 0, sizeof *c);
	for (long i = 0; i < schedule->game_count; i++) {
		const struct scheduled_game *g = &schedule->games[i];
		const struct schedule_table *t = &schedule->tables[g->table];
		int seen = 0;

		ck_assert_int_eq(g->number, i + 1);
		ck_assert(g->number >= t->first_game &&
			  g->number < t->first_game + t->game_count);
		for (int s = 0; s < k; s++) {
			int b = g->seating[s];

			for (int j = 0; j < k; j++)
				seen += t->bots[j] == b;
			c->games[b]++;
			c->seat[b][s]++;
			for (int u = 0; u < k; u++) {
				if (u == s)
					continue;
				c->met[b][g->seating[u]]++;
				if (rules->team_of && rules->team_of(k, 0) >= 0 &&
				    rules->team_of(k, s) == rules->team_of(k, u))
					c->partners[b][g->seating[u]]++;
			}
		}
		ck_assert_int_eq(seen, k);
		for (int s = k; s < GAME_MAX_SEATS; s++)
			ck_assert_int_eq(g->seating[s], -1);
	}
}

/* Every bot in `bots` (a bit set) sits in every seat `per_seat` times. */
static void assert_seats(const struct counts *c, unsigned bots, int players,
			 long per_seat)
{
	for (int b = 0; b < MAX_BOTS; b++)
		for (int s = 0; s < players && (bots >> b & 1); s++)
			ck_assert_int_eq(c->seat[b][s], per_seat);
}

/* Every pair of distinct bots of `bots` has table[a][b] == value. */
static void assert_pairs(long table[MAX_BOTS][MAX_BOTS], unsigned bots,
			 long value)
{
	for (int a = 0; a < MAX_BOTS; a++)
		for (int b = 0; b < MAX_BOTS; b++)
			if (a != b && (bots >> a & 1) && (bots >> b & 1))
				ck_assert_int_eq(table[a][b], value);
}

static void build(const struct tournament_spec *spec,
		  struct schedule *schedule)
{
	if (schedule_build(spec, spec->bot_count, 1000000, schedule, err) < 0)
		ck_abort_msg("%s", err);
}

START_TEST(round_robin_two_players)
{
	struct tournament_spec spec = spec_of(&plain_game, 8, 2, 2);
	struct schedule schedule;
	long order[MAX_BOTS][MAX_BOTS] = {{0}};
	struct counts c;

	build(&spec, &schedule);
	ck_assert_int_eq(schedule.table_count, 28);
	ck_assert_int_eq(schedule.game_count, 56);
	for (long i = 0; i < schedule.game_count; i++)
		order[schedule.games[i].seating[0]][schedule.games[i].seating[1]]++;
	assert_pairs(order, 0xff, 1);
	/* Without a seed, lexicographic: {0,1} {0,2} ... {6,7}. */
	ck_assert_int_eq(schedule.tables[0].bots[1], 1);
	ck_assert_int_eq(schedule.tables[1].bots[1], 2);
	ck_assert_int_eq(schedule.tables[27].bots[0], 6);
	ck_assert_int_eq(schedule.tables[0].bots[2], -1);
	ck_assert_int_eq(schedule.games[0].seating[0], 0);
	ck_assert_int_eq(schedule.games[1].seating[0], 1);
	count(&schedule, &plain_game, &c);
	assert_seats(&c, 0xff, 2, 7);
	schedule_free(&schedule);
}
END_TEST

/* A multiplayer round robin: pairs meet and seats are filled equally. */
static void check_multiplayer(int bots, int players, long tables,
			      long per_seat, long meetings)
{
	struct tournament_spec spec = spec_of(&plain_game, bots, players,
					      2 * players);
	struct schedule schedule;
	struct counts c;

	build(&spec, &schedule);
	ck_assert_int_eq(schedule.table_count, tables);
	ck_assert_int_eq(schedule.game_count, tables * 2 * players);
	count(&schedule, &plain_game, &c);
	assert_seats(&c, (1u << bots) - 1, players, per_seat);
	assert_pairs(c.met, (1u << bots) - 1, meetings);
	schedule_free(&schedule);
}

START_TEST(round_robin_multiplayer)
{
	/* 6 choose 4 tables; each bot at 5 choose 3 of them, twice in each
	 * seat; each pair at 4 choose 2 tables of 8 games. */
	check_multiplayer(6, 4, 15, 20, 48);
	check_multiplayer(5, 3, 10, 12, 18);
	check_multiplayer(4, 4, 1, 2, 8);
}
END_TEST

START_TEST(gauntlet_one_challenger)
{
	struct tournament_spec spec = spec_of(&plain_game, 6, 4, 4);
	struct schedule schedule;
	struct counts c;

	spec.format = FORMAT_GAUNTLET;
	field[2].challenger = true;
	build(&spec, &schedule);
	/* Every table holds bot 2: 5 choose 3 of them. */
	ck_assert_int_eq(schedule.table_count, 10);
	count(&schedule, &plain_game, &c);
	assert_seats(&c, 1u << 2, 4, 10);
	/* Each other bot is at 4 choose 2 tables, once in each seat. */
	assert_seats(&c, 0x3b, 4, 6);
	for (int b = 0; b < 6; b++)
		if (b != 2)
			ck_assert_int_eq(c.met[2][b], 24);
	schedule_free(&schedule);
}
END_TEST

START_TEST(gauntlet_two_challengers)
{
	struct tournament_spec spec = spec_of(&plain_game, 5, 2, 4);
	struct schedule schedule;
	struct counts c;

	spec.format = FORMAT_GAUNTLET;
	field[0].challenger = field[3].challenger = true;
	build(&spec, &schedule);
	/* 5 choose 2 pairs less the 3 without a challenger. */
	ck_assert_int_eq(schedule.table_count, 7);
	count(&schedule, &plain_game, &c);
	assert_seats(&c, 1u << 0 | 1u << 3, 2, 8);
	assert_seats(&c, 1u << 1 | 1u << 2 | 1u << 4, 2, 4);
	for (int b = 0; b < 5; b++) {
		if (b != 0)
			ck_assert_int_eq(c.met[0][b], 4);
		if (b != 3)
			ck_assert_int_eq(c.met[3][b], 4);
	}
	ck_assert_int_eq(c.met[1][2] + c.met[1][4] + c.met[2][4], 0);
	schedule_free(&schedule);
}
END_TEST

START_TEST(team_seatings)
{
	struct tournament_spec spec;
	struct schedule schedule;
	struct counts c;

	/* 2 teams of 2: 3 splits, each in 4 rotations. */
	ck_assert_int_eq(schedule_seating_count(&team_game, 4, err), 12);
	spec = spec_of(&team_game, 4, 4, 12);
	build(&spec, &schedule);
	ck_assert_int_eq(schedule.game_count, 12);
	count(&schedule, &team_game, &c);
	assert_seats(&c, 0xf, 4, 3);
	assert_pairs(c.partners, 0xf, 4);
	assert_pairs(c.met, 0xf, 12);  /* 4 as partners, 8 as opponents */
	schedule_free(&schedule);

	/* 5 bots: each pair at 3 tables. */
	spec = spec_of(&team_game, 5, 4, 24);
	build(&spec, &schedule);
	ck_assert_int_eq(schedule.game_count, 5 * 24);
	count(&schedule, &team_game, &c);
	assert_seats(&c, 0x1f, 4, 4 * 6);
	assert_pairs(c.partners, 0x1f, 3 * 8);
	assert_pairs(c.met, 0x1f, 3 * 24);
	schedule_free(&schedule);

	/* 3 teams of 2 (seats s and s + 3): 15 splits in 6 rotations. */
	ck_assert_int_eq(schedule_seating_count(&team_game, 6, err), 90);
	spec = spec_of(&team_game, 6, 6, 90);
	build(&spec, &schedule);
	count(&schedule, &team_game, &c);
	assert_seats(&c, 0x3f, 6, 15);
	assert_pairs(c.partners, 0x3f, 18);
	schedule_free(&schedule);

	/* team_of says -1 for 3 players: everyone for themselves. */
	ck_assert_int_eq(schedule_seating_count(&team_game, 3, err), 3);
	ck_assert_int_eq(schedule_seating_count(&plain_game, 5, err), 5);
}
END_TEST

/* Partners side by side would be split up by rotating the seats. */
START_TEST(unrotatable_teams)
{
	struct tournament_spec spec = spec_of(&split_game, 4, 4, 12);
	struct schedule schedule;
	const char *want = "rotating the seats of halves with 4 players would break up its teams, so its seatings cannot be balanced";

	ck_assert_int_eq(schedule_seating_count(&split_game, 4, err), -1);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(schedule_build(&spec, spec.bot_count, 1000, &schedule, err), -1);
	ck_assert_str_eq(err, want);
	/* Two players in halves are two teams of one. */
	ck_assert_int_eq(schedule_seating_count(&split_game, 2, err), 2);
}
END_TEST

/* A canonical form of a game independent of its position. */
static int compare_games(const void *a, const void *b)
{
	return memcmp(((const struct scheduled_game *)a)->seating,
		      ((const struct scheduled_game *)b)->seating,
		      sizeof ((const struct scheduled_game *)a)->seating);
}

START_TEST(seeded_shuffle)
{
	struct tournament_spec spec = spec_of(&plain_game, 7, 3, 3);
	struct schedule a, b, plain;
	bool same_order = true;

	spec.seeded = true;
	memset(spec.seed, 1, sizeof spec.seed);
	build(&spec, &a);
	build(&spec, &b);
	ck_assert_int_eq(a.game_count, b.game_count);
	ck_assert_mem_eq(a.games, b.games, sizeof *a.games * (size_t)a.game_count);
	ck_assert_mem_eq(a.tables, b.tables, sizeof *a.tables * (size_t)a.table_count);
	schedule_free(&b);

	spec.seed[0] = 2;
	build(&spec, &b);
	for (int t = 0; t < a.table_count; t++)
		same_order &= memcmp(a.tables[t].bots, b.tables[t].bots,
				     sizeof a.tables[t].bots) == 0;
	ck_assert(!same_order);

	/* The same games as without a seed, each table's still together. */
	spec.seeded = false;
	build(&spec, &plain);
	for (long i = 0; i < a.game_count; i++) {
		ck_assert_int_eq(a.games[i].table, (int)(i / 3));
		ck_assert_int_eq(b.games[i].table, (int)(i / 3));
	}
	qsort(a.games, (size_t)a.game_count, sizeof *a.games, compare_games);
	qsort(b.games, (size_t)b.game_count, sizeof *b.games, compare_games);
	qsort(plain.games, (size_t)plain.game_count, sizeof *plain.games,
	      compare_games);
	for (long i = 0; i < a.game_count; i++) {
		ck_assert_mem_eq(a.games[i].seating, plain.games[i].seating,
				 sizeof a.games[i].seating);
		ck_assert_mem_eq(b.games[i].seating, plain.games[i].seating,
				 sizeof b.games[i].seating);
	}
	schedule_free(&a);
	schedule_free(&b);
	schedule_free(&plain);
}
END_TEST

/* Tables' bots, from the first table on, as "01 02 12 ...": each table's
 * bots in their order. */
static void expect_tables(const struct schedule *schedule, const char *want)
{
	char got[256] = "";

	for (int t = 0; t < schedule->table_count; t++) {
		size_t len = strlen(got);

		if (t)
			got[len++] = ' ';
		for (int i = 0; i < schedule->players; i++)
			got[len++] = (char)('0' + schedule->tables[t].bots[i]);
		got[len] = '\0';
	}
	ck_assert_str_eq(got, want);
}

/* A grown schedule: the first bots' schedule, then for each later bot
 * the tables it adds to those before it, in lexicographic order (a
 * gauntlet's holding a challenger), each generation shuffled alone by the
 * seed; the same whatever the steps it grew in. */
START_TEST(grown_generations)
{
	struct tournament_spec spec = spec_of(&plain_game, 5, 2, 2);
	struct schedule grown, step, first;

	ck_assert_int_eq(schedule_build(&spec, 3, 1000, &grown, err), 0);
	expect_tables(&grown, "01 02 12 03 13 23 04 14 24 34");
	ck_assert_int_eq(grown.first_bots, 3);
	ck_assert_int_eq(grown.game_count, 20);
	ck_assert_int_eq(grown.tables[3].first_game, 7);
	ck_assert_int_eq(schedule_games_of(&grown, 3), 6);
	ck_assert_int_eq(schedule_games_of(&grown, 4), 12);
	ck_assert_int_eq(schedule_games_of(&grown, 5), 20);
	schedule_free(&grown);

	spec = spec_of(&plain_game, 5, 3, 3);
	ck_assert_int_eq(schedule_build(&spec, 4, 1000, &grown, err), 0);
	expect_tables(&grown, "012 013 023 123 014 024 034 124 134 234");
	schedule_free(&grown);

	spec = spec_of(&plain_game, 5, 2, 2);
	spec.format = FORMAT_GAUNTLET;
	field[1].challenger = true;
	ck_assert_int_eq(schedule_build(&spec, 3, 1000, &grown, err), 0);
	expect_tables(&grown, "01 12 13 14");
	schedule_free(&grown);

	/* Seeded: grown by two bots at once, or one at a time, from the
	 * schedule of the first three alone. */
	spec = spec_of(&plain_game, 5, 2, 2);
	spec.seeded = true;
	memset(spec.seed, 7, sizeof spec.seed);
	ck_assert_int_eq(schedule_build(&spec, 3, 1000, &grown, err), 0);
	spec.bot_count = 4;
	ck_assert_int_eq(schedule_build(&spec, 3, 1000, &step, err), 0);
	spec.bot_count = 3;
	ck_assert_int_eq(schedule_build(&spec, 3, 1000, &first, err), 0);
	ck_assert_mem_eq(grown.games, first.games, sizeof *first.games * 6);
	ck_assert_mem_eq(grown.games, step.games, sizeof *step.games * 12);
	/* Each generation in its own order, drawn with the bot's index (as
	 * tests/tools/kat.py's word stream shuffles them too). */
	expect_tables(&grown, "12 02 01 13 03 23 34 04 14 24");
	schedule_free(&grown);
	schedule_free(&step);
	schedule_free(&first);
}
END_TEST

START_TEST(shards_partition_tables)
{
	for (int count = 1; count <= 7; count++) {
		int tables = 35;
		long sizes[8] = {0};

		for (int t = 0; t < tables; t++) {
			int owners = 0;

			for (int i = 1; i <= count; i++)
				if (schedule_in_shard(t, i, count)) {
					owners++;
					sizes[i]++;
				}
			ck_assert_int_eq(owners, 1);
		}
		for (int i = 1; i <= count; i++)
			ck_assert(sizes[i] == tables / count ||
				  sizes[i] == tables / count + 1);
	}
}
END_TEST

START_TEST(schedule_refusals)
{
	struct tournament_spec spec = spec_of(&plain_game, 8, 2, 2);
	struct schedule schedule;

	ck_assert_int_eq(schedule_build(&spec, spec.bot_count, 55, &schedule, err), -1);
	ck_assert_str_eq(err, "the schedule has 56 games (28 tables of 2), more than the limit of 55");
	ck_assert_int_eq(schedule_build(&spec, spec.bot_count, 56, &schedule, err), 0);
	schedule_free(&schedule);

	spec = spec_of(&plain_game, 3, 4, 4);
	ck_assert_int_eq(schedule_build(&spec, spec.bot_count, 1000, &schedule, err), -1);
	ck_assert_str_eq(err, "plain needs at least 4 bots for a 4-player table");

	spec = spec_of(&plain_game, 4, 2, 2);
	spec.format = FORMAT_GAUNTLET;
	ck_assert_int_eq(schedule_build(&spec, spec.bot_count, 1000, &schedule, err), -1);
	ck_assert_str_eq(err, "gauntlet needs at least one bot with \"challenger\": true");
}
END_TEST

static bool seat0_wins(void *ctx, long game, int ranks[2])
{
	(void)ctx;
	ranks[0] = 1;
	ranks[1] = 2;
	return game <= 4;
}

/* A Swiss's tables: a pair each, round after round, only the first
 * round seated until its games have ranks. */
START_TEST(swiss_schedule)
{
	struct tournament_spec spec = spec_of(&plain_game, 5, 2, 2);
	struct schedule schedule;
	static const int want[][2] = {
		{0, 2}, {2, 0}, {3, 1}, {1, 3}, {4, 0}, {0, 4}, {1, 2}, {2, 1},
	};

	spec.format = FORMAT_SWISS;
	spec.rounds = 3;
	build(&spec, &schedule);
	ck_assert_int_eq(schedule.table_count, 6);
	ck_assert_int_eq(schedule.game_count, 12);
	ck_assert_int_eq(schedule.paired, 1);
	ck_assert(schedule_table_seated(&schedule, 1));
	ck_assert(!schedule_table_seated(&schedule, 2));
	ck_assert_int_eq(schedule.games[4].seating[0], -1);
	/* Round 1: 4 has the bye; both pairings end 1-1, so 4 leads
	 * alone and meets 0, and 3, the lowest without a bye, has it. */
	ck_assert_int_eq(schedule_pair(&schedule, seat0_wins, NULL), 2);
	for (int g = 0; g < 8; g++) {
		ck_assert_int_eq(schedule.games[g].seating[0], want[g][0]);
		ck_assert_int_eq(schedule.games[g].seating[1], want[g][1]);
	}
	ck_assert_int_eq(schedule.tables[2].bots[0], 0);
	ck_assert_int_eq(schedule.tables[2].bots[1], 4);
	ck_assert_int_eq(schedule.tables[2].first_game, 5);
	ck_assert(!schedule_table_seated(&schedule, 4));
	schedule_free(&schedule);

	ck_assert_int_eq(schedule_build(&spec, 4, 1000, &schedule, err), -1);
	ck_assert_str_eq(err, "a Swiss run cannot take new bots: its rounds were paired without them; start a new run with another --out");
	ck_assert_int_eq(schedule_build(&spec, 5, 11, &schedule, err), -1);
	ck_assert_str_eq(err, "the schedule has 12 games (3 rounds of 2 pairings of 2), more than the limit of 11");
	ck_assert_int_eq(schedule_build(&spec, 5, 12, &schedule, err), 0);
	schedule_free(&schedule);
}
END_TEST

/* The manifest's finished games wait in the ledger until 256 do, or the
 * first has waited a second; their record, written then, lists them in
 * order. */
START_TEST(manifest_batches)
{
	char dir[] = "/tmp/check_tournament_XXXXXX", *path, *text;
	struct manifest_ledger ledger;
	cJSON *r, *games;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	manifest_ledger_init(&ledger, 2);
	ck_assert_int_eq(run_manifest_start(&ledger.run, dir, cJSON_CreateObject(), err), 0);
	ck_assert_int_eq(manifest_ledger_wait_ms(&ledger), -1);
	ck_assert_int_eq(manifest_ledger_write_finished(&ledger, err), 0);
	for (int g = 1; g < MANIFEST_BATCH_GAMES; g++) {
		cJSON *entry = cJSON_CreateObject();

		cJSON_AddNumberToObject(entry, "game", g);
		manifest_ledger_finished(&ledger, entry);
	}
	ck_assert_int_gt(manifest_ledger_wait_ms(&ledger), 0);
	ck_assert_int_le(manifest_ledger_wait_ms(&ledger), MANIFEST_BATCH_MS);
	ledger.first_ns -= (int64_t)MANIFEST_BATCH_MS * 1000000; /* a second later */
	ck_assert_int_eq(manifest_ledger_wait_ms(&ledger), 0);
	ledger.first_ns += (int64_t)MANIFEST_BATCH_MS * 1000000;
	manifest_ledger_finished(&ledger, cJSON_CreateObject());
	ck_assert_int_eq(manifest_ledger_wait_ms(&ledger), 0);
	ck_assert_int_eq(manifest_ledger_due(&ledger, false, err), 0);
	ck_assert_int_eq(ledger.count, 0);
	ck_assert_int_eq(manifest_ledger_wait_ms(&ledger), -1);
	manifest_ledger_free(&ledger);
	path = xasprintf("%s/run.jsonl", dir);
	text = files_read_all(path, NULL);
	ck_assert_ptr_nonnull(text);
	r = cJSON_Parse(strchr(text, '\n') + 1);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(r, "type")), "finished");
	games = cJSON_GetObjectItem(r, "games");
	ck_assert_int_eq(cJSON_GetArraySize(games), MANIFEST_BATCH_GAMES);
	for (int g = 1; g < MANIFEST_BATCH_GAMES; g++)
		ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(
			cJSON_GetArrayItem(games, g - 1), "game")), g);
	cJSON_Delete(r);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(rmdir(dir), 0);
	free(text);
	free(path);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("tournament");
	TCase *files = tcase_create("files");
	TCase *schedules = tcase_create("schedules");

	tcase_add_checked_fixture(files, setup, teardown);
	tcase_add_test(files, defaults);
	tcase_add_test(files, swiss_file);
	tcase_add_test(files, every_field);
	tcase_add_test(files, name_from_file);
	tcase_add_test(files, options_refused);
	tcase_add_test(files, bots_refused);
	tcase_add_test(files, format_refused);
	tcase_add_test(files, fields_refused);
	tcase_add_test(files, json_refused);
	tcase_add_test(files, unknown_game);
	tcase_add_test(files, missing_file);
	tcase_add_test(files, shipped_files);
	tcase_add_test(files, bots_can_start);
	suite_add_tcase(s, files);
	tcase_add_checked_fixture(schedules, setup, teardown);
	tcase_add_test(schedules, round_robin_two_players);
	tcase_add_test(schedules, round_robin_multiplayer);
	tcase_add_test(schedules, gauntlet_one_challenger);
	tcase_add_test(schedules, gauntlet_two_challengers);
	tcase_add_test(schedules, team_seatings);
	tcase_add_test(schedules, unrotatable_teams);
	tcase_add_test(schedules, seeded_shuffle);
	tcase_add_test(schedules, grown_generations);
	tcase_add_test(schedules, shards_partition_tables);
	tcase_add_test(schedules, schedule_refusals);
	tcase_add_test(schedules, swiss_schedule);
	tcase_add_test(schedules, manifest_batches);
	suite_add_tcase(s, schedules);
	return s;
}
