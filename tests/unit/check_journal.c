/*
 * Unit tests for journal.c and logread.c: the exact bytes of chained
 * records, the signature, refusing to overwrite, and a full disk (no
 * torn line left, nothing written after it).
 */
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/files.h"
#include "base/journal.h"
#include "base/json.h"
#include "base/keys.h"
#include "base/logread.h"
#include "base/paths.h"
#include "base/util.h"
#include "manifest/run_manifest.h"
#include "run_suite.h"

static char err[ERR_LEN];

static cJSON *typed(const char *type)
{
	cJSON *r = cJSON_CreateObject();

	cJSON_AddStringToObject(r, "type", type);
	return r;
}

static char *temp_path(void)
{
	char *path = xstrdup("/tmp/check_journal_XXXXXX");
	int fd = mkstemp(path);

	close(fd);
	unlink(path);
	return path;
}

START_TEST(records_are_chained)
{
	static const unsigned char game_id[16] = {1, 2, 3};
	char *path = temp_path();
	struct referee_key key;
	unsigned char seed[32] = {0};
	struct chain_owner owner = {CHAIN_LOG_TAG, game_id, sizeof game_id};
	struct chain_end end = {0};
	struct journal *j;
	struct game_log log;
	cJSON *r;

	ck_assert_int_eq(sodium_init() >= 0, 1);
	crypto_sign_seed_keypair(key.public_key, key.secret_key, seed);
	j = journal_create(path, err);
	ck_assert_ptr_nonnull(j);
	ck_assert_int_eq(journal_append(j, typed("header"), err), 0);
	r = typed("action");
	cJSON_AddNumberToObject(r, "seat", 1);
	ck_assert_int_eq(journal_append(j, r, err), 0);
	ck_assert_int_eq(journal_sign(j, &key, game_id, err), 0);
	journal_free(j);

	ck_assert_int_eq(logread_load(path, &log, err), 0);
	ck_assert_uint_eq(log.count, 3);
	ck_assert(!log.ends_mid_line);
	ck_assert_uint_eq(log.lines[0].len, strlen("{\"seq\":0,\"type\":\"header\"}"));
	ck_assert(!memcmp(log.lines[0].bytes, "{\"seq\":0,\"type\":\"header\"}",
			  log.lines[0].len));
	/* The FAIRNESS.md example line hashes to its documented value. */
	chain_take(&end, log.lines[0].bytes, log.lines[0].len);
	ck_assert_str_eq(logread_string(&log, 1, "prev"), end.prev);
	ck_assert_str_eq(logread_string(&log, 2, "type"), "signature");
	chain_take(&end, log.lines[1].bytes, log.lines[1].len);
	ck_assert_int_eq(chain_signature_check(&owner, &end, logread_string(&log, 2, "key"),
					       logread_string(&log, 2, "sig"), key.public_key,
					       err), 0);
	logread_free(&log);
	unlink(path);
	free(path);
}
END_TEST

START_TEST(signature_message_layout)
{
	unsigned char id[16], hash[32], m[CHAIN_MESSAGE_MAX];
	struct chain_owner owner = {CHAIN_LOG_TAG, id, sizeof id};

	memset(id, 0x11, sizeof id);
	memset(hash, 0x22, sizeof hash);
	ck_assert_uint_eq(chain_message(m, &owner, 0x0102, hash), 68);
	ck_assert(!memcmp(m, "arena:log:v1", 12));
	ck_assert_int_eq(m[12], 0x11);
	ck_assert_int_eq(m[28], 0x02);
	ck_assert_int_eq(m[29], 0x01);
	ck_assert_int_eq(m[35], 0x00);
	ck_assert_int_eq(m[36], 0x22);
}
END_TEST

/* The example key of docs/FAIRNESS.md's vectors: the seed 80 81 ... 9f. */
static void example_key(struct referee_key *key)
{
	unsigned char seed[32];

	for (int i = 0; i < 32; i++)
		seed[i] = (unsigned char)(0x80 + i);
	crypto_sign_seed_keypair(key->public_key, key->secret_key, seed);
}

/* The file at `path` holds exactly `expect`; then it is removed. */
static void expect_file(const char *path, const char *expect)
{
	size_t len = 0;
	char *text = files_read_all(path, &len);

	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(len, strlen(expect));
	ck_assert_str_eq(text, expect);
	free(text);
	unlink(path);
}

/* docs/FAIRNESS.md's known answer "sign.line": the signature line of a log
 * whose only line is the example line, signed with the example key. */
START_TEST(kat_signature_line)
{
	static const char expect[] =
		"{\"seq\":0,\"type\":\"header\"}\n"
		"{\"seq\":1,\"prev\":\"cc10744f7dd10150255241c2147b9f0bed291540e3ade80a9b43823d5fbd7aff\","
		"\"type\":\"signature\",\"key\":\"cd14b37f956e953194ff7fb73b3d81dcc561d61a7538094b7c3e1a643ee5f3aa\","
		"\"sig\":\"973fc0f5c1f86b67b4988c5b68d150f8268d0508e31f791ad9cb1266a0940a69"
		"62b387412fc14938abf3476d54131d29f7bf400fb3e2d0cd3eac0e8f60b69001\"}\n";
	unsigned char game_id[16];
	struct referee_key key;
	char *path = temp_path();
	struct journal *j = journal_create(path, err);

	for (int i = 0; i < 16; i++)
		game_id[i] = (unsigned char)i;
	example_key(&key);
	ck_assert_ptr_nonnull(j);
	ck_assert_int_eq(journal_append(j, typed("header"), err), 0);
	ck_assert_int_eq(journal_sign(j, &key, game_id, err), 0);
	journal_free(j);
	expect_file(path, expect);
	free(path);
}
END_TEST

/* docs/FAIRNESS.md's known answer "run.*" (item 22): a play run's first
 * record and a started record, sealed by the run's one writer with the
 * example key, for the run id 00 01 ... 0f. */
START_TEST(kat_run_seal)
{
	static const char expect[] =
		"{\"seq\":0,\"type\":\"run\",\"format\":\"arena-run/1\",\"verb\":\"play\","
		"\"id\":\"000102030405060708090a0b0c0d0e0f\",\"fairness\":7,\"game\":\"bolo\","
		"\"players\":2,\"bots\":[\"a\",\"b\"]}\n"
		"{\"seq\":1,\"prev\":\"dfc1f75537bf59326024fe27d59d4ecd2f53d939b9eaec4365d20e8e73a8578d\","
		"\"type\":\"started\",\"games\":[1],\"commitments\":"
		"[\"6f4f1b20f1b49861d624044bc8ce9c567533edecd1b2c1d0f59fa5d0407f8a2e\"]}\n"
		"{\"seq\":2,\"prev\":\"66c98b76ccafa3ea4d7693695aa532d9b1d76c04bd80d35337149d5db8c4b029\","
		"\"type\":\"signature\",\"key\":\"cd14b37f956e953194ff7fb73b3d81dcc561d61a7538094b7c3e1a643ee5f3aa\","
		"\"sig\":\"54898b7fe8e47ce459c09e21cc46cffb12a6af13749a74c35be6d98cfaa2a56c"
		"e70d104205bb85cd3178db420cb0ef27af470e5cf34c83574e27e2dabdf21d01\"}\n";
	struct referee_key key;
	struct run_manifest m = {.key = &key};
	char dir[] = "/tmp/check_journal_run_XXXXXX", *path;
	cJSON *header = cJSON_Parse("{\"type\":\"run\",\"format\":\"arena-run/1\",\"verb\":"
				    "\"play\",\"id\":\"000102030405060708090a0b0c0d0e0f\","
				    "\"fairness\":7,\"game\":\"bolo\",\"players\":2,"
				    "\"bots\":[\"a\",\"b\"]}");
	cJSON *started = cJSON_Parse("{\"type\":\"started\",\"games\":[1],\"commitments\":"
				     "[\"6f4f1b20f1b49861d624044bc8ce9c567533edecd1b2c1d0f59fa5d0407f8a2e\"]}");

	for (int i = 0; i < 16; i++)
		m.id[i] = (unsigned char)i;
	example_key(&key);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(run_manifest_start(&m, dir, header, err), 0);
	ck_assert_int_eq(run_manifest_record(&m, started, err), 0);
	ck_assert_int_eq(run_manifest_seal(&m, err), 0);
	run_manifest_free(&m);
	path = path_join(dir, "run.jsonl");
	expect_file(path, expect);
	rmdir(dir);
	free(path);
}
END_TEST

START_TEST(never_overwrites)
{
	char *path = temp_path();
	FILE *f = fopen(path, "w");
	struct journal *j;

	fputs("precious\n", f);
	fclose(f);
	j = journal_create(path, err);
	ck_assert_ptr_null(j);
	ck_assert(strstr(err, "logs are never overwritten"));
	unlink(path);
	free(path);
}
END_TEST

/* Under a file-size limit of 100 bytes (a full disk; *saved: the limit
 * before, for the caller to put back before it asserts, as Check itself
 * writes files), appends a first record, written at once, and three
 * more, gathered: the first's result, and the sum of the others' in
 * *more. */
static int append_four_limited(struct journal *j, struct rlimit *saved, int *more)
{
	struct rlimit limit = {.rlim_cur = 100, .rlim_max = RLIM_INFINITY};
	int first;

	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, saved);
	setrlimit(RLIMIT_FSIZE, &limit);
	first = journal_append(j, typed("first-record"), err);
	*more = 0;
	for (int i = 0; i < 3; i++)
		*more += journal_append(j, typed("later-record"), err);
	return first;
}

/* A file-size limit stands in for a full disk: the write that does not
 * fit is an error naming the log, and the lines before it stay intact. */
START_TEST(full_disk_is_an_error)
{
	static const unsigned char game_id[16];
	struct referee_key key = {{0}, {0}};
	char *path = temp_path();
	struct journal *j = journal_create(path, err);
	struct game_log log;
	struct rlimit saved;
	int first, more, sign;

	ck_assert_ptr_nonnull(j);
	first = append_four_limited(j, &saved, &more);
	sign = journal_sign(j, &key, game_id, err);
	/* Check itself writes files: lift the limit before asserting. */
	setrlimit(RLIMIT_FSIZE, &saved);
	ck_assert_int_eq(first, 0);
	ck_assert_int_eq(more, 0);
	ck_assert_int_eq(sign, -1);
	ck_assert_msg(strstr(err, "cannot write log") && strstr(err, "File too large"),
		      "%s", err);
	journal_free(j);
	ck_assert_int_eq(logread_load(path, &log, err), 0);
	ck_assert_ptr_nonnull(log.lines[0].json);
	ck_assert_str_eq(logread_string(&log, 0, "type"), "first-record");
	logread_free(&log);
	unlink(path);
	free(path);
}
END_TEST

/* A write cut short by a full disk is taken back to the last whole
 * line, and once room is back the journal writes nothing more: its chain
 * has moved past the lines lost (a run that freed room by dropping a
 * game's log used to write its closing records after the torn line). */
START_TEST(failed_write_leaves_whole_lines)
{
	static const unsigned char game_id[16];
	static const char first_line[] = "{\"seq\":0,\"type\":\"first-record\"}\n";
	struct referee_key key = {{0}, {0}};
	char *path = temp_path();
	struct journal *j = journal_create(path, err);
	struct game_log log;
	struct rlimit saved;
	struct stat st;
	int first, more, flushed, again, sign;

	ck_assert_ptr_nonnull(j);
	first = append_four_limited(j, &saved, &more);
	flushed = journal_flush(j, err);
	setrlimit(RLIMIT_FSIZE, &saved);
	ck_assert_int_eq(first, 0);
	ck_assert_int_eq(flushed, -1);
	ck_assert_msg(strstr(err, "File too large"), "%s", err);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, (off_t)strlen(first_line));
	/* Room again: nothing more is written. */
	journal_append(j, typed("after-room"), err);
	again = journal_flush(j, err);
	ck_assert_int_eq(again, -1);
	ck_assert_msg(strstr(err, "an earlier write to it failed"), "%s", err);
	sign = journal_sign(j, &key, game_id, err);
	ck_assert_int_eq(sign, -1);
	journal_free(j);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, (off_t)strlen(first_line));
	ck_assert_int_eq(logread_load(path, &log, err), 0);
	ck_assert_int_eq(log.count, 1);
	ck_assert(!log.ends_mid_line);
	ck_assert_str_eq(logread_string(&log, 0, "type"), "first-record");
	logread_free(&log);
	unlink(path);
	free(path);
}
END_TEST

START_TEST(reader_flags_a_cut_line)
{
	char *path = temp_path();
	FILE *f = fopen(path, "w");
	struct game_log log;

	fputs("{\"seq\":0,\"type\":\"header\"}\n{\"seq\":1,\"ty", f);
	fclose(f);
	ck_assert_int_eq(logread_load(path, &log, err), 0);
	ck_assert_uint_eq(log.count, 2);
	ck_assert(log.ends_mid_line);
	ck_assert_ptr_nonnull(log.lines[0].json);
	ck_assert_ptr_null(log.lines[1].json);
	logread_free(&log);
	ck_assert_int_eq(logread_load("/nonexistent/log", &log, err), -1);
	ck_assert_str_eq(err, "cannot open '/nonexistent/log': No such file or directory");
	unlink(path);
	free(path);
}
END_TEST

/* The integer check on lines whose strings hold quotes, backslashes,
 * dots and e's, which must not be mistaken for numbers. */
/* The bytes of the file at `path`, in a new buffer. */
static char *file_bytes(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = xmalloc(1 << 16);

	*len = fread(buf, 1, 1 << 16, f);
	fclose(f);
	return buf;
}

/* Writes the same records plain and compressed, a flush in between (two
 * gzip members): the reader gives the same lines from both. */
START_TEST(compressed_log_reads_as_plain)
{
	static const unsigned char game_id[16] = {7};
	char *paths[2] = {temp_path(), temp_path()};
	unsigned char seed[32] = {0};
	struct referee_key key;
	struct game_log logs[2];
	size_t len;
	char *bytes;

	ck_assert_int_eq(sodium_init() >= 0, 1);
	crypto_sign_seed_keypair(key.public_key, key.secret_key, seed);
	for (int k = 0; k < 2; k++) {
		struct journal *j = journal_create(paths[k], err);

		if (k)
			journal_compress(j);
		ck_assert_int_eq(journal_append(j, typed("header"), err), 0);
		ck_assert_int_eq(journal_flush(j, err), 0);
		ck_assert_int_eq(journal_append(j, typed("action"), err), 0);
		ck_assert_int_eq(journal_sign(j, &key, game_id, err), 0);
		journal_free(j);
		ck_assert_int_eq(logread_load(paths[k], &logs[k], err), 0);
		ck_assert_int_eq(logs[k].compressed, k);
		ck_assert_uint_eq(logs[k].count, 3);
		ck_assert(!logs[k].ends_mid_line);
	}
	ck_assert_uint_eq(logs[0].size, logs[1].size);
	ck_assert(!memcmp(logs[0].buffer, logs[1].buffer, logs[0].size));
	/* As text (the server's GET of a log): the same lines from both,
	 * NUL-terminated. */
	for (int k = 0; k < 2; k++) {
		char *text = logread_text(paths[k], &len, err);

		ck_assert_ptr_nonnull(text);
		ck_assert_uint_eq(len, logs[0].size);
		ck_assert(!memcmp(text, logs[0].buffer, len));
		ck_assert_int_eq(text[len], '\0');
		free(text);
	}
	bytes = file_bytes(paths[1], &len);
	ck_assert_uint_eq((unsigned char)bytes[0], 0x1f);
	ck_assert_uint_eq((unsigned char)bytes[1], 0x8b);
	/* Cut in its second member: the first member's line alone, the log
	 * marked cut. */
	ck_assert_int_eq(truncate(paths[1], (off_t)len - 3), 0);
	logread_free(&logs[1]);
	ck_assert_int_eq(logread_load(paths[1], &logs[1], err), 0);
	ck_assert_uint_eq(logs[1].count, 1);
	ck_assert(logs[1].ends_mid_line);
	ck_assert_str_eq(logread_string(&logs[1], 0, "type"), "header");
	free(bytes);
	bytes = logread_text(paths[1], &len, err);
	ck_assert_uint_eq(len, logs[1].size);
	ck_assert(!memcmp(bytes, logs[1].buffer, len));
	ck_assert_ptr_null(logread_text("/nonexistent/log.jsonl", &len, err));
	ck_assert_str_eq(err, "cannot open '/nonexistent/log.jsonl': No such file or directory");
	for (int k = 0; k < 2; k++) {
		logread_free(&logs[k]);
		unlink(paths[k]);
		free(paths[k]);
	}
	free(bytes);
}
END_TEST

START_TEST(integers_are_written_plainly)
{
	static const struct {
		const char *line;
		const char *why;   /* NULL: the line is fine */
	} cases[] = {
		{"{\"detail\":\"a \\\"1.0\\\" e\",\"us\":15}", NULL},
		{"{\"detail\":\"E.\\\\\",\"seq\":-3}", NULL},
		{"{\"seeded\":true,\"seq\":0}", NULL},
		{"{\"action\":{\"x\":0.5,\"y\":[1]},\"us\":3}", NULL},
		{"{\"detail\":\"ends in \\\\\",\"us\":1.0}",
		 "\"us\" is written 1.0: an integer is written without a "
		 "fraction or an exponent"},
		{"{\"detail\":\"q\\\"\",\"us\":1e0}",
		 "\"us\" is written 1e0: an integer is written without a "
		 "fraction or an exponent"},
		{"{\"action\":{\"x\":2E1},\"us\":1}",
		 "\"x\" is written 2E1: an integer is written without a "
		 "fraction or an exponent"},
		{"{\"seq\":1,\"us\":2.5}", "\"us\" is written 2.5: it must be an integer"},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct log_line line = {.bytes = cases[i].line,
					.len = strlen(cases[i].line)};
		char why[160];

		line.json = json_parse_object(line.bytes, line.len, err);
		ck_assert_msg(line.json, "%s: %s", line.bytes, err);
		ck_assert_int_eq(logread_integers_ok(&line, why, sizeof why),
				 cases[i].why == NULL);
		if (cases[i].why)
			ck_assert_str_eq(why, cases[i].why);
		cJSON_Delete(line.json);
	}
}
END_TEST

START_TEST(keys_round_trip)
{
	char dir[] = "/tmp/check_keys_XXXXXX", path[64];
	struct referee_key made, loaded;
	unsigned char pub[32];
	bool created;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(keys_load_or_generate(dir, &made, &created, err), 0);
	ck_assert(created);
	ck_assert_int_eq(keys_load_or_generate(dir, &loaded, &created, err), 0);
	ck_assert(!created);
	ck_assert(!memcmp(made.public_key, loaded.public_key, 32));
	snprintf(path, sizeof path, "%s/%s", dir, KEYS_PUBLIC_FILE);
	ck_assert_int_eq(keys_load_public(path, pub, err), 0);
	ck_assert(!memcmp(pub, made.public_key, 32));
	ck_assert_int_eq(keys_generate(dir, &made, err), -1);
	ck_assert(strstr(err, "refusing to overwrite a key"));
	snprintf(path, sizeof path, "%s/%s", dir, KEYS_SECRET_FILE);
	unlink(path);
	snprintf(path, sizeof path, "%s/%s", dir, KEYS_PUBLIC_FILE);
	unlink(path);
	rmdir(dir);
}
END_TEST

/* Two first runs started at once both make the default key: each of
 * several referees racing to make it in an empty folder signs with the
 * same key, none refused nor reading it half written.  Rounds of eight
 * children released together by one pipe. */
START_TEST(keys_made_at_once)
{
	enum { CHILDREN = 8, ROUNDS = 20 };

	for (int round = 0; round < ROUNDS; round++) {
		char dir[] = "/tmp/check_keys_XXXXXX", path[64], hex[65];
		int go[2], out[2], status;
		struct referee_key key;
		unsigned char pub[32];
		bool created;
		pid_t pids[CHILDREN];

		ck_assert_ptr_nonnull(mkdtemp(dir));
		ck_assert_int_eq(pipe(go), 0);
		ck_assert_int_eq(pipe(out), 0);
		for (int c = 0; c < CHILDREN; c++) {
			char byte;

			pids[c] = fork();
			ck_assert_int_ge(pids[c], 0);
			if (pids[c])
				continue;
			close(go[1]);
			/* Released together: the pipe closed by the parent. */
			if (read(go[0], &byte, 1) != 0)
				_exit(2);
			if (keys_load_or_generate(dir, &key, &created, err)) {
				dprintf(out[1], "%-64.64s\n", err);
				_exit(1);
			}
			hex_encode(hex, key.public_key, 32);
			dprintf(out[1], "%s\n", hex);
			_exit(0);
		}
		close(go[0]);
		close(go[1]);
		close(out[1]);
		for (int c = 0; c < CHILDREN; c++)
			ck_assert_int_eq(waitpid(pids[c], &status, 0), pids[c]);
		snprintf(path, sizeof path, "%s/%s", dir, KEYS_PUBLIC_FILE);
		ck_assert_int_eq(keys_load_public(path, pub, err), 0);
		hex_encode(hex, pub, 32);
		for (int c = 0; c < CHILDREN; c++) {
			char line[66];

			ck_assert_int_eq(read(out[0], line, 65), 65);
			line[64] = '\0';
			ck_assert_msg(!strcmp(line, hex), "round %d: %s", round, line);
		}
		close(out[0]);
		unlink(path);
		snprintf(path, sizeof path, "%s/%s", dir, KEYS_SECRET_FILE);
		unlink(path);
		ck_assert_int_eq(rmdir(dir), 0);
	}
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("journal");
	TCase *tc = tcase_create("journal");

	tcase_add_test(tc, records_are_chained);
	tcase_add_test(tc, signature_message_layout);
	tcase_add_test(tc, kat_signature_line);
	tcase_add_test(tc, kat_run_seal);
	tcase_add_test(tc, never_overwrites);
	tcase_add_test(tc, full_disk_is_an_error);
	tcase_add_test(tc, failed_write_leaves_whole_lines);
	tcase_add_test(tc, reader_flags_a_cut_line);
	tcase_add_test(tc, compressed_log_reads_as_plain);
	tcase_add_test(tc, integers_are_written_plainly);
	tcase_add_test(tc, keys_round_trip);
	tcase_add_test(tc, keys_made_at_once);
	suite_add_tcase(s, tc);
	return s;
}
