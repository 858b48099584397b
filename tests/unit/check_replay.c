/*
 * Unit tests for the replay document (replay_build.c and its describers):
 * real signed logs of tests/fuzz/corpus/log/ turned into the document the
 * text replay, the HTML replay and the report all read, member by member:
 * the header, each step's words, draws, rolls, events and changed cells,
 * a forfeit, what never changes ("fixed"), the signature's trust, the
 * turn message a seat was sent, and a tampered log, which gives no step;
 * and the index of the bots' stderr files read again past where it was
 * made, for the games written since.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "base/keys.h"
#include "base/logread.h"
#include "base/util.h"
#include "report/replay.h"
#include "report/replay_members.h"
#include "report/replay_words.h"
#include "run_suite.h"

/* The key that signed bolo-2p.jsonl and rolit-4.jsonl. */
#define CORPUS_KEY "a494540246ef331c5353811e2241eeb449e01bd2775e2342dfe24b85b507ea45"

static struct game_log log_;
static struct replay replay;

/* Replays the corpus log NAME (or the file PATH when name has a '/'). */
static void build(const char *name, const struct replay_options *options)
{
	const char *top = getenv("top_srcdir");
	char err[ERR_LEN], *path = strchr(name, '/') ? xstrdup(name) :
		xasprintf("%s/tests/fuzz/corpus/log/%s", top ? top : ".", name);

	ck_assert_msg(logread_load(path, &log_, err) == 0, "%s", err);
	ck_assert_msg(replay_build(&log_, options, &replay, err) == 0, "%s", err);
	free(path);
}

static void done(void)
{
	replay_free(&replay);
	logread_free(&log_);
}

static const cJSON *member(const cJSON *object, const char *name)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(object, name);

	ck_assert_msg(m != NULL, "no member \"%s\"", name);
	return m;
}

static const cJSON *step(int i)
{
	return cJSON_GetArrayItem(member(replay.doc, "steps"), i);
}

/* The member printed unformatted, for exact comparison. */
static void expect_json(const cJSON *value, const char *want)
{
	char *got = cJSON_PrintUnformatted(value);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(bolo_header_and_result)
{
	const struct replay_options options = {0};

	build("bolo-2p.jsonl", &options);
	ck_assert(replay.verified);
	ck_assert_int_eq(replay.moves, 8);
	ck_assert_ptr_null(replay.message);
	ck_assert_str_eq(member(replay.doc, "game")->valuestring, "bolo");
	ck_assert_str_eq(member(replay.doc, "title")->valuestring, "Bolo (7 dice)");
	ck_assert_str_eq(member(replay.doc, "rules")->valuestring, "bolo/2");
	expect_json(member(replay.doc, "players"), "[\"random-bot\",\"threshold-bot\"]");
	expect_json(member(replay.doc, "options"), "{\"target\":1000,\"first\":\"random\"}");
	expect_json(member(replay.doc, "time"), "{\"move_ms\":1000,\"game_ms\":0}");
	expect_json(member(replay.doc, "result"), "{\"ranks\":[2,1],\"scores\":[0,1000]}");
	expect_json(member(replay.doc, "fixed"), "{\"players\":2}");
	expect_json(member(replay.doc, "verify"),
		    "{\"ok\":true,\"key\":\"" CORPUS_KEY "\",\"trusted\":false,"
		    "\"trust\":\"" KEYS_UNTRUSTED "\"}");
	ck_assert_int_eq(cJSON_GetArraySize(member(replay.doc, "steps")), 9);
	done();
}
END_TEST

/* docs/games/bolo.md, "Chance and draw order": the start of play draws the
 * first seat and rolls its seven dice; a roll with nothing to set aside is a
 * bolo, told as an event. */
START_TEST(bolo_steps_in_words)
{
	const struct replay_options options = {0};

	build("bolo-2p.jsonl", &options);
	ck_assert_int_eq(member(step(0), "move")->valueint, 0);
	ck_assert_int_eq(member(step(0), "seat")->valueint, -1);
	ck_assert_str_eq(member(step(0), "text")->valuestring, "play begins: seat 1 starts");
	expect_json(member(step(0), "draws"), "[\"drawn from 0 to 1: 1\"]");
	expect_json(member(step(0), "rolls"), "[[5,5,6,4,1,1,4]]");
	expect_json(member(member(step(0), "view"), "roll"), "[1,1,4,4,5,5,6]");
	ck_assert_str_eq(member(step(1), "text")->valuestring, "sets aside 1 1 5 5 for 300");
	expect_json(member(step(1), "action"), "{\"keep\":[1,1,5,5]}");
	ck_assert_int_eq(member(step(1), "us")->valueint, 43);
	ck_assert_int_eq(member(member(step(1), "view"), "turn_total")->valueint, 300);
	ck_assert_str_eq(member(step(2), "text")->valuestring, "rolls 3 dice");
	expect_json(member(step(2), "draws"), "[\"rolled: 6 4 3\"]");
	expect_json(member(step(2), "rolls"), "[[6,4,3],[2,2,4,3,1,3,6]]");
	expect_json(member(step(2), "events"),
		    "[\"bolo: seat 1 loses the turn and its 300 points\"]");
	ck_assert_int_eq(member(member(step(2), "view"), "to_move")->valueint, 0);
	ck_assert_str_eq(member(step(8), "text")->valuestring, "banks 1000");
	ck_assert_ptr_null(step(9));
	done();
}
END_TEST

/* A board game's step says which cells changed and which balls turned;
 * what never changes (the size, the colours) is kept once in "fixed". */
START_TEST(rolit_changed_cells)
{
	const struct replay_options options = {0};

	build("rolit-4.jsonl", &options);
	ck_assert_int_eq(replay.moves, 12);
	expect_json(member(replay.doc, "fixed"), "{\"size\":4,\"colours\":[\"red\",\"green\"]}");
	expect_json(member(step(1), "changed"), "[\"A1\",\"B2\"]");
	expect_json(member(step(1), "events"), "[\"1 ball turned: B2\"]");
	expect_json(member(step(2), "changed"), "[\"A4\"]");
	expect_json(member(step(2), "events"), "[\"no ball turned\"]");
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(member(step(1), "view"), "size"));
	expect_json(member(replay.doc, "result"), "{\"ranks\":[1,2],\"scores\":[11,5]}");
	done();
}
END_TEST

START_TEST(rolit_forfeit_step)
{
	const struct replay_options options = {0};
	const cJSON *last;

	build("rolit-illegal.jsonl", &options);
	ck_assert(replay.verified);
	ck_assert_int_eq(cJSON_GetArraySize(member(replay.doc, "steps")), 3);
	last = step(2);
	ck_assert_str_eq(member(last, "text")->valuestring,
			 "seat 1 (fz) forfeits: illegal-action: B2 is occupied "
			 "(the action: \"B2\")");
	ck_assert_str_eq(member(member(last, "forfeit"), "reason")->valuestring,
			 "illegal-action");
	ck_assert_int_eq(member(last, "seat")->valueint, 1);
	done();
}
END_TEST

/* docs/games/black-pot.md rule 5.2: the page colours Black-Pot's cells by
 * kind, from the rules library's own table (index 0 unused). */
START_TEST(black_pot_fixed_kinds)
{
	const struct replay_options options = {0};
	const cJSON *kinds;

	build("bp-2p.jsonl", &options);
	kinds = member(member(replay.doc, "fixed"), "kinds");
	ck_assert_int_eq(cJSON_GetArraySize(kinds), 26);
	ck_assert_str_eq(cJSON_GetArrayItem(kinds, 0)->valuestring, "");
	ck_assert_str_eq(cJSON_GetArrayItem(kinds, 1)->valuestring, "citron");
	ck_assert_str_eq(cJSON_GetArrayItem(kinds, 7)->valuestring, "cerise");
	ck_assert_str_eq(cJSON_GetArrayItem(kinds, 13)->valuestring, "black-pot");
	ck_assert_str_eq(cJSON_GetArrayItem(kinds, 25)->valuestring, "cerise");
	ck_assert_int_eq(replay.moves, 68);
	done();
}
END_TEST

/* With the key that signed it the log is "trusted"; with another key it
 * does not verify. */
START_TEST(trusted_key)
{
	unsigned char key[crypto_sign_PUBLICKEYBYTES], other[crypto_sign_PUBLICKEYBYTES];
	struct replay_options options = {.trusted_key = key};

	ck_assert_int_eq(sodium_hex2bin(key, sizeof key, CORPUS_KEY, strlen(CORPUS_KEY),
					NULL, NULL, NULL), 0);
	build("bolo-2p.jsonl", &options);
	ck_assert(replay.verified);
	ck_assert(cJSON_IsTrue(member(member(replay.doc, "verify"), "trusted")));
	ck_assert_str_eq(member(member(replay.doc, "verify"), "trust")->valuestring,
			 KEYS_TRUSTED);
	done();
	memcpy(other, key, sizeof other);
	other[0] ^= 1;
	options.trusted_key = other;
	build("bolo-2p.jsonl", &options);
	ck_assert(!replay.verified);
	ck_assert(cJSON_IsFalse(member(member(replay.doc, "verify"), "ok")));
	done();
}
END_TEST

/* The exact turn message seat 1 was sent to decide move 2. */
START_TEST(turn_message)
{
	const struct replay_options options = {.message_move = 2};
	const cJSON *state;

	build("bolo-2p.jsonl", &options);
	ck_assert_ptr_nonnull(replay.message);
	ck_assert_str_eq(member(replay.message, "type")->valuestring, "turn");
	ck_assert_int_eq(member(replay.message, "seat")->valueint, 1);
	state = member(replay.message, "state");
	ck_assert_int_eq(member(state, "you")->valueint, 1);
	ck_assert_int_eq(member(state, "turn_total")->valueint, 300);
	expect_json(member(state, "set_aside"), "[1,1,5,5]");
	done();
}
END_TEST

/* One action changed (the same dice in another order): the chain breaks
 * at the next line, which is named, and no step is shown. */
START_TEST(tampered_log)
{
	const char *top = getenv("top_srcdir");
	char *source = xasprintf("%s/tests/fuzz/corpus/log/bolo-2p.jsonl", top ? top : ".");
	char path[] = "/tmp/check_replay_XXXXXX", line[4096];
	FILE *in = fopen(source, "r"), *out;
	int fd = mkstemp(path);
	const struct replay_options options = {0};
	char *at;

	ck_assert_ptr_nonnull(in);
	ck_assert_int_ge(fd, 0);
	out = fdopen(fd, "w");
	while (fgets(line, sizeof line, in)) {
		if ((at = strstr(line, "\"keep\":[1,1,5,5]")))
			memcpy(at, "\"keep\":[1,5,5,1]", 16);
		fputs(line, out);
	}
	fclose(in);
	fclose(out);
	build(path, &options);
	ck_assert(!replay.verified);
	expect_json(member(replay.doc, "verify"),
		    "{\"ok\":false,\"error\":\"line 11: \\\"prev\\\" is not the hash of "
		    "line 10: a line was changed, removed or reordered\"}");
	ck_assert_int_eq(cJSON_GetArraySize(member(replay.doc, "steps")), 0);
	expect_json(member(replay.doc, "players"), "[\"random-bot\",\"threshold-bot\"]");
	done();
	unlink(path);
	free(source);
}
END_TEST

/* Faces in words as "%d" and snprintf would write them: a space between
 * (and before the first after a lead), any whole number, cut to fit. */
START_TEST(faces_in_words)
{
	cJSON *faces = cJSON_Parse("[3,5,1,-12,100]");
	char text[32] = "rolled:", small[8];

	ck_assert_uint_eq(replay_faces(text, sizeof text, strlen(text), faces), 21);
	ck_assert_str_eq(text, "rolled: 3 5 1 -12 100");
	ck_assert_uint_eq(replay_faces(text, sizeof text, 0, faces), 13);
	ck_assert_str_eq(text, "3 5 1 -12 100");
	ck_assert_uint_eq(replay_faces(small, sizeof small, 0, faces), 7);
	ck_assert_str_eq(small, "3 5 1 -");
	ck_assert_uint_eq(replay_faces(small, sizeof small, 0, NULL), 0);
	ck_assert_str_eq(small, "");
	cJSON_Delete(faces);
}
END_TEST

/* Appends `text` to file `name` of folder `dir`. */
static void append(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "a");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	free(path);
}

#define MARK(n, id) "=== arena: game " #n " (game_id " id "), seat 0, turn 1 ===\n"
#define GAME_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define GAME_B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define GAME_C "cccccccccccccccccccccccccccccccc"
#define GAME_D "dddddddddddddddddddddddddddddddd"
#define GAME_E "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

/* A game whose section the file's end cut when the index was made (it
 * was under way), or that came after, is not settled; an index made
 * newer from it reads on from there, a line then half written whole. */
START_TEST(words_read_on)
{
	char dir[] = "/tmp/check-replay-words-XXXXXX";
	struct words_index *x = words_index_new(), *y, *z;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	append(dir, "a-v1.stderr", MARK(1, GAME_A) "a1\n" MARK(2, GAME_B) "b1\n=== arena: ga");
	words_index_add_folder(x, dir);
	ck_assert(words_index_settled(x, GAME_A, 1));
	ck_assert(!words_index_settled(x, GAME_B, 1));
	ck_assert(!words_index_settled(x, GAME_C, 1));
	append(dir, "a-v1.stderr", "me 3 (game_id " GAME_C "), seat 0, turn 1 ===\nc1\n");
	append(dir, "b-v1.stderr", MARK(4, GAME_D) "d1\n" MARK(5, GAME_E) "\n");
	y = words_index_newer(x, dir, GAME_B);
	ck_assert(words_index_settled(y, GAME_B, 1));
	z = words_index_newer(x, dir, GAME_D);
	/* C's mark, half written when x read it, ends B's section and D's
	 * (a file x had not read) is ended by the next mark. */
	ck_assert(words_index_settled(z, GAME_D, 1));
	ck_assert(!words_index_settled(z, GAME_C, 1));
	words_index_free(z);
	z = words_index_newer(x, dir, GAME_A);
	ck_assert(words_index_settled(z, GAME_A, 1));
	words_index_free(z);
	words_index_free(y);
	words_index_free(x);
	{
		char *cmd = xasprintf("rm -rf '%s'", dir);

		ck_assert_int_eq(system(cmd), 0);
		free(cmd);
	}
}
END_TEST

#define R "\x1e"
#define MARKED(id, seat) R "=== arena: game 1 (game_id " id "), seat " #seat ", rolit ===\n"

/* A replay document of game `id` with one step: seat `seat`'s move 1. */
static cJSON *one_move(const char *id, int seat)
{
	cJSON *doc = cJSON_CreateObject(), *players, *step;

	cJSON_AddStringToObject(doc, "game_id", id);
	players = cJSON_AddArrayToObject(doc, "players");
	cJSON_AddItemToArray(players, cJSON_CreateString("a"));
	cJSON_AddItemToArray(players, cJSON_CreateString("b"));
	step = cJSON_CreateObject();
	cJSON_AddNumberToObject(step, "move", 1);
	cJSON_AddNumberToObject(step, "seat", seat);
	cJSON_AddStringToObject(step, "action", "x");
	cJSON_AddItemToArray(cJSON_AddArrayToObject(doc, "steps"), step);
	return doc;
}

/* The stderr lines that folder `dir`'s files give seat `seat`'s move 1
 * of game `id`, joined by '|' ("-" for none), a new string. */
static char *move_lines(const char *dir, const char *id, int seat)
{
	struct words_index *x = words_index_new();
	cJSON *doc = one_move(id, seat), *line;
	const cJSON *lines;
	size_t len = 0;
	char *out = NULL;
	FILE *f = open_memstream(&out, &len);

	words_index_add_folder(x, dir);
	replay_words_add(doc, x);
	lines = json_member(cJSON_GetArrayItem(json_member(doc, "steps"), 0), "stderr");
	if (!lines)
		fputs("-", f);
	cJSON_ArrayForEach(line, lines)
		fprintf(f, "%s%s", line == lines->child ? "" : "|", cJSON_GetStringValue(line));
	fclose(f);
	cJSON_Delete(doc);
	words_index_free(x);
	return out;
}

/* Checks move_lines(). */
static void lines_are(const char *dir, const char *id, int seat, const char *want)
{
	char *got = move_lines(dir, id, seat);

	ck_assert_str_eq(got, want);
	free(got);
}

static void remove_dir(const char *dir)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}

/* In a file whose lines of the referee's start with byte 0x1e, a mark
 * without it is the bot's words and claims nothing; a file of an older
 * referee has its unmarked marks read up to its first marked line. */
START_TEST(words_marks_are_the_referees)
{
	char dir[] = "/tmp/check-replay-marks-XXXXXX";

	ck_assert_ptr_nonnull(mkdtemp(dir));
	append(dir, "victim.stderr", MARKED(GAME_A, 1) R "=== arena: move 1 ===\nmine\n");
	append(dir, "forger.stderr", MARKED(GAME_A, 0) R "=== arena: move 1 ===\n"
	       "=== arena: game 1 (game_id " GAME_A "), seat 1, rolit ===\n"
	       "=== arena: move 1 ===\nforged\n");
	lines_are(dir, GAME_A, 1, "mine");
	lines_are(dir, GAME_A, 0, "=== arena: game 1 (game_id " GAME_A "), seat 1, rolit ===|"
		  "=== arena: move 1 ===|forged");
	/* An older file: its first marks read, those after its first
	 * marked line not. */
	append(dir, "old.stderr", "=== arena: game 1 (game_id " GAME_B "), seat 0, rolit ===\n"
	       "=== arena: move 1 ===\nold\n" R "=== arena: move 2 ===\n"
	       "=== arena: game 1 (game_id " GAME_B "), seat 1, rolit ===\n"
	       "=== arena: move 1 ===\nforged\n");
	lines_are(dir, GAME_B, 0, "old");
	lines_are(dir, GAME_B, 1, "-");
	remove_dir(dir);
}
END_TEST

/* A seat's lines of a game: its first and last REPLAY_HEAD_LINES and
 * REPLAY_TAIL_LINES, the count of those between; each cut at
 * STDERR_LINE_BYTES, on a character's first byte. */
START_TEST(words_capped)
{
	char dir[] = "/tmp/check-replay-cap-XXXXXX", *got, *want, *path;
	size_t len = 0;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	path = xasprintf("%s/a.stderr", dir);
	append(dir, "a.stderr", MARKED(GAME_A, 0) R "=== arena: move 1 ===\n");
	f = fopen(path, "a");
	ck_assert_ptr_nonnull(f);
	for (int i = 1; i <= 1000; i++)
		fprintf(f, "%d\n", i);
	fclose(f);
	got = move_lines(dir, GAME_A, 0);
	f = open_memstream(&want, &len);
	for (int i = 1; i <= REPLAY_HEAD_LINES; i++)
		fprintf(f, "%d|", i);
	fprintf(f, "[%d lines left out]", 1000 - REPLAY_HEAD_LINES - REPLAY_TAIL_LINES);
	for (int i = 1000 - REPLAY_TAIL_LINES + 1; i <= 1000; i++)
		fprintf(f, "|%d", i);
	fclose(f);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(MARKED(GAME_A, 0) R "=== arena: move 1 ===\n", f);
	for (int i = 0; i < 499; i++)
		fputc('x', f);
	fputs("\u00e9\u00e9\n", f);
	fclose(f);
	got = move_lines(dir, GAME_A, 0);
	/* 503 bytes: 499 kept, the first byte of an e-acute not. */
	ck_assert_str_eq(got + 499, " [4 bytes left out]");
	ck_assert_int_eq(strspn(got, "x"), 499);
	free(got);
	free(path);
	remove_dir(dir);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("replay");
	TCase *c = tcase_create("documents");

	tcase_add_test(c, bolo_header_and_result);
	tcase_add_test(c, bolo_steps_in_words);
	tcase_add_test(c, rolit_changed_cells);
	tcase_add_test(c, rolit_forfeit_step);
	tcase_add_test(c, black_pot_fixed_kinds);
	tcase_add_test(c, trusted_key);
	tcase_add_test(c, turn_message);
	tcase_add_test(c, tampered_log);
	tcase_add_test(c, faces_in_words);
	tcase_add_test(c, words_read_on);
	tcase_add_test(c, words_marks_are_the_referees);
	tcase_add_test(c, words_capped);
	suite_add_tcase(s, c);
	return s;
}
