/*
 * Unit tests for the C bot SDK (sdk/c/arena_bot.c): each test plays a
 * scripted referee transcript through arena_bot_run in a child process
 * whose standard input, output and error are temporary files, then checks
 * every reply line, the exit status and what went to standard error.  The
 * fairness exchange is checked twice: the reveal must match the
 * commitment under an independent BLAKE2b computation, and with
 * randombytes_buf fixed the commitment must equal the known answer that
 * tests/e2e/sdk_python_test.py checks for the Python SDK.
 */
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sodium.h>

#include "arena_bot.h"
#include "run_suite.h"

/* game_id = 00..0f, seat 1, C = 20..3f, r = 40..5f */
#define KAT_COMMITMENT \
	"782ed1d156a84afa5eb9f379eb75cc0cc11f4253c8bf0cb10b9559c5ea714b08"
#define KAT_GAME_ID "000102030405060708090a0b0c0d0e0f"
#define KAT_C "202122232425262728292a2b2c2d2e2f" \
	"303132333435363738393a3b3c3d3e3f"
#define KAT_R "404142434445464748494a4b4c4d4e4f" \
	"505152535455565758595a5b5c5d5e5f"

/* Plays the last element of legal; gives up when there is none. */
static cJSON *decide_last(const cJSON *turn, void *ctx)
{
	const cJSON *legal = arena_legal(turn);
	int n = cJSON_GetArraySize(legal);

	(void)ctx;
	return n > 0 ? cJSON_Duplicate(cJSON_GetArrayItem(legal, n - 1), 1)
		     : NULL;
}

/* The callbacks leave a trace on standard error for the tests to see. */
static void note_start(const cJSON *start, void *ctx)
{
	fprintf(stderr, "%s start seat %d\n", (const char *)ctx,
		arena_seat(start));
}

static void note_end(const cJSON *end, void *ctx)
{
	(void)end;
	fprintf(stderr, "%s end\n", (const char *)ctx);
}

static const struct arena_bot_callbacks callbacks = {
	.decide = decide_last,
	.on_start = note_start,
	.on_end = note_end,
	.ctx = "bot",
};

static char *read_all(FILE *f)
{
	long size;
	char *text;

	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	rewind(f);
	text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	text[size] = '\0';
	fclose(f);
	return text;
}

/*
 * Runs arena_bot_run(name, version, cb) on `len` bytes of input in a
 * child; returns its exit status and what it wrote to stdout and stderr.
 */
static int run_bot(const char *name, const char *version,
		   const struct arena_bot_callbacks *cb, const char *input,
		   size_t len, char **out, char **err)
{
	FILE *in = tmpfile(), *o = tmpfile(), *e = tmpfile();
	pid_t pid;
	int status;

	ck_assert(in && o && e);
	ck_assert_uint_eq(fwrite(input, 1, len, in), len);
	ck_assert_int_eq(fflush(in), 0);
	rewind(in);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		/* Drop output the test runner buffered before the fork. */
		__fpurge(stdout);
		if (dup2(fileno(in), 0) < 0 || dup2(fileno(o), 1) < 0 ||
		    dup2(fileno(e), 2) < 0)
			_exit(99);
		_exit(arena_bot_run(name, version, cb));
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	fclose(in);
	*out = read_all(o);
	*err = read_all(e);
	return WEXITSTATUS(status);
}

/* run_bot with the test's callbacks, name and version on a C string. */
static int play(const char *input, char **out, char **err)
{
	return run_bot("tester", "2", &callbacks, input, strlen(input), out,
		       err);
}

/* H(P, -, msg), computed here independently of the SDK. */
static void hash(unsigned char out[32], const char *personal,
		 const unsigned char *msg, size_t len)
{
	unsigned char p[crypto_generichash_blake2b_PERSONALBYTES] = { 0 };

	memcpy(p, personal, strlen(personal));
	ck_assert_int_eq(crypto_generichash_blake2b_salt_personal(out, 32,
			 msg, len, NULL, 0, NULL, p), 0);
}

static void hex_to_bin(unsigned char *bin, size_t len, const char *hex)
{
	ck_assert_uint_eq(strlen(hex), 2 * len);
	ck_assert_int_eq(sodium_hex2bin(bin, len, hex, 2 * len, NULL, NULL,
					NULL), 0);
}

/* Splits `text` at its newlines in place; returns the line count. */
static int split_lines(char *text, char **lines, int max)
{
	int n = 0;

	for (char *nl; n < max && (nl = strchr(text, '\n')); text = nl + 1) {
		*nl = '\0';
		lines[n++] = text;
	}
	ck_assert_str_eq(text, "");     /* every line ends with a newline */
	return n;
}

START_TEST(full_game)
{
	unsigned char game_id[16], secret[32], c_ref[32], in[84], c[32];
	char game_hex[33], secret_hex[65], c_ref_hex[65], input[2048];
	char *out, *err, *lines[16];
	const char *reveal_hex;

	for (int i = 0; i < 32; i++)
		secret[i] = (unsigned char)(0xa0 + i);
	memcpy(game_id, secret, 16);
	memcpy(in, game_id, 16);
	memcpy(in + 16, secret, 32);
	hash(c_ref, "arena:commit", in, 48);
	sodium_bin2hex(game_hex, sizeof game_hex, game_id, 16);
	sodium_bin2hex(secret_hex, sizeof secret_hex, secret, 32);
	sodium_bin2hex(c_ref_hex, sizeof c_ref_hex, c_ref, 32);
	snprintf(input, sizeof input,
		 "{\"type\":\"hello\",\"protocol\":1,\"referee\":\"arena\"}\n"
		 "{\"type\":\"start\",\"game\":\"rolit\",\"game_id\":\"%s\","
		 "\"seat\":2,\"players\":[\"a\",\"b\",\"c\"]}\n"
		 "{\"type\":\"commit\",\"commitment\":\"%s\"}\n"
		 "{\"type\":\"lock\",\"commitments\":[null,null,\"00\"]}\n"
		 "{\"type\":\"turn\",\"seat\":2,\"state\":{},"
		 "\"legal\":[\"C3\",{\"to\":[1,2]}],\"time_left_ms\":900}\n"
		 "{\"type\":\"turn\",\"seat\":2,\"state\":{},\"legal\":[7]}\n"
		 "{\"type\":\"news\",\"extra\":true}\n"
		 "{\"type\":\"end\",\"result\":{},\"secret\":\"%s\"}\n"
		 "{\"type\":\"goodbye\"}\n"
		 "{\"type\":\"hello\"}\n", game_hex, c_ref_hex, secret_hex);

	ck_assert_int_eq(play(input, &out, &err), 0);
	ck_assert_int_eq(split_lines(out, lines, 16), 9);
	ck_assert_str_eq(lines[0], "{\"name\":\"tester\",\"version\":\"2\"}");
	ck_assert_str_eq(lines[1], "{}");
	ck_assert_int_eq(strncmp(lines[2], "{\"commitment\":\"", 15), 0);
	ck_assert_int_eq(strncmp(lines[3], "{\"reveal\":\"", 11), 0);
	ck_assert_str_eq(lines[4], "{\"action\":{\"to\":[1,2]}}");
	ck_assert_str_eq(lines[5], "{\"action\":7}");
	ck_assert_str_eq(lines[6], "{}");
	ck_assert_str_eq(lines[7], "{}");
	ck_assert_str_eq(lines[8], "{}");
	/* Nothing but the callbacks on stderr: the secret checked out. */
	ck_assert_str_eq(err, "bot start seat 2\nbot end\n");

	/* c_i = H("arena:botcommit", -, game_id || LE32(2) || C || r_i) */
	ck_assert_uint_eq(strlen(lines[2]), 15 + 64 + 2);
	ck_assert_uint_eq(strlen(lines[3]), 11 + 64 + 2);
	reveal_hex = lines[3] + 11;
	lines[3][11 + 64] = '\0';
	lines[2][15 + 64] = '\0';
	memcpy(in, game_id, 16);
	memcpy(in + 16, "\2\0\0\0", 4);
	memcpy(in + 20, c_ref, 32);
	hex_to_bin(in + 52, 32, reveal_hex);
	hash(c, "arena:botcommit", in, sizeof in);
	hex_to_bin(in, 32, lines[2] + 15);
	ck_assert_mem_eq(in, c, 32);
	free(out);
	free(err);
}
END_TEST

/* randombytes_buf that always yields 40 41 42 ... */
static void fixed_buf(void *const buf, const size_t size)
{
	for (size_t i = 0; i < size; i++)
		((unsigned char *)buf)[i] = (unsigned char)(0x40 + i);
}

static const char *fixed_name(void)
{
	return "fixed";
}

static uint32_t fixed_random(void)
{
	return 0x40414243;
}

static randombytes_implementation fixed_random_impl = {
	.implementation_name = fixed_name,
	.random = fixed_random,
	.buf = fixed_buf,
};

START_TEST(known_answer)
{
	static const char input[] =
		"{\"type\":\"start\",\"game_id\":\"" KAT_GAME_ID "\","
		"\"seat\":1}\n"
		"{\"type\":\"commit\",\"commitment\":\"" KAT_C "\"}\n"
		"{\"type\":\"lock\",\"commitments\":[null,\"\"]}\n"
		"{\"type\":\"end\",\"secret\":\"" KAT_R "\"}\n";
	char *out, *err;

	ck_assert_int_eq(randombytes_set_implementation(&fixed_random_impl),
			 0);
	ck_assert_int_eq(play(input, &out, &err), 0);
	randombytes_set_implementation(&randombytes_sysrandom_implementation);
	ck_assert_str_eq(out, "{}\n"
			 "{\"commitment\":\"" KAT_COMMITMENT "\"}\n"
			 "{\"reveal\":\"" KAT_R "\"}\n"
			 "{}\n");
	/* C was not made from that secret: the SDK must say so. */
	ck_assert_ptr_nonnull(strstr(err, "line 4: end: the referee's secret "
				     "does not match its commitment"));
	free(out);
	free(err);
}
END_TEST

START_TEST(lock_without_commit)
{
	char *out, *err;

	ck_assert_int_eq(play("{\"type\":\"start\",\"game_id\":\"" KAT_GAME_ID
			      "\",\"seat\":0}\n"
			      "{\"type\":\"lock\",\"commitments\":[null]}\n"
			      "{\"type\":\"end\"}\n", &out, &err), 0);
	ck_assert_str_eq(out, "{}\n{}\n{}\n");
	ck_assert_str_eq(err, "bot start seat 0\nbot end\n");
	free(out);
	free(err);
}
END_TEST

START_TEST(end_without_secret_warns)
{
	char *out, *err;

	ck_assert_int_eq(play("{\"type\":\"start\",\"game_id\":\"" KAT_GAME_ID
			      "\",\"seat\":0}\n"
			      "{\"type\":\"commit\",\"commitment\":\"" KAT_C
			      "\"}\n"
			      "{\"type\":\"end\",\"secret\":\"XY\"}\n",
			      &out, &err), 0);
	ck_assert_ptr_nonnull(strstr(err, "line 3: end: no valid \"secret\""));
	free(out);
	free(err);
}
END_TEST

/* A duplicate set (PROTOCOL.md): its first game ends without the secret,
 * a later game has no commit or lock; neither is worth a warning. */
START_TEST(games_of_a_set)
{
	char *out, *err;

	ck_assert_int_eq(play("{\"type\":\"start\",\"game_id\":\"" KAT_GAME_ID
			      "\",\"seat\":0,\"set\":{\"id\":\"" KAT_GAME_ID
			      "\",\"game\":0,\"of\":2}}\n"
			      "{\"type\":\"commit\",\"commitment\":\"" KAT_C
			      "\"}\n"
			      "{\"type\":\"end\"}\n"
			      "{\"type\":\"start\",\"game_id\":\"" KAT_GAME_ID
			      "\",\"seat\":1,\"set\":{\"id\":\"" KAT_GAME_ID
			      "\",\"game\":1,\"of\":2}}\n"
			      "{\"type\":\"end\"}\n", &out, &err), 0);
	ck_assert_str_eq(err, "bot start seat 0\nbot end\nbot start seat 1\n"
			 "bot end\n");
	free(out);
	free(err);
}
END_TEST

START_TEST(hello_without_name)
{
	static const char input[] = "{\"type\":\"hello\",\"protocol\":1}\n";
	char *out, *err;

	ck_assert_int_eq(run_bot(NULL, NULL, &callbacks, input,
				 strlen(input), &out, &err), 0);
	ck_assert_str_eq(out, "{}\n");
	free(out);
	free(err);
}
END_TEST

/* End of input without goodbye is a clean end, and so is a last line
 * without its newline. */
START_TEST(eof_without_goodbye)
{
	char *out, *err;

	ck_assert_int_eq(play("{\"type\":\"turn\",\"legal\":[\"x\"]}", &out,
			      &err), 0);
	ck_assert_str_eq(out, "{\"action\":\"x\"}\n");
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
}
END_TEST

/* A line far beyond any fixed buffer (the state of a big game). */
START_TEST(long_line)
{
	size_t n = 1 << 20;
	char *input = malloc(n + 64), *out, *err;
	size_t len;

	ck_assert_ptr_nonnull(input);
	len = (size_t)sprintf(input, "{\"type\":\"turn\",\"legal\":[1],"
			      "\"state\":\"");
	memset(input + len, 'a', n);
	len += n;
	len += (size_t)sprintf(input + len, "\"}\n");
	ck_assert_int_eq(run_bot("x", "1", &callbacks, input, len, &out, &err),
			 0);
	ck_assert_str_eq(out, "{\"action\":1}\n");
	free(input);
	free(out);
	free(err);
}
END_TEST

START_TEST(no_decide_callback)
{
	const struct arena_bot_callbacks none = { .decide = NULL };
	char *out, *err;

	ck_assert_int_eq(run_bot("x", "1", &none, "", 0, &out, &err), 1);
	ck_assert_str_eq(out, "");
	ck_assert_str_ne(err, "");
	free(out);
	free(err);
}
END_TEST

/* Each of these inputs ends in a protocol error: exit status 1, a message
 * on stderr, and the replies to the lines before it. */
static const struct {
	const char *input;
	size_t len;             /* 0: strlen(input) */
	const char *replies;    /* before the error */
	const char *message;    /* part of what stderr must say */
} malformed[] = {
	{ "not json\n", 0, "", "line 1: not a JSON object" },
	{ "\n", 0, "", "not a JSON object" },
	{ "[1]\n", 0, "", "not a JSON object" },
	{ "{\"type\":1}\n", 0, "", "not a JSON object" },
	{ "{}\n", 0, "", "not a JSON object" },
	{ "{\"type\":\"end\"} {}\n", 0, "", "not a JSON object" },
	{ "{\"type\":\"end\"}\0x\n", 17, "", "NUL byte" },
	{ "{\"type\":\"start\",\"seat\":0,\"game_id\":\"000102030405060708090A"
	  "0B0C0D0E0F\"}\n", 0, "", "\"game_id\"" },
	{ "{\"type\":\"start\",\"seat\":0,\"game_id\":\"00\"}\n", 0, "",
	  "\"game_id\"" },
	{ "{\"type\":\"start\",\"seat\":-1,\"game_id\":\"" KAT_GAME_ID
	  "\"}\n", 0, "", "\"seat\"" },
	{ "{\"type\":\"start\",\"seat\":1.5,\"game_id\":\"" KAT_GAME_ID
	  "\"}\n", 0, "", "\"seat\"" },
	{ "{\"type\":\"start\",\"seat\":true,\"game_id\":\"" KAT_GAME_ID
	  "\"}\n", 0, "", "\"seat\"" },
	{ "{\"type\":\"start\",\"game_id\":\"" KAT_GAME_ID "\"}\n", 0, "",
	  "\"seat\"" },
	{ "{\"type\":\"commit\",\"commitment\":\"" KAT_C "\"}\n", 0, "",
	  "no game started" },
	{ "{\"type\":\"start\",\"seat\":0,\"game_id\":\"" KAT_GAME_ID "\"}\n"
	  "{\"type\":\"commit\",\"commitment\":\"abc\"}\n", 0, "{}\n",
	  "line 2: commit: \"commitment\"" },
	{ "{\"type\":\"hello\"}\n{\"type\":\"turn\",\"legal\":[]}\n", 0,
	  "{\"name\":\"x\",\"version\":\"1\"}\n",
	  "line 2: turn: decide returned no action" },
};

START_TEST(malformed_input)
{
	const char *input = malformed[_i].input;
	size_t len = malformed[_i].len ? malformed[_i].len : strlen(input);
	char *out, *err;

	ck_assert_int_eq(run_bot("x", "1", &callbacks, input, len, &out, &err),
			 1);
	ck_assert_str_eq(out, malformed[_i].replies);
	ck_assert_ptr_nonnull(strstr(err, malformed[_i].message));
	free(out);
	free(err);
}
END_TEST

/* Gives up on its first turn, answers an action nobody offered on its
 * second, and on the third plays the first legal action with its keys in
 * another order. */
static cJSON *decide_faulty(const cJSON *turn, void *ctx)
{
	int *turns = ctx;

	(void)turn;
	switch (++*turns) {
	case 1:
		return NULL;
	case 2:
		return cJSON_CreateString("Z9");
	default:
		return cJSON_Parse("{\"to\":\"C3\",\"from\":\"A1\"}");
	}
}

#define FAULTY_TURN "{\"type\":\"turn\",\"legal\":[{\"from\":\"A1\"," \
	"\"to\":\"C3\"},\"pass\"]}\n"

START_TEST(safety_net)
{
	int turns = 0;
	const struct arena_bot_callbacks net = { .decide = decide_faulty,
						 .ctx = &turns, .safe = true };
	const char *input = FAULTY_TURN FAULTY_TURN FAULTY_TURN;
	char *out, *err, *lines[4];

	ck_assert_int_eq(run_bot("x", "1", &net, input, strlen(input), &out,
				 &err), 0);
	ck_assert_int_eq(split_lines(out, lines, 4), 3);
	for (int i = 0; i < 2; i++)
		ck_assert(!strcmp(lines[i], "{\"action\":\"pass\"}") ||
			  !strcmp(lines[i], "{\"action\":{\"from\":\"A1\","
				  "\"to\":\"C3\"}}"));
	ck_assert_str_eq(lines[2], "{\"action\":{\"to\":\"C3\",\"from\":\"A1\"}}");
	ck_assert_str_eq(err, "arena-bot: line 1: decide returned no action; "
			 "playing a random legal action instead\n"
			 "arena-bot: line 2: decide returned \"Z9\", which is "
			 "not legal; playing a random legal action instead\n");
	free(out);
	free(err);
}
END_TEST

/* Says why on its first and third turns, twice on the third (the last
 * call wins), 300 bytes of e-acute on its fourth (cut at 256 bytes, on a
 * character boundary), and "a" before them on its fifth (cut at 255: 256
 * would split an e-acute). */
static cJSON *decide_talking(const cJSON *turn, void *ctx)
{
	int *turns = ctx;
	char long_text[301] = "";

	(*turns)++;
	if (*turns == 1)
		arena_info("opening: take %s", "the corner");
	if (*turns == 3) {
		arena_info("first thought");
		arena_info("second thought \n");
	}
	if (*turns >= 4) {
		for (int i = 0; i < 150; i++)
			strcat(long_text, "\xc3\xa9");
		arena_info("%s%s", *turns == 5 ? "a" : "", long_text);
	}
	return cJSON_Duplicate(cJSON_GetArrayItem(arena_legal(turn), 0), 1);
}

START_TEST(info_goes_with_the_action)
{
	int turns = 0;
	const struct arena_bot_callbacks talking = { .decide = decide_talking,
						     .ctx = &turns };
	const char *turn = "{\"type\":\"turn\",\"legal\":[\"C3\",\"F3\"]}\n";
	char input[256] = "", *out, *err, *lines[6];
	cJSON *fourth, *fifth;

	for (int i = 0; i < 5; i++)
		strcat(input, turn);
	ck_assert_int_eq(run_bot("x", "1", &talking, input, strlen(input), &out,
				 &err), 0);
	ck_assert_int_eq(split_lines(out, lines, 6), 5);
	ck_assert_str_eq(lines[0], "{\"action\":\"C3\",\"info\":\"opening: take the corner\"}");
	ck_assert_str_eq(lines[1], "{\"action\":\"C3\"}");
	ck_assert_str_eq(lines[2], "{\"action\":\"C3\",\"info\":\"second thought \\n\"}");
	fourth = cJSON_Parse(lines[3]);
	ck_assert_uint_eq(strlen(cJSON_GetObjectItem(fourth, "info")->valuestring), 256);
	fifth = cJSON_Parse(lines[4]);
	ck_assert_uint_eq(strlen(cJSON_GetObjectItem(fifth, "info")->valuestring), 255);
	ck_assert_str_eq(err, "");
	cJSON_Delete(fourth);
	cJSON_Delete(fifth);
	free(out);
	free(err);
}
END_TEST

START_TEST(turn_helpers)
{
	cJSON *turn = cJSON_Parse("{\"seat\":3,\"state\":{\"n\":1},"
				  "\"legal\":[\"a\",\"b\"]}");
	cJSON *bare = cJSON_Parse("{\"legal\":{},\"seat\":\"0\"}");

	ck_assert_ptr_nonnull(turn);
	ck_assert_ptr_nonnull(bare);
	ck_assert_int_eq(arena_seat(turn), 3);
	ck_assert_int_eq(cJSON_GetArraySize(arena_legal(turn)), 2);
	ck_assert_int_eq(cJSON_GetObjectItem(arena_state(turn), "n")->valueint,
			 1);
	ck_assert_int_eq(arena_seat(bare), -1);
	ck_assert_ptr_null(arena_legal(bare));
	ck_assert_ptr_null(arena_state(bare));
	cJSON_Delete(turn);
	cJSON_Delete(bare);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("sdk");
	TCase *tc = tcase_create("sdk");

	tcase_add_test(tc, full_game);
	tcase_add_test(tc, known_answer);
	tcase_add_test(tc, lock_without_commit);
	tcase_add_test(tc, end_without_secret_warns);
	tcase_add_test(tc, games_of_a_set);
	tcase_add_test(tc, hello_without_name);
	tcase_add_test(tc, eof_without_goodbye);
	tcase_add_test(tc, long_line);
	tcase_add_test(tc, no_decide_callback);
	tcase_add_loop_test(tc, malformed_input, 0,
			    (int)(sizeof malformed / sizeof malformed[0]));
	tcase_add_test(tc, safety_net);
	tcase_add_test(tc, turn_helpers);
	tcase_add_test(tc, info_goes_with_the_action);
	suite_add_tcase(s, tc);
	return s;
}
